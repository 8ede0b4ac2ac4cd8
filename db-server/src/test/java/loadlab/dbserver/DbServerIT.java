package loadlab.dbserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** db-server in this JVM: as root here (PostgreSQL then runs as nobody), as the build's user elsewhere. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DbServerIT {

    private static final int MIN_DELAY_MS = 20;
    private static final int MAX_DELAY_MS = 60;
    private static final int MAX_CONNECTIONS = 37;

    private static DbServer db;

    @BeforeAll
    static void startDatabase() {
        db = DbServer.start(DbServerConfig.parse(
                "--port=0",
                "--min-delay-ms=" + MIN_DELAY_MS,
                "--max-delay-ms=" + MAX_DELAY_MS,
                "--max-connections=" + MAX_CONNECTIONS));
    }

    @AfterAll
    static void stopDatabase() {
        db.close();
    }

    @Test
    void slowQueryReturnsOneRowNamingADelayWithinTheRangeAndSleepsAtLeastThatLong() throws Exception {
        try (Connection connection = connectAsApp();
                Statement sql = connection.createStatement()) {
            for (int call = 0; call < 20; call++) {
                long started = System.nanoTime();
                try (ResultSet rows = sql.executeQuery("SELECT delay_ms FROM slow_query()")) {
                    long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
                    assertThat(rows.getMetaData().getColumnCount()).isEqualTo(1);
                    assertThat(rows.getMetaData().getColumnTypeName(1)).isEqualTo("int4");
                    assertThat(rows.next()).isTrue();
                    int delayMs = rows.getInt("delay_ms");
                    assertThat(delayMs).isBetween(MIN_DELAY_MS, MAX_DELAY_MS);
                    // A lower bound, never an upper one: the server slept, whatever the machine's load.
                    assertThat(elapsedMs).isGreaterThanOrEqualTo(delayMs);
                    assertThat(rows.next()).isFalse();
                }
            }
        }
    }

    @Test
    void aNewDelayRangeAppliesAtOnceToSessionsAlreadyOpen() throws Exception {
        try (Connection connection = connectAsApp()) {
            try {
                db.setDelayRange(7, 7);
                assertThat(slowQuery(connection)).isEqualTo(7);
                db.setDelayRange(0, 0);
                assertThat(slowQuery(connection)).isZero();
            } finally {
                db.setDelayRange(MIN_DELAY_MS, MAX_DELAY_MS);
            }
        }
        assertThatThrownBy(() -> db.setDelayRange(9, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--min-delay-ms=9 is greater than --max-delay-ms=3");
    }

    @Test
    void maxConnectionsIsWhatWasAskedAndNoneIsReservedForSuperusers() throws Exception {
        try (Connection connection = connectAsApp()) {
            assertThat(show(connection, "max_connections")).isEqualTo(Integer.toString(MAX_CONNECTIONS));
            assertThat(show(connection, "superuser_reserved_connections")).isEqualTo("0");
            assertThat(show(connection, "listen_addresses")).isEqualTo("127.0.0.1");
        }
    }

    @Test
    void concurrentConnectionsCountInPgStatActivityAndRunTheirQueriesAtOnce() throws Exception {
        // Sessions other tests closed leave pg_stat_activity a moment later.
        awaitTrue(() -> db.connectionsOf(DbServer.USER) == 0, "no session of " + DbServer.USER + " left open");
        int clients = 12;
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < clients; i++) {
                connections.add(connectAsApp());
            }
            assertThat(db.connectionsOf(DbServer.USER)).isEqualTo(clients);

            // Held in the database: every session is inside slow_query() at the same moment.
            db.setDelayRange(3000, 3000);
            try (ExecutorService callers = Executors.newFixedThreadPool(clients)) {
                List<Future<Integer>> calls = new ArrayList<>();
                for (Connection connection : connections) {
                    calls.add(callers.submit(() -> slowQuery(connection)));
                }
                awaitTrue(() -> activeSlowQueries() == clients, "all " + clients + " calls in flight at once");
                for (Future<Integer> call : calls) {
                    assertThat(call.get()).isEqualTo(3000);
                }
            } finally {
                db.setDelayRange(MIN_DELAY_MS, MAX_DELAY_MS);
            }
        } finally {
            for (Connection connection : connections) {
                connection.close();
            }
        }
        awaitTrue(() -> db.connectionsOf(DbServer.USER) == 0, "closed sessions leave pg_stat_activity");
    }

    @Test
    void maxConnectionsIsTheLimitTheAppsUserMeets() throws Exception {
        try (DbServer small = DbServer.start(DbServerConfig.parse("--port=0", "--max-connections=3"))) {
            List<Connection> connections = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    connections.add(connectWhenASlotFrees(small));
                }
                assertThatExceptionOfType(SQLException.class)
                        .isThrownBy(() -> DriverManager.getConnection(small.jdbcUrl(), DbServer.USER, DbServer.PASSWORD)
                                .close())
                        .satisfies(tooMany -> assertThat(tooMany.getSQLState()).isEqualTo("53300"));
            } finally {
                for (Connection connection : connections) {
                    connection.close();
                }
            }
        }
    }

    @Test
    void postgresRunsAsNobodyWhenTheJvmIsRootAndAsTheJvmsUserOtherwise() {
        long postmaster = db.postmasterPid().orElseThrow();
        String jvmUser = ProcessHandle.current().info().user().orElseThrow();
        String expected = jvmUser.equals("root") ? "nobody" : jvmUser;

        assertThat(db.serverUser()).isEqualTo(expected);
        assertThat(ProcessHandle.of(postmaster).orElseThrow().info().user()).hasValue(expected);
        assertThat(TaggedProcesses.commandLine(postmaster)).contains("/bin/postgres -D " + db.directory());
        assertThat(db.directory().getFileName().toString()).startsWith("loadlab-db-");
    }

    @Test
    void theUrlNamesTheLoopbackAddressAndTheAppsNeedTheirPassword() {
        assertThat(db.jdbcUrl()).isEqualTo("jdbc:postgresql://127.0.0.1:" + db.port() + "/loadlab");
        assertThat(db.r2dbcUrl()).isEqualTo("r2dbc:postgresql://127.0.0.1:" + db.port() + "/loadlab");
        assertThat(db.acceptsConnections()).isTrue();
        assertThatExceptionOfType(SQLException.class)
                .isThrownBy(() -> DriverManager.getConnection(db.jdbcUrl(), DbServer.USER, "wrong")
                        .close())
                .satisfies(refused -> assertThat(refused.getSQLState()).isEqualTo("28P01"));
    }

    @Test
    void aStoppedDatabaseRefusesConnectionsAndComesBackOnTheSameUrlWithItsData() throws Exception {
        Connection open = connectAsApp();
        try {
            db.stopDatabase();
            assertThat(db.postmasterPid()).isEmpty();
            assertThat(db.acceptsConnections()).isFalse();
            // The session open during a fast shutdown is ended, not left hanging.
            assertThatExceptionOfType(SQLException.class).isThrownBy(() -> slowQuery(open));
            assertThatExceptionOfType(SQLException.class)
                    .isThrownBy(() -> connectAsApp().close())
                    .satisfies(refused -> assertThat(refused.getSQLState()).isEqualTo("08001"));
        } finally {
            open.close();
            db.startDatabase();
        }
        assertThat(db.acceptsConnections()).isTrue();
        try (Connection again = connectAsApp()) {
            assertThat(slowQuery(again)).isBetween(MIN_DELAY_MS, MAX_DELAY_MS);
        }
    }

    @Test
    void closeLeavesNoProcessAndNoDirectoryBehind() throws Exception {
        DbServer other = DbServer.start(DbServerConfig.parse("--port=0", "--max-delay-ms=0"));
        ProcessHandle postmaster =
                ProcessHandle.of(other.postmasterPid().orElseThrow()).orElseThrow();
        List<ProcessHandle> family = new ArrayList<>(postmaster.descendants().toList());
        family.add(postmaster);
        try (Connection connection = DriverManager.getConnection(other.jdbcUrl(), DbServer.USER, DbServer.PASSWORD)) {
            family.addAll(postmaster.descendants().toList());
            assertThat(family).hasSizeGreaterThan(2);

            other.close();
        }

        assertThat(family).noneMatch(ProcessHandle::isAlive);
        assertThat(Files.exists(other.directory())).isFalse();
        assertThat(other.postmasterPid()).isEmpty();
        assertThatThrownBy(other::startDatabase).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aPortInUseIsOneLineBeforeAnythingStarts() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            List<String> notices = new ArrayList<>();

            assertThatThrownBy(() -> DbServer.start(DbServerConfig.parse("--port=" + port), notices::add))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("127.0.0.1:" + port + " is not free (")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    // db-server's own set-up sessions take a few milliseconds to leave after it returns.
    private static Connection connectWhenASlotFrees(DbServer server) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                return DriverManager.getConnection(server.jdbcUrl(), DbServer.USER, DbServer.PASSWORD);
            } catch (SQLException full) {
                if (!"53300".equals(full.getSQLState()) || System.nanoTime() > deadline) {
                    throw full;
                }
                Thread.sleep(20);
            }
        }
    }

    private static Connection connectAsApp() throws SQLException {
        return DriverManager.getConnection(db.jdbcUrl(), DbServer.USER, DbServer.PASSWORD);
    }

    static int slowQuery(Connection connection) throws SQLException {
        try (Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("SELECT delay_ms FROM slow_query()")) {
            rows.next();
            return rows.getInt(1);
        }
    }

    private static String show(Connection connection, String setting) throws SQLException {
        try (Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("SHOW " + setting)) {
            rows.next();
            return rows.getString(1);
        }
    }

    private static int activeSlowQueries() {
        try (Connection connection = connectAsApp();
                Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("SELECT count(*) FROM pg_stat_activity WHERE state = 'active'"
                        + " AND query = 'SELECT delay_ms FROM slow_query()'")) {
            rows.next();
            return rows.getInt(1);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("never happened: " + what);
            }
            Thread.sleep(50);
        }
    }
}
