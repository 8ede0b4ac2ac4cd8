package loadlab.dbserver;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/**
 * The lab's database backend: a real PostgreSQL on loopback with a database {@value #DATABASE} whose
 * {@code slow_query()} sleeps server-side for a delay drawn uniformly from the configured range and returns it:
 * {@code SELECT delay_ms FROM slow_query()} gives one row, one {@code integer} column.
 *
 * <pre>{@code
 * try (DbServer db = DbServer.start(DbServerConfig.parse("--port=0"))) {
 *     String url = db.jdbcUrl(); // jdbc:postgresql://127.0.0.1:PORT/loadlab, user and password loadlab
 * }
 * }</pre>
 *
 * <p>The binaries come from Maven ({@link PostgresBinaries}); the cluster lives in a fresh temporary directory
 * removed on close; as root the server runs as user {@code nobody} ({@link ServerUser}). The postmaster carries the
 * JVM's {@code -Dloadlab.run=<id>} as {@code -c loadlab.run=<id>} on its command line, so the lab's reaper finds it.
 */
public final class DbServer implements AutoCloseable {

    public static final String DATABASE = "loadlab";
    public static final String USER = "loadlab";
    public static final String PASSWORD = "loadlab";

    /** The system property the lab's runner tags every service JVM with. */
    static final String RUN_TAG = "loadlab.run";

    private static final String SUPERUSER = "postgres";
    private static final Duration READY_WITHIN = Duration.ofSeconds(60);
    private static final Duration STOP_WITHIN = Duration.ofSeconds(30);
    private static final int LOG_LINES_KEPT = 40;

    private final DbServerConfig config;
    private final int port;
    private final Path binaries;
    private final ServerUser user;
    private final RunDirectory runDirectory;
    private final String superuserPassword;
    private final Deque<String> recentLog = new ArrayDeque<>();
    private final Thread shutdownHook;

    private Postmaster postmaster;
    private String serverVersion = "?";
    private boolean closed;

    private DbServer(DbServerConfig config, int port, Path binaries, ServerUser user, RunDirectory runDirectory) {
        this.config = config;
        this.port = port;
        this.binaries = binaries;
        this.user = user;
        this.runDirectory = runDirectory;
        byte[] secret = new byte[16];
        new SecureRandom().nextBytes(secret);
        this.superuserPassword = HexFormat.of().formatHex(secret);
        this.shutdownHook = new Thread(this::close, "db-server-shutdown");
    }

    /** Initialises a cluster, starts PostgreSQL and creates the database; returns once it accepts connections. */
    public static DbServer start(DbServerConfig config) {
        return start(config, notice -> System.out.println("db-server: " + notice));
    }

    /** As {@link #start(DbServerConfig)}, telling {@code notices} what it does that a user should know. */
    public static DbServer start(DbServerConfig config, Consumer<String> notices) {
        Path binaries = PostgresBinaries.home(notices);
        ServerUser user = ServerUser.forThisJvm();
        if (user.switchedFromRoot()) {
            notices.accept("running PostgreSQL as user " + user.name() + " because initdb refuses root");
        }
        RunDirectory.removeAbandoned(notices);
        int port = config.port() == 0 ? freePort(config.bind()) : checkFree(config.bind(), config.port());
        RunDirectory runDirectory = RunDirectory.create(user);
        DbServer server = new DbServer(config, port, binaries, user, runDirectory);
        // Before anything runs, so that a SIGTERM during start-up also stops PostgreSQL and removes the directory.
        Runtime.getRuntime().addShutdownHook(server.shutdownHook);
        try {
            server.initdb();
            server.startPostmaster();
            server.createDatabase();
            return server;
        } catch (RuntimeException cannotStart) {
            server.closeQuietly(cannotStart);
            throw cannotStart;
        }
    }

