package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
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
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Targets the lab does not start ({@code TARGETS}): slow-server and app-webflux, started here as separate processes on
 * free loopback ports as they would be on hosts of their own, are loaded, checked and read through the app's Actuator;
 * the lab starts none of its own for them and stops neither.
 */
class RemoteTargetsSmokeIT {

    private static final int EIGHT_CORES = 8;

    @TempDir
    Path logs;

    private OtherHosts hosts;

    @BeforeEach
    void hosts() {
        hosts = new OtherHosts(logs);
    }

    @AfterEach
    void stopTheRemotes() throws InterruptedException {
        hosts.stopAll();
    }

    @Test
    void remoteTargetsAreMeasuredFromTheirActuatorAndOutliveTheRun(@TempDir Path results) throws Exception {
        List<Integer> ports = LabFixtures.freePorts(3);
        int backendPort = ports.get(0);
        int appPort = ports.get(1);
        int managementPort = ports.get(2);
        Process backend = hosts.service(
                "slow-server", "--port=" + backendPort, "--bind=127.0.0.1", "--min-delay-ms=0", "--max-delay-ms=200");
        hosts.awaitHealthy(backend, "http://127.0.0.1:" + backendPort + "/__admin/health");
        // A host of 8 processors as the app's JVM sees them, whatever this machine has: its Actuator says 8.
        Process app = hosts.service(
                "app-webflux",
                List.of("-XX:ActiveProcessorCount=" + EIGHT_CORES),
                "--server.port=" + appPort,
                "--server.address=127.0.0.1",
                "--backend.base-url=http://127.0.0.1:" + backendPort,
                "--management.server.port=" + managementPort,
                "--management.server.address=127.0.0.1",
                "--management.endpoints.web.exposure.include=health,metrics");
        hosts.awaitHealthy(app, "http://127.0.0.1:" + managementPort + "/actuator/health");
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
        // Its CPU is judged against the 8 processors its Actuator reported, not this machine's.
        assertThat(appCost.hostCores()).as("system.cpu.count").hasValue(EIGHT_CORES);
        assertThat(LabFixtures.row(outcome, "direct").cost().hostCores()).isEmpty();
        assertThat(output).contains("[app-webflux] 8 cores on its host (system.cpu.count)");
        assertThat(outcome.results().environment().remoteTargets())
                .anySatisfy(line -> assertThat(line).contains("judged against its host's 8 cores (system.cpu.count)"));
        String summary = Files.readString(outcome.written().report());
        assertThat(summary).contains("- Targets the lab did not start: slow-server at http://127.0.0.1:" + backendPort);
        assertThat(summary).contains("its host's 8 cores").contains("`system.cpu.count` read once");
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
}
