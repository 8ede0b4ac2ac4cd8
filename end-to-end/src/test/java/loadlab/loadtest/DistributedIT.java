package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.Knobs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load sent by JMeter remote engines, two "hosts" on two loopback addresses of this machine, comes out as the same
 * measurement as the load sent from the runner's own JVM: every sample back, the backend's delay with it, the same
 * error classes, exact percentiles over the merged samples, and both engines sending at once. The targets are the
 * shared ones: what is compared is where the load comes from.
 */
@ExtendWith(SharedTargets.class)
class DistributedIT {

    /** A load's progress line, "[direct] 5s/68s  requests 1342 ...": the load is under way. */
    private static final Pattern PROGRESS = Pattern.compile("\\] \\d+s/\\d+s +requests");

    @TempDir
    Path logs;

    private OtherHosts hosts;

    @BeforeEach
    void hosts() {
        hosts = new OtherHosts(logs);
    }

    @AfterEach
    void stopEngines() throws InterruptedException {
        hosts.stopAll();
    }

    @Test
    void twoEnginesOnTwoLoopbackAddressesMeasureWhatOneJvmMeasures(
            SharedTargets.Running targets, @TempDir Path local, @TempDir Path remote) throws Exception {
        String shared = targets.knob("webflux");
        String first = hosts.engine("127.0.0.2");
        String second = hosts.engine("127.0.0.3");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);

        LoadLab.Run fromHere = LabFixtures.run(
                LabFixtures.newRunId("local"),
                out,
                LabFixtures.smallScenario(local, "--apps=webflux", shared, "--users=50"));
        String runId = LabFixtures.newRunId("engines");
        LoadLab.Run fromEngines = LabFixtures.run(
                runId,
                out,
                LabFixtures.smallScenario(
                        remote, "--apps=webflux", shared, "--users=50", "--engines=" + first + "," + second));

