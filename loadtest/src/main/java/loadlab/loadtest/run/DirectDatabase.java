package loadlab.loadtest.run;

import static us.abstracta.jmeter.javadsl.JmeterDsl.jsr223Sampler;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Optional;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.plan.DbUrl;
import loadlab.loadtest.plan.Plan;
import org.apache.jmeter.samplers.SampleResult;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * The direct row of a database scenario: the load generator's own threads run the apps' query straight against
 * PostgreSQL through JDBC, with a pool of the same library (HikariCP), size and acquire timeout as the MVC apps', so
 * that each app is compared with the database behind the same pool and nothing else. Each sample speaks the apps'
 * answers: {@code 200 {"delayMs":N}}, {@code 503 {"error":"pool timeout: ..."}} and {@code 502 {"error":"database
 * unavailable: ..."}}, so one classifier serves every row; its connect time is the pool's wait.
 */
final class DirectDatabase implements AutoCloseable {

    /** The apps' query and the column it returns (loadlab.workload.Database). */
    static final String QUERY = "SELECT delay_ms FROM slow_query()";

    private final HikariDataSource pool;
    private final Duration acquireTimeout;

    DirectDatabase(DbUrl database, int size, Duration acquireTimeout, Duration clientTimeout) {
        this.acquireTimeout = acquireTimeout;
        pool = new HikariDataSource();
        pool.setPoolName("direct");
        pool.setJdbcUrl(database.jdbc());
        pool.setUsername(DbUrl.USER);
        pool.setPassword(DbUrl.PASSWORD);
        pool.setMaximumPoolSize(size);
        pool.setMinimumIdle(size);
        pool.setConnectionTimeout(acquireTimeout.toMillis());
        // The load's own response timeout, as the HTTP sampler has: a query that hangs fails as a timeout.
        pool.addDataSourceProperty("socketTimeout", Long.toString(clientTimeout.toSeconds()));
    }

    /** The JMeter sampler: one query per call, through the pool. */
    ThreadGroupChild sampler() {
        return jsr223Sampler("GET /db direct", vars -> query(vars.sampleResult));
    }

    /** One query outside any load, the direct row's contract check: the delay the database slept. */
    long checkOnce() throws SQLException {
        try (Connection connection = pool.getConnection()) {
            return delayMs(connection);
        }
    }

    /** The pool's two gauges, as the apps' Actuator gives theirs. */
    Optional<PoolWait.Reading> read() {
        var bean = pool.getHikariPoolMXBean();
        return bean == null
                ? Optional.empty()
                : Optional.of(new PoolWait.Reading(
                        System.currentTimeMillis(), bean.getThreadsAwaitingConnection(), bean.getActiveConnections()));
    }

    /**
     * An existing database ({@code DB_URL}) must be one the plan can measure: reachable as the lab's user, with a pool
     * of the plan's size within its max_connections, and a {@code slow_query()} that draws the plan's delays (the lab
     * cannot change another server's range; start it with db-server's options instead). Checked before any app starts.
     */
    static void checkExisting(DbUrl database, Plan plan) throws LabProcess.StartFailure {
        String where = "the database at " + database.jdbc();
        try (Connection connection = DriverManager.getConnection(database.jdbc(), DbUrl.USER, DbUrl.PASSWORD);
                Statement sql = connection.createStatement()) {
            int maxConnections;
            try (ResultSet rows = sql.executeQuery("SHOW max_connections")) {
                rows.next();
                maxConnections = Integer.parseInt(rows.getString(1));
            }
            if (plan.dbPool().getAsInt() > maxConnections) {
                throw new LabProcess.StartFailure(where + " allows max_connections=" + maxConnections
                        + ", fewer than dbPool=" + plan.dbPool().getAsInt());
            }
            try (ResultSet rows = sql.executeQuery("SELECT min_delay_ms, max_delay_ms FROM slow_query_settings")) {
                rows.next();
                int min = rows.getInt(1);
                int max = rows.getInt(2);
                if (min != plan.backend().minDelayMs() || max != plan.backend().maxDelayMs()) {
                    throw new LabProcess.StartFailure(where + " draws delays of " + min + ".." + max + " ms, and the"
                            + " scenario wants " + plan.backend().minDelayMs() + ".."
                            + plan.backend().maxDelayMs()
                            + " ms: start it with db-server's --min-delay-ms and --max-delay-ms");
                }
            }
        } catch (SQLException e) {
            throw new LabProcess.StartFailure(where + " cannot be used: " + e.getMessage());
        }
    }

    private void query(SampleResult result) {
        try (Connection connection = pool.getConnection()) {
            result.connectEnd();
            answer(result, "200", "{\"delayMs\":" + delayMs(connection) + "}", true);
        } catch (SQLTransientConnectionException timeout) {
            // As in the MVC apps: Hikari's timeout is the database's failure when it has a cause, a starved pool if
            // not.
            if (timeout.getCause() == null) {
                answer(
                        result,
                        "503",
                        error("pool timeout: no connection free within " + acquireTimeout.toMillis() + " ms"),
                        false);
            } else {
                answer(
                        result,
                        "502",
                        error("database unavailable: " + timeout.getCause().getMessage()),
                        false);
            }
        } catch (SQLException failed) {
            answer(result, "502", error("database unavailable: " + failed.getMessage()), false);
        }
    }

    private static long delayMs(Connection connection) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(QUERY);
                ResultSet rows = query.executeQuery()) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static String error(String message) {
        String oneLine = message == null ? "" : message.lines().findFirst().orElse("");
        return "{\"error\":\"" + oneLine.replace("\\", "\\\\").replace("\"", "'") + "\"}";
    }

    private static void answer(SampleResult result, String code, String body, boolean success) {
        result.setResponseCode(code);
        result.setResponseData(body, "UTF-8");
        result.setSuccessful(success);
        result.setResponseMessage(success ? "OK" : body);
    }

    @Override
    public void close() {
        pool.close();
    }
}
