package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.RunStats;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Targets the lab does not start ({@code TARGETS}): slow-server and app-webflux, started here as separate processes on
 * free loopback ports as they would be on hosts of their own, are loaded, checked and read through the app's Actuator;
 * the lab starts none of its own for them and stops neither.
 */
class RemoteTargetsSmokeTests {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();

    private final List<Process> remotes = new ArrayList<>();

    @TempDir
    Path logs;

    @AfterEach
    void stopTheRemotes() throws InterruptedException {
        for (Process remote : remotes) {
            remote.destroy();
            if (!remote.waitFor(20, TimeUnit.SECONDS)) {
                remote.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void remoteTargetsAreMeasuredFromTheirActuatorAndOutliveTheRun(@TempDir Path results) throws Exception {
        int backendPort = LabFixtures.freePort();
        int appPort = LabFixtures.freePort();
        int managementPort = LabFixtures.freePort();
        Process backend = start(
                "slow-server", "--port=" + backendPort, "--bind=127.0.0.1", "--min-delay-ms=0", "--max-delay-ms=200");
        awaitHealthy(backend, "http://127.0.0.1:" + backendPort + "/__admin/health");
        Process app = start(
                "app-webflux",
                "--server.port=" + appPort,
                "--server.address=127.0.0.1",
                "--backend.base-url=http://127.0.0.1:" + backendPort,
                "--management.server.port=" + managementPort,
                "--management.server.address=127.0.0.1",
                "--management.endpoints.web.exposure.include=health,metrics");
        awaitHealthy(app, "http://127.0.0.1:" + managementPort + "/actuator/health");
        String runId = LabFixtures.newRunId("remote");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        List<String> args = LabFixtures.smallScenario(
                results,
                "--apps=webflux",
                "--targets=slow-server=http://127.0.0.1:" + backendPort + ",webflux=http://127.0.0.1:" + appPort + "+"
                        + managementPort);

        Set<Long> startedByTheLab = ConcurrentHashMap.newKeySet();
        CompletableFuture<LoadLab.Run> running = CompletableFuture.supplyAsync(() -> LabFixtures.run(runId, out, args));
        while (!running.isDone()) {
            LabFixtures.processesOf(runId).forEach(process -> startedByTheLab.add(process.pid()));
            Thread.sleep(200);
        }
        LoadLab.Run outcome = running.get();

        String output = log.toString(StandardCharsets.UTF_8);
        assertThat(outcome.results().succeeded()).as(output).isTrue();
        for (String name : List.of("direct", "app-webflux")) {
            RunStats stats = LabFixtures.row(outcome, name).stats().orElseThrow();
            assertThat(stats.requests()).as(name + " requests").isPositive();
            assertThat(stats.errors()).as(name + " errors").isZero();
        }
        assertThat(startedByTheLab).as("processes the lab started").isEmpty();
        assertThat(output).doesNotContain("up on port");
        assertThat(backend.isAlive()).as("the remote slow-server still runs").isTrue();
        assertThat(app.isAlive()).as("the remote app still runs").isTrue();

        ResourceCost appCost = LabFixtures.row(outcome, "app-webflux").cost();
        ResourceUsage appProcess = appCost.process().orElseThrow();
        assertThat(appProcess.cpuSeconds()).as("CPU from process.cpu.time").isPositive();
        assertThat(appProcess.peakThreads()).as("threads from jvm.threads.live").isPositive();
        assertThat(appProcess.peakRssMib()).as("no RSS through an Actuator").isEmpty();
        assertThat(appCost.jfr()).as("GC from jvm.gc.pause").isPresent();
        assertThat(appCost.jfr().orElseThrow().heapUsedAfterGcMib()).isEmpty();
        assertThat(appCost.memory()).as("no jcmd on a remote process").isEmpty();
        assertThat(LabFixtures.row(outcome, "direct").cost().process())
                .as("a remote slow-server has no figures")
                .isEmpty();
        assertThat(outcome.results().environment().remoteTargets())
                .hasSize(2)
                .anySatisfy(line -> assertThat(line).startsWith("slow-server at http://127.0.0.1:" + backendPort))
                .anySatisfy(line -> assertThat(line)
                        .startsWith("app-webflux at http://127.0.0.1:" + appPort)
                        .contains("Actuator"));
        String summary = Files.readString(outcome.written().report());
        assertThat(summary).contains("- Targets the lab did not start: slow-server at http://127.0.0.1:" + backendPort);
        assertThat(results.resolve("raw/app-webflux/app.jfr")).doesNotExist();
        assertThat(results.resolve("raw/slow-server.jfr")).doesNotExist();
    }

    @Test
    void aRemoteAppWhereNothingListensFailsItsRowOnTheContractCheckAndTheRunEnds(@TempDir Path results)
            throws Exception {
        int nobody = LabFixtures.freePort();
        String runId = LabFixtures.newRunId("remote-down");
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        List<String> args =
                LabFixtures.smallScenario(results, "--apps=webflux", "--targets=webflux=http://127.0.0.1:" + nobody);

        LoadLab.Run outcome = CompletableFuture.supplyAsync(
                        () -> LabFixtures.run(runId, new PrintStream(log, true, StandardCharsets.UTF_8), args))
                .get(5, TimeUnit.MINUTES);

        assertThat(outcome.results().succeeded()).isFalse();
        assertThat(LabFixtures.row(outcome, "direct").outcome()).isInstanceOf(Outcome.Measured.class);
        Point webflux = LabFixtures.row(outcome, "app-webflux");
        assertThat(webflux.outcome()).isInstanceOf(Outcome.Failed.class);
        Outcome.Failed failed = (Outcome.Failed) webflux.outcome();
        assertThat(failed.reason())
                .startsWith("app-webflux: contract check failed: GET http://127.0.0.1:" + nobody + "/")
                .doesNotContain("\n");
        assertThat(failed.log()).hasFileName("remote.txt").content().contains("not started by the lab");
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    /** A service as it would run on a host of its own: its jar, its options, nothing of the lab's run tag. */
    private Process start(String module, String... options) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms128m",
                "-Xmx256m",
                "-XX:+UseG1GC",
                "-jar",
                LabFixtures.PROJECT
                        .resolve(module)
                        .resolve("target")
                        .resolve(module + ".jar")
                        .toString()));
        command.addAll(List.of(options));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(module + ".log").toFile())
                .start();
        remotes.add(process);
        return process;
    }

    private void awaitHealthy(Process process, String health) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (!process.isAlive()) {
                break;
            }
            try {
                if (HTTP.send(
                                        HttpRequest.newBuilder(URI.create(health))
                                                .timeout(Duration.ofSeconds(2))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError(health + " never answered 200; its log:\n" + logsOf());
    }

    private String logsOf() throws IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.list(logs)) {
            for (Path file : files.toList()) {
                all.append("== ").append(file).append('\n').append(Files.readString(file));
            }
        }
        return all.toString();
    }
}