        String output = log.toString(StandardCharsets.UTF_8);
        assertThat(fromHere.results().succeeded()).as(output).isTrue();
        assertThat(fromEngines.results().succeeded()).as(output).isTrue();
        for (String target : List.of("direct", "app-webflux")) {
            RunStats here = LabFixtures.row(fromHere, target).stats().orElseThrow();
            RunStats there = LabFixtures.row(fromEngines, target).stats().orElseThrow();
            assertThat(there.requests()).as(target + " requests").isPositive();
            assertThat(there.errorsByClass()).as(target + " error classes").isEqualTo(here.errorsByClass());
            // A 200 whose sample lacks the backend's delay is a bad-body error: none means every delay came back,
            // though the engines strip successful samples of their bodies on the way.
            assertThat(there.errors()).as(target + " errors").isZero();
            List<long[]> samples = samples(remote.resolve("raw").resolve(target).resolve("samples.csv"));
            // The exact percentiles come from every sample of both engines, merged: the largest is the largest seen.
            long maxInWindow = samples.stream()
                    .filter(s -> s[1] >= there.window().startMillis()
                            && s[1] < there.window().endMillis())
                    .mapToLong(s -> s[1] - s[0])
                    .max()
                    .orElseThrow();
            assertThat(there.responseTimes().orElseThrow().maxMs()).isEqualTo(maxInWindow);
            // 25 users an engine: only both engines together have more than 25 requests in flight at once.
            assertThat(mostInFlight(samples))
                    .as(target + " requests in flight at once")
                    .isGreaterThan(25);
        }
        String report = Files.readString(fromEngines.written().report());
        assertThat(report).contains("JMeter remote engines " + first + ", " + second);
        for (String target : List.of("direct", "app-webflux")) {
            List<EngineUsage> engines =
                    LabFixtures.row(fromEngines, target).cost().engines();
            assertThat(engines).extracting(EngineUsage::engine).as(output).containsExactly(first, second);
            for (EngineUsage engine : engines) {
                // Each engine runs its 25 users on threads of its own, which its own figures count.
                assertThat(engine.usage().orElseThrow().peakThreads())
                        .as(target + " on " + engine.engine())
                        .isGreaterThan(25);
                assertThat(report)
                        .containsPattern("\\| " + target + " \\| " + Pattern.quote(engine.engine())
                                + " \\| \\d+\\.\\d\\d of \\d+ \\| \\d+ \\| \\d+ of \\d+ \\| \\d+ \\|");
            }
        }
        assertThat(LabFixtures.row(fromHere, "direct").cost().engines()).isEmpty();
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    @Test
    void anEngineThatIsDownFailsTheRunBeforeAnythingStarts(@TempDir Path results) throws Exception {
        String up = hosts.engine("127.0.0.2");
        String down = "127.0.0.3:" + LabFixtures.freePort();
        Files.writeString(results.resolve("summary.md"), "# the last good summary\n");
        String runId = LabFixtures.newRunId("engine-down");
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        List<String> args = LabFixtures.smallScenario(results, "--apps=webflux", "--engines=" + up + "," + down);
        boolean succeeded = LoadLab.execute(
                Knobs.parse(args.toArray(String[]::new)), new PrintStream(log, true, StandardCharsets.UTF_8), runId);

        assertThat(succeeded).isFalse();
        assertThat(log.toString(StandardCharsets.UTF_8).lines())
                .singleElement()
                .asString()
                .startsWith("loadtest: engine " + down + " does not answer")
                .contains("make engine BIND=127.0.0.3");
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo("# the last good summary\n");
        assertThat(results.resolve("raw")).doesNotExist();
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    @Test
    void anEngineThatDiesDuringTheLoadFailsItsRowAndTheRun(SharedTargets.Running targets, @TempDir Path results)
            throws Exception {
        String first = hosts.engine("127.0.0.2");
        String second = hosts.engine("127.0.0.3");
        Process dying = hosts.latest();
        Files.writeString(results.resolve("summary.md"), "# the last good summary\n");
        String runId = LabFixtures.newRunId("engine-dies");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // Killed once the load is under way (its first progress line); the window would run for a minute.
        Thread killer = Thread.ofVirtual().start(() -> {
            try {
                while (!PROGRESS.matcher(log.toString(StandardCharsets.UTF_8)).find()) {
                    Thread.sleep(200);
                }
                dying.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        List<String> args = LabFixtures.smallScenario(
                results, "--apps=none", targets.knob(), "--duration=60s", "--engines=" + first + "," + second);
        boolean succeeded = LoadLab.execute(
                Knobs.parse(args.toArray(String[]::new)), new PrintStream(log, true, StandardCharsets.UTF_8), runId);
        killer.interrupt();
        killer.join();

        String output = log.toString(StandardCharsets.UTF_8);
        assertThat(dying.isAlive()).as(output).isFalse();
        assertThat(succeeded).as(output).isFalse();
        assertThat(output.lines().filter(line -> line.startsWith("FAILED")))
                .singleElement()
                .asString()
                .contains("engine " + second + " stopped answering during the load");
        assertThat(Files.readString(results.resolve("summary.md"))).isEqualTo("# the last good summary\n");
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    /** Each sample's start and end, epoch millis. */
    private static List<long[]> samples(Path csv) throws IOException {
        return Files.readAllLines(csv).stream()
                .skip(1)
                .map(line -> line.split(","))
                .map(fields -> new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1])})
                .toList();
    }

    /** The most requests that were open at the same moment. */
    private static int mostInFlight(List<long[]> samples) {
        List<long[]> edges = new ArrayList<>();
        for (long[] sample : samples) {
            edges.add(new long[] {sample[0], 1});
            edges.add(new long[] {sample[1], -1});
        }
        // An end before a start at the same millisecond: a user's next request starts as its last one ends.
        edges.sort((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        int open = 0;
        int most = 0;
        for (long[] edge : edges) {
            open += (int) edge[1];
            most = Math.max(most, open);
        }
        return most;
    }
}
