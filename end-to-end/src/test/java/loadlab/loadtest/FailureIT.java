package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.Knobs;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A load lab must leave the machine as it found it, and never lose the last good results. */
class FailureIT {

    private static final String LAST_GOOD = "# the last good summary\n";

    @TempDir
    Path results;

    @BeforeEach
    void lastGoodResults() throws IOException {
        Files.writeString(results.resolve("summary.md"), LAST_GOOD);
    }

    @Test
    void aTakenPortFailsThatRowOnlyAndKeepsTheLastGoodSummary() throws Exception {
        String runId = LabFixtures.newRunId("port");
        List<String> args = LabFixtures.smallScenario(results, "--apps=webflux,virtual");
        Knobs knobs = Knobs.parse(args.toArray(String[]::new));
        int taken = knobs.setup().ports().get("app-webflux");
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        LoadLab.Run outcome;
        try (ServerSocket squatter = new ServerSocket()) {
            squatter.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), taken));
            outcome = LabFixtures.run(runId, new PrintStream(log, true, StandardCharsets.UTF_8), args);
        }

        assertThat(outcome.results().succeeded()).isFalse();
        assertThat(outcome.results().representatives())
                .extracting(row -> row.target().name())
                .containsExactly("direct", "app-webflux", "app-virtual");
        assertThat(failure(outcome, "app-webflux")).contains("port " + taken).contains("already in use");
        assertThat(row(outcome, "direct").outcome()).isInstanceOf(Outcome.Measured.class);
        assertThat(row(outcome, "app-virtual").outcome())
                .as("the other apps are still measured")
                .isInstanceOf(Outcome.Measured.class);
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo(LAST_GOOD);
        assertThat(Files.readString(outcome.written().report()))
                .contains("FAILED")
                .contains("already in use");
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    @Test
    void aMissingJarFailsTheRunBeforeAnythingStarts(@TempDir Path project) throws Exception {
        // A project with slow-server's jar only and no Maven wrapper to build the others with.
        copy(LabFixtures.PROJECT.resolve("scenarios.yaml"), project.resolve("scenarios.yaml"));
        copy(
                LabFixtures.PROJECT.resolve("slow-server/target/slow-server.jar"),
                project.resolve("slow-server/target/slow-server.jar"));
        String runId = LabFixtures.newRunId("jar");
        List<String> args = new ArrayList<>(LabFixtures.smallScenario(results, "--apps=webflux,virtual"));
        args.add("--project=" + project);
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        LoadLab.Run outcome = LabFixtures.run(runId, new PrintStream(log, true, StandardCharsets.UTF_8), args);

        assertThat(outcome.results().succeeded()).isFalse();
        assertThat(outcome.results().points()).allMatch(Point::failed);
        assertThat(failure(outcome, "direct"))
                .startsWith("not run: ")
                .contains("app-webflux: jar missing")
                .contains("app-virtual: jar missing");
        assertThat(log.toString(StandardCharsets.UTF_8)).doesNotContain("slow-server up");
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo(LAST_GOOD);
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    @Test
    void anAppThatNeverBecomesHealthyNamesItsLog(@TempDir Path project) throws Exception {
        // app-virtual's "jar" is slow-server, which refuses the app's --server.port argument and exits.
        Path slowServer = LabFixtures.PROJECT.resolve("slow-server/target/slow-server.jar");
        copy(LabFixtures.PROJECT.resolve("scenarios.yaml"), project.resolve("scenarios.yaml"));
        copy(slowServer, project.resolve("slow-server/target/slow-server.jar"));
        copy(slowServer, project.resolve("app-virtual/target/app-virtual.jar"));
        String runId = LabFixtures.newRunId("unhealthy");
        List<String> args = new ArrayList<>(LabFixtures.smallScenario(results, "--apps=virtual"));
        args.add("--project=" + project);
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        LoadLab.Run outcome = LabFixtures.run(runId, new PrintStream(log, true, StandardCharsets.UTF_8), args);

        assertThat(outcome.results().succeeded()).isFalse();
        assertThat(failure(outcome, "app-virtual"))
                .contains("before becoming healthy")
                .contains(outcome.written().raw().resolve("app-virtual/app.log").toString());
        assertThat(row(outcome, "direct").outcome()).isInstanceOf(Outcome.Measured.class);
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo(LAST_GOOD);
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    @Test
    void anAppKilledMidRunFailsItsRowAndTheRunAndKeepsTheLastGoodSummary() throws Exception {
        String runId = LabFixtures.newRunId("kill9");

        Killed killed = killedDuringWebfluxsLoad(runId, "app-webflux.jar");
        LoadLab.Run outcome = killed.run();

        assertThat(outcome.results().succeeded()).isFalse();
        assertThat(failure(outcome, "app-webflux"))
                .startsWith("died: app-webflux exited with code 137 (killed by signal 9, SIGKILL) during the load");
        assertThat(row(outcome, "app-virtual").outcome())
                .as("the apps after it are still measured")
                .isInstanceOf(Outcome.Measured.class);
        assertThat(Files.readString(outcome.written().report())).contains("**FAILED**: died: app-webflux exited");
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo(LAST_GOOD);
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
        // A killed JVM cannot remove its JFR repository (a folder named by the time and its pid): it stays with the
        // run's raw samples, not in the temporary folder.
        try (Stream<Path> inTemporaryFolder = Files.list(Path.of(System.getProperty("java.io.tmpdir")));
                Stream<Path> inResults = Files.walk(results)) {
            assertThat(inTemporaryFolder.filter(path -> isRepositoryOf(path, killed.pid())))
                    .isEmpty();
            assertThat(inResults.filter(path -> isRepositoryOf(path, killed.pid())))
                    .hasSize(1);
        }
    }

    @Test
    void aBackendKilledDuringAnAppsLoadFailsThatRowAndLeavesTheTargetsAfterItNotRun() throws Exception {
        String runId = LabFixtures.newRunId("backend9");

        LoadLab.Run outcome = killedDuringWebfluxsLoad(runId, "slow-server.jar").run();

        String died = "slow-server exited with code 137 (killed by signal 9, SIGKILL) during the load";
        assertThat(row(outcome, "direct").outcome()).as("measured before").isInstanceOf(Outcome.Measured.class);
        assertThat(failure(outcome, "app-webflux")).startsWith("died: " + died);
        assertThat(failure(outcome, "app-virtual"))
                .as("no target can be measured without its backend")
                .startsWith("not run: " + died);
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo(LAST_GOOD);
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    private static boolean isRepositoryOf(Path path, long pid) {
        return Files.isDirectory(path) && path.getFileName().toString().endsWith("_" + pid);
    }

    /**
     * A run of webflux and virtual, whose process of {@code jar} is killed (SIGKILL) 5 s into webflux's load: its 14 s
     * (ramp-up, warm-up and a 12 s window) leave the health watch 9 s to see the death before the load would end.
     */
    private Killed killedDuringWebfluxsLoad(String runId, String jar) throws Exception {
        List<String> args = LabFixtures.smallScenario(results, "--apps=webflux,virtual", "--duration=12s");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        CompletableFuture<LoadLab.Run> running = CompletableFuture.supplyAsync(() -> LabFixtures.run(runId, out, args));
        ProcessHandle killed = awaitProcess(runId, jar, log);
        awaitOutput(log, "[app-webflux] 5s/");

        killed.destroyForcibly();

        return new Killed(running.get(5, TimeUnit.MINUTES), killed.pid());
    }

    /** A run, and the process killed during it. */
    private record Killed(LoadLab.Run run, long pid) {}

    private static ProcessHandle awaitProcess(String runId, String jar, ByteArrayOutputStream log)
            throws InterruptedException {
        for (int i = 0; i < 1_200; i++) {
            Optional<ProcessHandle> found = LabFixtures.processesOf(runId).stream()
                    .filter(p -> p.info().commandLine().orElse("").contains(jar))
                    .findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no process of " + jar + " started:\n" + log);
    }

    private static void awaitOutput(ByteArrayOutputStream log, String marker) throws InterruptedException {
        for (int i = 0; i < 1_200 && !log.toString(StandardCharsets.UTF_8).contains(marker); i++) {
            Thread.sleep(100);
        }
        assertThat(log.toString(StandardCharsets.UTF_8)).contains(marker);
    }

    @Test
    void aBadKnobIsOneLineAndStartsNothing() throws Exception {
        Process runner = runner(
                LabFixtures.newRunId("knob"),
                "--project=" + LabFixtures.PROJECT,
                "--results=" + results,
                "--users=abc");

        assertThat(runner.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String stderr = new String(runner.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(runner.exitValue()).isEqualTo(2);
        assertThat(stderr.strip()).isEqualTo("loadtest: users='abc' is not a whole number");
        assertThat(results.resolve("runs")).doesNotExist();
    }

    @Test
    void ctrlCInTheMiddleOfARunLeavesNoProcessAndKeepsTheLastGoodSummary() throws Exception {
        assumeFalse(LabFixtures.sigintIgnored(), LabFixtures.SIGINT_IGNORED);
        String runId = LabFixtures.newRunId("sigint");
        List<String> args = LabFixtures.smallScenario(results, "--apps=webflux", "--duration=60s");
        Process runner = runner(runId, args.toArray(String[]::new));
        try {
            awaitLine(runner, "[direct]");

            new ProcessBuilder("kill", "-INT", Long.toString(runner.pid()))
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);

            assertThat(runner.waitFor(60, TimeUnit.SECONDS))
                    .as("the runner stops on SIGINT")
                    .isTrue();
            assertThat(LabFixtures.processesOf(runId)).isEmpty();
            assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo(LAST_GOOD);
        } finally {
            runner.destroyForcibly();
            LabFixtures.processesOf(runId).forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static Process runner(String runId, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                LabFixtures.C1_ONLY,
                "-cp",
                System.getProperty("java.class.path"),
                LoadLab.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("LOADLAB_RUN_ID", runId);
        return builder.start();
    }

    /** Reads the runner's output until a line containing {@code marker}; fails if the runner ends first. */
    private static void awaitLine(Process runner, String marker) throws IOException {
        var reader = runner.inputReader(StandardCharsets.UTF_8);
        String line;
        while ((line = reader.readLine()) != null) {
            if (line.contains(marker)) {
                return;
            }
        }
        throw new AssertionError("the runner ended before printing " + marker);
    }

    private static Point row(LoadLab.Run outcome, String name) {
        return LabFixtures.row(outcome, name);
    }

    private static String failure(LoadLab.Run outcome, String name) {
        assertThat(row(outcome, name).outcome()).isInstanceOf(Outcome.Failed.class);
        return ((Outcome.Failed) row(outcome, name).outcome()).reason();
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to.getParent());
        Files.copy(from, to);
    }
}
