package loadlab.dbserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * db-server as the lab runs it: its own JVM, tagged {@code -Dloadlab.run=<id>} like every service the runner starts,
 * ended by SIGTERM or SIGKILL. The postmaster is found the way scripts/run-reaped finds processes: by the tag on its
 * command line.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DbServerProcessIT {

    private static final Pattern LISTENING = Pattern.compile(
            "db-server listening on (jdbc:postgresql://127\\.0\\.0\\.1:\\d+/loadlab) \\(user loadlab, password loadlab;"
                    + " PostgreSQL [0-9.]+ as user (\\S+); max_connections (\\d+), delay uniform (\\d+)\\.\\.(\\d+) ms\\)");
    private static final Pattern DATA = Pattern.compile("db-server: data in (\\S+) \\(removed on exit\\)");
    private static final String ROOT_NOTICE =
            "db-server: running PostgreSQL as user nobody because initdb refuses root";

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void killWhatTheTestStarted() {
        for (Process process : started) {
            process.destroyForcibly();
        }
    }

    @Test
    void mainPrintsTheUrlAndSigtermLeavesNoPostgresAndNoDirectory(@TempDir Path logs) throws Exception {
        String tag = "dbtest-" + UUID.randomUUID();
        Running server = launch(List.of(), tag, logs, "--port=0", "--min-delay-ms=5", "--max-delay-ms=5");

        assertThat(server.printed).contains(isRoot() ? ROOT_NOTICE : "db-server: data in ");
        assertThat(server.serverUser).isEqualTo(isRoot() ? "nobody" : currentUser());
        ProcessHandle postmaster = onlyPostmaster(tag);
        assertThat(postmaster.info().user()).hasValue(server.serverUser);
        assertThat(postmaster.parent().map(ProcessHandle::pid)).hasValue(server.process.pid());
        try (Connection connection = DriverManager.getConnection(server.jdbcUrl, DbServer.USER, DbServer.PASSWORD)) {
            assertThat(DbServerIT.slowQuery(connection)).isEqualTo(5);
        }
        List<ProcessHandle> family = familyOf(postmaster);

        server.process.destroy(); // SIGTERM
        assertThat(server.process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(server.process.exitValue()).isEqualTo(143);
        assertThat(family).noneMatch(ProcessHandle::isAlive);
        assertThat(TaggedProcesses.matching("loadlab.run=" + tag)).isEmpty();
        assertThat(Files.exists(server.directory)).isFalse();
    }

    @Test
    void asAnUnprivilegedUserTheJvmRunsPostgresDirectly(@TempDir Path logs) throws Exception {
        // Only root can become another user to show this; as a normal user the test above is this case.
        assumeTrue(isRoot(), "the build runs as a normal user: the test above already ran PostgreSQL directly");
        CopiedClasspath classpath = copyClasspathReadableByAll();
        try {
            String tag = "dbtest-" + UUID.randomUUID();
            Running server = launchWithClasspath(
                    List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"),
                    tag,
                    logs,
                    classpath.classpath(),
                    "--port=0",
                    "--max-connections=25");

            assertThat(server.printed).doesNotContain(ROOT_NOTICE);
            assertThat(server.serverUser).isEqualTo("nobody");
            assertThat(server.maxConnections).isEqualTo(25);
            assertThat(ProcessHandle.of(server.process.pid())
                            .orElseThrow()
                            .info()
                            .user())
                    .hasValue("nobody");
            ProcessHandle postmaster = onlyPostmaster(tag);
            assertThat(postmaster.info().user()).hasValue("nobody");
            assertThat(postmaster.parent().map(ProcessHandle::pid)).hasValue(server.process.pid());
            try (Connection connection =
                    DriverManager.getConnection(server.jdbcUrl, DbServer.USER, DbServer.PASSWORD)) {
                assertThat(DbServerIT.slowQuery(connection)).isBetween(0, 4000);
            }
            List<ProcessHandle> family = familyOf(postmaster);

            server.process.destroy();
            assertThat(server.process.waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(family).noneMatch(ProcessHandle::isAlive);
            assertThat(TaggedProcesses.matching("loadlab.run=" + tag)).isEmpty();
            assertThat(Files.exists(server.directory)).isFalse();
        } finally {
            PostgresBinaries.deleteTree(classpath.root());
        }
    }

    @Test
    void sigkillOfTheJvmStillStopsPostgresAndTheNextStartRemovesItsDirectory(@TempDir Path logs) throws Exception {
        String tag = "dbtest-" + UUID.randomUUID();
        Running server = launch(List.of(), tag, logs, "--port=0");
        ProcessHandle postmaster = onlyPostmaster(tag);
        List<ProcessHandle> family = familyOf(postmaster);

        server.process.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertThat(server.process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        // The kernel's parent-death signal (SIGINT, fast shutdown) reached the postmaster.
        DbServerIT.awaitTrue(() -> family.stream().noneMatch(ProcessHandle::isAlive), "postgres gone");
        assertThat(TaggedProcesses.matching("loadlab.run=" + tag)).isEmpty();
        assertThat(Files.exists(server.directory)).isTrue();

        List<String> notices = new ArrayList<>();
        try (DbServer next = DbServer.start(DbServerConfig.parse("--port=0"), notices::add)) {
            assertThat(next.acceptsConnections()).isTrue();
        }
        assertThat(Files.exists(server.directory)).isFalse();
        assertThat(notices).contains("removed " + server.directory + ", left by a db-server that was killed");
    }

    @Test
    void badOptionsExitWithCodeTwoAndOneLineBeforeAnythingStarts(@TempDir Path logs) throws Exception {
        // Each bad command line, and the start of the one line it must print.
        for (List<String> bad : List.of(
                List.of("--bind=0.0.0.0", "db-server: --bind=0.0.0.0 is not a loopback address"),
                List.of("--port=70000", "db-server: --port=70000 is out of range"),
                List.of("--min-delay-ms=10", "--max-delay-ms=5", "db-server: --min-delay-ms=10 is greater than"),
                List.of("--max-connections=0", "db-server: --max-connections=0 is out of range"))) {
            List<String> args = bad.subList(0, bad.size() - 1);
            List<String> command = new ArrayList<>(List.of(java(), "-cp", testClasspath(), DbServer.class.getName()));
            command.addAll(args);
            Path stderr = logs.resolve("bad.err");
            Process process = new ProcessBuilder(command)
                    .redirectError(stderr.toFile())
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            started.add(process);

            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).as("exit code for %s", args).isEqualTo(2);
            assertThat(Files.readAllLines(stderr))
                    .as("stderr for %s", args)
                    .singleElement()
                    .asString()
                    .startsWith(bad.getLast());
        }
    }

    private Running launch(List<String> prefix, String tag, Path logs, String... args) throws Exception {
        return launchWithClasspath(prefix, tag, logs, testClasspath(), args);
    }

    private Running launchWithClasspath(List<String> prefix, String tag, Path logs, String classpath, String... args)
            throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(java(), "-Dloadlab.run=" + tag, "-cp", classpath, DbServer.class.getName()));
        command.addAll(List.of(args));
        Path stderr = logs.resolve(tag + ".err");
        // PostgreSQL's log goes to db-server's stderr: into a file, so a full pipe never blocks it.
        Process process = new ProcessBuilder(command)
                .directory(new File("/"))
                .redirectError(stderr.toFile())
                .start();
        started.add(process);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = out.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException ended) {
                // The process is gone.
            }
        });
        reader.setDaemon(true);
        reader.start();

        List<String> printed = new ArrayList<>();
        Path directory = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line == null) {
                if (!process.isAlive()) {
                    throw new AssertionError("db-server exited with " + process.exitValue() + ": " + printed + " "
                            + Files.readString(stderr));
                }
                continue;
            }
            printed.add(line);
            Matcher data = DATA.matcher(line);
            if (data.matches()) {
                directory = Path.of(data.group(1));
            }
            Matcher listening = LISTENING.matcher(line);
            if (listening.matches()) {
                assertThat(directory)
                        .as("the data line precedes the listening line")
                        .isNotNull();
                return new Running(
                        process,
                        printed,
                        listening.group(1),
                        listening.group(2),
                        Integer.parseInt(listening.group(3)),
                        directory);
            }
        }
        throw new AssertionError("no listening line within 120 s: " + printed);
    }

    private record Running(
            Process process,
            List<String> printed,
            String jdbcUrl,
            String serverUser,
            int maxConnections,
            Path directory) {}

    private static ProcessHandle onlyPostmaster(String tag) {
        List<ProcessHandle> tagged = TaggedProcesses.matching("-c loadlab.run=" + tag);
        assertThat(tagged).as("postgres processes tagged %s", tag).hasSize(1);
        assertThat(TaggedProcesses.commandLine(tagged.getFirst().pid())).contains("/bin/postgres -D ");
        return tagged.getFirst();
    }

    private static List<ProcessHandle> familyOf(ProcessHandle postmaster) {
        List<ProcessHandle> family = new ArrayList<>(postmaster.descendants().toList());
        family.add(postmaster);
        assertThat(family).as("postmaster and its background processes").hasSizeGreaterThan(3);
        return family;
    }

    private static boolean isRoot() {
        return currentUser().equals("root");
    }

    private static String currentUser() {
        return ProcessHandle.current().info().user().orElseThrow();
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElseThrow();
    }

    // Surefire runs tests from a manifest-only jar; this property holds the real classpath.
    private static String testClasspath() {
        return System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    }

    /** nobody cannot read ~/.m2 under /root: the classpath, copied where everyone can read it. */
    private record CopiedClasspath(Path root, String classpath) {}

    private static CopiedClasspath copyClasspathReadableByAll() throws IOException {
        Path copy = Files.createTempDirectory(
                "loadlab-db-test-classpath-",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwxr-xr-x")));
        List<String> entries = new ArrayList<>();
        int index = 0;
        for (String entry : testClasspath().split(File.pathSeparator)) {
            Path source = Path.of(entry);
            if (!Files.exists(source)) {
                continue;
            }
            Path target = copy.resolve(index++ + "-" + source.getFileName());
            try (Stream<Path> tree = Files.walk(source)) {
                for (Path path : tree.toList()) {
                    Path destination = target.resolve(source.relativize(path).toString());
                    Files.copy(path, destination, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(
                            destination,
                            PosixFilePermissions.fromString(Files.isDirectory(path) ? "rwxr-xr-x" : "rw-r--r--"));
                }
            }
            entries.add(target.toString());
        }
        return new CopiedClasspath(copy, String.join(File.pathSeparator, entries));
    }
}