    /** The URL the apps' JDBC pools use, e.g. {@code jdbc:postgresql://127.0.0.1:5432/loadlab}. */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + hostInUrl() + ":" + port + "/" + DATABASE;
    }

    /** The same database for R2DBC, e.g. {@code r2dbc:postgresql://127.0.0.1:5432/loadlab}. */
    public String r2dbcUrl() {
        return "r2dbc:postgresql://" + hostInUrl() + ":" + port + "/" + DATABASE;
    }

    public String username() {
        return USER;
    }

    public String password() {
        return PASSWORD;
    }

    /** The port PostgreSQL listens on: the one asked for, or the free one picked for {@code --port=0}. */
    public int port() {
        return port;
    }

    public DbServerConfig config() {
        return config;
    }

    /** The operating-system user PostgreSQL runs as. */
    public String serverUser() {
        return user.name();
    }

    /** {@code SHOW server_version}, e.g. {@code 17.8}. */
    public String serverVersion() {
        return serverVersion;
    }

    /** The temporary directory holding the cluster, removed on close. */
    public Path directory() {
        return runDirectory.path();
    }

    /** The postmaster's process id while it runs. */
    public synchronized OptionalLong postmasterPid() {
        return postmaster != null && postmaster.process.isAlive()
                ? OptionalLong.of(postmaster.process.pid())
                : OptionalLong.empty();
    }

    /** Whether a client can connect as {@value #USER} now: the health check. */
    public boolean acceptsConnections() {
        try (Connection ignored = connect(DATABASE, USER, PASSWORD, 2)) {
            return true;
        } catch (SQLException notNow) {
            return false;
        }
    }

    /**
     * Stops PostgreSQL (fast shutdown: open sessions end at once, their clients see an error) and keeps the data, so
     * that {@link #startDatabase()} brings the same database back on the same port. For tests of an app whose
     * database goes away.
     */
    public synchronized void stopDatabase() {
        if (postmaster == null) {
            return;
        }
        Postmaster stopping = postmaster;
        postmaster = null;
        stopping.stopFast();
    }

    /** Starts PostgreSQL again after {@link #stopDatabase()}; returns once it accepts connections. */
    public synchronized void startDatabase() {
        if (closed) {
            throw new IllegalStateException("db-server is closed");
        }
        if (postmaster == null) {
            startPostmaster();
        }
    }

    /** Changes the range later {@code slow_query()} calls draw from, in every session at once. */
    public void setDelayRange(int minDelayMs, int maxDelayMs) {
        DbServerConfig.checkDelayRange(minDelayMs, maxDelayMs);
        try (Connection admin = connect(DATABASE, SUPERUSER, superuserPassword, 10);
                PreparedStatement update =
                        admin.prepareStatement("UPDATE slow_query_settings SET min_delay_ms = ?, max_delay_ms = ?")) {
            update.setInt(1, minDelayMs);
            update.setInt(2, maxDelayMs);
            update.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot change the delay range: " + e.getMessage(), e);
        }
    }

    /** How many sessions {@value #USER} has open now, as {@code pg_stat_activity} counts them. */
    public int connectionsOf(String user) {
        try (Connection admin = connect("postgres", SUPERUSER, superuserPassword, 10);
                PreparedStatement count = admin.prepareStatement(
                        "SELECT count(*) FROM pg_stat_activity WHERE usename = ? AND backend_type = 'client backend'")) {
            count.setString(1, user);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count connections: " + e.getMessage(), e);
        }
    }

    /**
     * How many queries {@code user} is running now ({@code pg_stat_activity}, state {@code active}): the connections a
     * pool has lent out and that are busy, as opposed to those it merely holds open.
     */
    public int activeQueriesOf(String user) {
        try (Connection admin = connect("postgres", SUPERUSER, superuserPassword, 10);
                PreparedStatement count =
                        admin.prepareStatement("SELECT count(*) FROM pg_stat_activity WHERE usename = ?"
                                + " AND backend_type = 'client backend' AND state = 'active'")) {
            count.setString(1, user);
            try (ResultSet rows = count.executeQuery()) {
                rows.next();
                return rows.getInt(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot count active queries: " + e.getMessage(), e);
        }
    }

    /** Stops PostgreSQL (fast shutdown) and removes its directory. Idempotent; also run at JVM exit. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            stopDatabase();
        } finally {
            runDirectory.close();
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException | IllegalArgumentException shuttingDownOrNeverAdded) {
                // Called from the hook itself, or start failed before adding it.
            }
        }
    }

    /** Waits until PostgreSQL exits on its own (a crash) or is stopped; returns its exit code. */
    int awaitPostmasterExit() throws InterruptedException {
        Postmaster current;
        synchronized (this) {
            current = postmaster;
        }
        if (current == null) {
            return 0;
        }
        try {
            return current.exit.get();
        } catch (ExecutionException e) {
            return -1;
        }
    }

    synchronized boolean isClosed() {
        return closed;
    }

    private void initdb() {
        Path passwordFile = runDirectory.path().resolve("superuser-password");
        try {
            Files.writeString(
                    Files.createFile(
                            passwordFile,
                            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))),
                    superuserPassword);
            user.own(passwordFile);
            List<String> command = List.of(
                    binaries.resolve("bin/initdb").toString(),
                    "--pgdata=" + runDirectory.dataDirectory(),
                    "--username=" + SUPERUSER,
                    "--pwfile=" + passwordFile,
                    // Password (SCRAM) authentication for TCP, which is all the server offers (no Unix socket).
                    "--auth=scram-sha-256",
                    "--encoding=UTF8",
                    // Not the machine's locale, which the binaries may not know: the lab sorts no text.
                    "--locale=C",
                    // A throwaway cluster: flushing initdb's files to disk would only cost seconds.
                    "--no-sync",
                    "--no-instructions");
            Process initdb = new ProcessBuilder(user.command(command))
                    .redirectErrorStream(true)
                    .start();
            String output = new String(initdb.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int exit = initdb.waitFor();
            if (exit != 0) {
                throw new IllegalStateException("initdb failed (exit " + exit + "): "
                        + lastMeaningfulLine(output.lines().toList()));
            }
            // Loopback only, password only: initdb's own file also allows Unix-socket and replication connections.
            Files.writeString(runDirectory.dataDirectory().resolve("pg_hba.conf"), """
                    # loadlab db-server: TCP from loopback only, SCRAM passwords only.
                    host all all 127.0.0.0/8 scram-sha-256
                    host all all ::1/128     scram-sha-256
                    """);
        } catch (IOException e) {
            throw new UncheckedIOException("initdb failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted during initdb", e);
        } finally {
            try {
                Files.deleteIfExists(passwordFile);
            } catch (IOException ignored) {
                // Inside the directory removed on close.
            }
        }
    }

    private synchronized void startPostmaster() {
        List<String> command = new ArrayList<>(List.of(
                binaries.resolve("bin/postgres").toString(),
                "-D",
                runDirectory.dataDirectory().toString(),
                "-c",
                "listen_addresses=" + config.bind(),
                "-c",
                "port=" + port,
                "-c",
                "max_connections=" + config.maxConnections(),
                // Otherwise 3 of max_connections are kept for superusers: the apps' user would get 3 fewer than
                // asked, and the runner's "pool <= max_connections" rule would be off by 3.
                "-c",
                "superuser_reserved_connections=0",
                // No Unix socket: its default place, /tmp/.s.PGSQL.<port>, is shared by every PostgreSQL on the
                // machine and outlives a killed server; the lab connects over TCP only.
                "-c",
                "unix_socket_directories="));
        String runTag = System.getProperty(RUN_TAG);
        if (runTag != null && !runTag.isEmpty()) {
            // A custom setting does nothing but put the run's tag on the postmaster's command line for the reaper.
            command.addAll(List.of("-c", RUN_TAG + "=" + runTag));
        }
        synchronized (recentLog) {
            recentLog.clear();
        }
        Postmaster started = Postmaster.launch(user.command(command), this::logLine);
        postmaster = started;
        awaitReady(started);
    }

    private void awaitReady(Postmaster started) {
        long deadline = System.nanoTime() + READY_WITHIN.toNanos();
        SQLException lastRefusal = null;
        while (System.nanoTime() < deadline) {
            if (started.exit.isDone()) {
                postmaster = null;
                throw new IllegalStateException("PostgreSQL exited at start-up: " + lastMeaningfulLogLine());
            }
            try (Connection ignored = connect("postgres", SUPERUSER, superuserPassword, 2)) {
                return;
            } catch (SQLException notYet) {
                lastRefusal = notYet;
            }
            try {
                started.exit.get(50, TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillRunning) {
                // Try again.
            } catch (ExecutionException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                break;
            }
        }
        throw new IllegalStateException("PostgreSQL did not accept connections within " + READY_WITHIN.toSeconds()
                + " s: " + (lastRefusal == null ? "interrupted" : lastRefusal.getMessage()));
    }

    private void createDatabase() {
        try (Connection admin = connect("postgres", SUPERUSER, superuserPassword, 10);
                Statement sql = admin.createStatement()) {
            sql.execute("CREATE ROLE " + USER + " LOGIN PASSWORD '" + PASSWORD + "'");
            sql.execute("CREATE DATABASE " + DATABASE + " OWNER " + USER);
            try (ResultSet version = sql.executeQuery("SHOW server_version")) {
                version.next();
                serverVersion = version.getString(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create database " + DATABASE + ": " + e.getMessage(), e);
        }
        try (Connection admin = connect(DATABASE, SUPERUSER, superuserPassword, 10);
                Statement sql = admin.createStatement()) {
            // One row the range is read from on every call: a change applies to every session at once.
            sql.execute("""
                    CREATE TABLE slow_query_settings (
                        only_row     boolean PRIMARY KEY DEFAULT true CHECK (only_row),
                        min_delay_ms integer NOT NULL CHECK (min_delay_ms >= 0),
                        max_delay_ms integer NOT NULL,
                        CHECK (min_delay_ms <= max_delay_ms))
                    """);
            sql.execute("GRANT SELECT ON slow_query_settings TO " + USER);
            sql.execute("""
                    CREATE FUNCTION slow_query() RETURNS TABLE (delay_ms integer)
                    LANGUAGE plpgsql VOLATILE AS $$
                    DECLARE
                        chosen integer;
                    BEGIN
                        -- Uniform over [min, max], both ends included, like slow-server's delay.
                        SELECT s.min_delay_ms + floor(random() * (s.max_delay_ms - s.min_delay_ms + 1))::integer
                          INTO chosen
                          FROM slow_query_settings s;
                        -- Sleeps in this backend: the connection is held for the whole delay, as by a slow query.
                        PERFORM pg_sleep(chosen / 1000.0);
                        delay_ms := chosen;
                        RETURN NEXT;
                    END
                    $$
                    """);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create slow_query(): " + e.getMessage(), e);
        }
        setDelayRangeFirstTime();
    }

    private void setDelayRangeFirstTime() {
        try (Connection admin = connect(DATABASE, SUPERUSER, superuserPassword, 10);
                PreparedStatement insert = admin.prepareStatement(
                        "INSERT INTO slow_query_settings (min_delay_ms, max_delay_ms) VALUES (?, ?)")) {
            insert.setInt(1, config.minDelayMs());
            insert.setInt(2, config.maxDelayMs());
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException("cannot store the delay range: " + e.getMessage(), e);
        }
    }

    private Connection connect(String database, String user, String password, int timeoutSeconds) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", user);
        properties.setProperty("password", password);
        properties.setProperty("connectTimeout", Integer.toString(timeoutSeconds));
        properties.setProperty("loginTimeout", Integer.toString(timeoutSeconds));
        properties.setProperty("socketTimeout", "30");
        return DriverManager.getConnection(
                "jdbc:postgresql://" + hostInUrl() + ":" + port + "/" + database, properties);
    }

    private String hostInUrl() {
        return config.bind().contains(":") ? "[" + config.bind() + "]" : config.bind();
    }

    private void logLine(String line) {
        System.err.println(line);
        synchronized (recentLog) {
            if (recentLog.size() == LOG_LINES_KEPT) {
                recentLog.removeFirst();
            }
            recentLog.addLast(line);
        }
    }

    private String lastMeaningfulLogLine() {
        synchronized (recentLog) {
            return lastMeaningfulLine(List.copyOf(recentLog));
        }
    }

    /**
     * The line that says why: PostgreSQL logs "could not bind ... Address already in use" before its FATAL
     * "could not create any TCP/IP sockets", and the former is the one a user can act on.
     */
    static String lastMeaningfulLine(List<String> lines) {
        String found = null;
        for (String line : lines) {
            if (line.contains("could not bind")) {
                return withoutLogPrefix(line);
            }
            if (found == null && (line.contains("FATAL") || line.contains("error:"))) {
                found = line;
            }
        }
        if (found == null) {
            found = lines.stream()
                    .filter(line -> !line.isBlank())
                    .reduce((first, second) -> second)
                    .orElse("no output");
        }
        return withoutLogPrefix(found);
    }

    // "2026-11-23 01:34:51.490 UTC [8379] LOG:  message" -> "LOG:  message"
    private static String withoutLogPrefix(String line) {
        return line.replaceFirst("^\\d{4}-\\d\\d-\\d\\d [0-9:.]+ \\S+ \\[\\d+\\] ", "")
                .strip();
    }

    private static int freePort(String bind) {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(bind))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on " + bind + ": " + e.getMessage(), e);
        }
    }

    // Says so before initdb runs; PostgreSQL's own bind error remains the answer to a port taken in between.
    private static int checkFree(String bind, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(bind), port), 1);
            return port;
        } catch (IOException e) {
            throw new IllegalStateException(bind + ":" + port + " is not free (" + e.getMessage() + ")", e);
        }
    }

    private void closeQuietly(RuntimeException cause) {
        try {
            close();
        } catch (RuntimeException alsoFailed) {
            cause.addSuppressed(alsoFailed);
        }
    }

    /**
     * A running postmaster and the thread that started it. That thread waits for the postmaster's exit, so it lives
     * exactly as long as the postmaster: the kernel's parent-death signal (setpriv --pdeathsig) is tied to the
     * starting thread, not the JVM, and must fire only when the JVM itself dies.
     */
    private record Postmaster(Process process, CompletableFuture<Integer> exit) {

        static Postmaster launch(List<String> command, Consumer<String> log) {
            CompletableFuture<Process> launched = new CompletableFuture<>();
            CompletableFuture<Integer> exit = new CompletableFuture<>();
            Thread keeper = new Thread(
                    () -> {
                        Process process;
                        try {
                            process = new ProcessBuilder(command)
                                    .redirectErrorStream(true)
                                    .start();
                        } catch (IOException | RuntimeException e) {
                            launched.completeExceptionally(e);
                            return;
                        }
                        launched.complete(process);
                        Thread output = new Thread(() -> forward(process, log), "postgres-log");
                        output.setDaemon(true);
                        output.start();
                        while (true) {
                            try {
                                exit.complete(process.waitFor());
                                return;
                            } catch (InterruptedException ignored) {
                                // Only the postmaster's exit ends this thread.
                            }
                        }
                    },
                    "postgres-postmaster");
            keeper.setDaemon(true);
            keeper.start();
            try {
                return new Postmaster(launched.join(), exit);
            } catch (RuntimeException e) {
                throw new IllegalStateException("cannot start postgres: " + e.getCause(), e);
            }
        }

        private static void forward(Process process, Consumer<String> log) {
            try (BufferedReader lines =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    log.accept(line);
                }
            } catch (IOException closed) {
                // The postmaster and its children are gone.
            }
        }

        /** SIGINT is PostgreSQL's fast shutdown; SIGTERM (Process.destroy) would wait for every client to leave. */
        void stopFast() {
            if (process.isAlive()) {
                try {
                    new ProcessBuilder("kill", "-INT", Long.toString(process.pid()))
                            .redirectErrorStream(true)
                            .start()
                            .waitFor();
                } catch (IOException e) {
                    process.destroyForcibly();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            try {
                exit.get(STOP_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException stuck) {
                // Its children notice the postmaster's death and exit by themselves.
                process.destroyForcibly();
                exit.join();
            } catch (ExecutionException | InterruptedException e) {
                if (e instanceof InterruptedException) {
                    Thread.currentThread().interrupt();
                }
                process.destroyForcibly();
            }
        }
    }

    public static void main(String... args) throws InterruptedException {
        PrintStream out = System.out;
        DbServerConfig config;
        try {
            config = DbServerConfig.parse(args);
        } catch (IllegalArgumentException badConfiguration) {
            System.err.println("db-server: " + badConfiguration.getMessage());
            System.exit(2);
            return;
        }
        DbServer server;
        try {
            server = start(config);
        } catch (RuntimeException cannotStart) {
            System.err.println("db-server: cannot start PostgreSQL on " + config.bind() + ":" + config.port() + ": "
                    + rootMessage(cannotStart));
            System.exit(1);
            return;
        }
        out.println("db-server: data in " + server.directory() + " (removed on exit)");
        out.println("db-server listening on " + server.jdbcUrl() + " (user " + USER + ", password " + PASSWORD
                + "; PostgreSQL " + server.serverVersion() + " as user " + server.serverUser() + "; "
                + config.describe() + ")");
        out.flush();
        int exit = server.awaitPostmasterExit();
        if (!server.isClosed()) {
            // Not stopped by us: PostgreSQL died. A backend that is gone must not look like one that serves.
            System.err.println("db-server: PostgreSQL exited unexpectedly (exit " + exit + ")");
            server.close();
            System.exit(1);
        }
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root && root.getMessage() == null) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getName() : root.getMessage();
        return message.lines().findFirst().orElse(message);
    }
}
