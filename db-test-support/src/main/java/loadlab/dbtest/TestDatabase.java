package loadlab.dbtest;

import loadlab.dbserver.DbServer;
import loadlab.dbserver.DbServerConfig;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * The lab's PostgreSQL for tests: one db-server per test JVM, started on first use on a free port and stopped (its
 * directory removed) when the JVM exits. Every test class of the JVM shares it, so a test that changes the delay
 * range or stops the database puts it back.
 *
 * <pre>{@code
 * @DynamicPropertySource
 * static void database(DynamicPropertyRegistry registry) {
 *     TestDatabase.registerProperties(registry);
 * }
 * }</pre>
 *
 * <p>{@code slow_query()} starts with no delay ({@value #DEFAULT_MIN_DELAY_MS}..{@value #DEFAULT_MAX_DELAY_MS} ms),
 * so a test pays for a delay only when it asks for one with {@link #setDelayRange}.
 */
public final class TestDatabase {

    public static final int DEFAULT_MIN_DELAY_MS = 0;
    public static final int DEFAULT_MAX_DELAY_MS = 0;

    private static DbServer server;

    private TestDatabase() {}

    /** The shared server, started if it is not yet, and running (started again if a test left it stopped). */
    public static synchronized DbServer server() {
        if (server == null) {
            server = DbServer.start(new DbServerConfig(
                    0,
                    DbServerConfig.DEFAULT_BIND,
                    DEFAULT_MIN_DELAY_MS,
                    DEFAULT_MAX_DELAY_MS,
                    DbServerConfig.DEFAULT_MAX_CONNECTIONS));
        } else if (server.postmasterPid().isEmpty()) {
            server.startDatabase();
        }
        return server;
    }

    /**
     * Points Spring Boot's JDBC and R2DBC auto-configuration at the shared database: {@code spring.datasource.url},
     * {@code .username}, {@code .password} and the same three under {@code spring.r2dbc}. An app uses whichever its
     * starter reads.
     */
    public static void registerProperties(DynamicPropertyRegistry registry) {
        DbServer db = server();
        registry.add("spring.datasource.url", db::jdbcUrl);
        registry.add("spring.datasource.username", db::username);
        registry.add("spring.datasource.password", db::password);
        registry.add("spring.r2dbc.url", db::r2dbcUrl);
        registry.add("spring.r2dbc.username", db::username);
        registry.add("spring.r2dbc.password", db::password);
    }

    public static String jdbcUrl() {
        return server().jdbcUrl();
    }

    public static String r2dbcUrl() {
        return server().r2dbcUrl();
    }

    public static String username() {
        return server().username();
    }

    public static String password() {
        return server().password();
    }

    /**
     * Stops the database (fast shutdown: the apps' open connections break at once; new ones are refused) until
     * {@link #start()}. Same port and data afterwards, so the apps' URLs stay valid.
     */
    public static synchronized void stop() {
        server().stopDatabase();
    }

    /** Starts the database again after {@link #stop()}; returns once it accepts connections. */
    public static synchronized void start() {
        server();
    }

    /** The range later {@code slow_query()} calls draw from, for every session at once. */
    public static void setDelayRange(int minDelayMs, int maxDelayMs) {
        server().setDelayRange(minDelayMs, maxDelayMs);
    }

    /** Back to {@value #DEFAULT_MIN_DELAY_MS}..{@value #DEFAULT_MAX_DELAY_MS} ms. */
    public static void resetDelayRange() {
        setDelayRange(DEFAULT_MIN_DELAY_MS, DEFAULT_MAX_DELAY_MS);
    }

    /** The queries the apps' user is running now ({@code pg_stat_activity}, active): connections in use. */
    public static int activeQueries() {
        DbServer db = server();
        return db.activeQueriesOf(db.username());
    }

    /** The sessions the apps' user has open now ({@code pg_stat_activity}): what a pool really holds. */
    public static int connections() {
        DbServer db = server();
        return db.connectionsOf(db.username());
    }
}
