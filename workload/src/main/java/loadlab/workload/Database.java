package loadlab.workload;

import java.time.Duration;

/**
 * {@code GET /db}: one query to the lab's PostgreSQL, whose server-side time is drawn like slow-server's delay, answered
 * as {@code {"delayMs":N}} with the delay the database slept, the same shape as the backend's own answer, so the load
 * runner's added latency (response time minus {@code delayMs}) is what the pool's wait and the app added. Each app runs
 * the query in its own model's idiom (JDBC through HikariCP, or R2DBC through r2dbc-pool); the query, the answer and
 * the error messages are the same everywhere.
 */
public final class Database {

    /** db-server's slow query: sleeps in PostgreSQL for a delay drawn from its range and returns it, one row. */
    public static final String QUERY = "SELECT delay_ms FROM slow_query()";

    /** The query's one column. */
    public static final String COLUMN = "delay_ms";

    /** How an answer for a pool that had no free connection in time begins; the load runner counts these apart. */
    public static final String POOL_TIMEOUT = "pool timeout";

    /** How an answer for a database that failed (down, refused, a broken query) begins. */
    public static final String UNAVAILABLE = "database unavailable";

    private Database() {}

    /** The answer to a query that slept {@code delayMs}. */
    public static String answer(long delayMs) {
        return "{\"delayMs\":" + delayMs + "}";
    }

    /** The error of a request that waited the whole acquire timeout for a connection, e.g. for a 503. */
    public static String poolTimeout(Duration acquireTimeout) {
        return POOL_TIMEOUT + ": no connection free within " + acquireTimeout.toMillis() + " ms";
    }

    /** The error of a request whose database failed, e.g. for a 502. */
    public static String unavailable(String reason) {
        return UNAVAILABLE + ": " + (reason.length() <= 100 ? reason : reason.substring(0, 100) + "...");
    }
}
