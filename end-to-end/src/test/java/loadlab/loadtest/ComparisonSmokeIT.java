package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * All five apps and the direct row at small scale, end to end, through the real jars: the same code path as
 * {@code make compare}, writing to a temporary results folder, never to results/.
 */
class ComparisonSmokeIT {

    /** The compare scenario's own pinning (scenarios.yaml), which the other end-to-end tests undo. */
    private static final String APP_CPUS = "1";

    @Test
    void everyTargetIsMeasuredWithinLittlesLawAndWithoutErrors(@TempDir Path results) throws Exception {
        String runId = LabFixtures.newRunId("smoke");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LoadLab.Run outcome = LabFixtures.run(
                runId,
                new PrintStream(log, true, StandardCharsets.UTF_8),
                LabFixtures.smallScenario(results, "--appCpus=" + APP_CPUS));

        String output = log.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        Path summary = outcome.written().report();
        System.out.println(Files.readString(summary));
        assertThat(outcome.results().succeeded()).as(output).isTrue();
        assertThat(outcome.results().representatives())
                .extracting(row -> row.target().name())
                .containsExactly(
                        "direct",
                        "app-threadpool",
                        "app-threadpool-400",
                        "app-webflux",
                        "app-coroutines",
                        "app-virtual");
        for (Point row : outcome.results().representatives()) {
            String name = row.target().name();
            RunStats stats = row.stats().orElseThrow();
            ResponseTimes times = stats.responseTimes().orElseThrow();
            assertThat(stats.requests()).as(name + " requests").isPositive();
            assertThat(stats.errors()).as(name + " errors").isZero();
            assertThat(times.minMs()).as(name + " min <= p50").isLessThanOrEqualTo(times.p50Ms());
            assertThat(times.p50Ms()).as(name + " p50 <= p90").isLessThanOrEqualTo(times.p90Ms());
            assertThat(times.p90Ms()).as(name + " p90 <= p95").isLessThanOrEqualTo(times.p95Ms());
            assertThat(times.p95Ms()).as(name + " p95 <= p99").isLessThanOrEqualTo(times.p99Ms());
            assertThat(times.p99Ms()).as(name + " p99 <= max").isLessThanOrEqualTo(times.maxMs());
            assertThat(stats.addedLatency()).as(name + " added latency").isPresent();
            // Every process recorded, the first start after its jar was extracted too (such a start once wrote the
            // class-data archive as it exited, and a JVM doing that runs with JFR disabled).
            assertThat(row.cost().jfr()).as(name + " JFR figures\n" + output).isPresent();
        }
        assertThat(output).contains("[app-webflux] up on port").contains("requests");
        assertThat(results.resolve("summary.md")).exists();
        assertThat(Files.readString(results.resolve("summary.md")))
                .contains("app-virtual")
                .contains("JDK")
                .contains("CPU pinning: each app on CPU " + APP_CPUS);
        assertThat(results.resolve("raw/app-webflux/samples.csv")).exists();
        assertThat(results.resolve("raw/app-webflux/dashboard/index.html")).exists();
        assertThat(results.resolve("charts/throughput.png")).isNotEmptyFile();
        assertThat(Files.readString(results.resolve("summary.md"))).contains("](charts/throughput.png)");
        assertThat(results.resolve("runs")).doesNotExist();
        // Launched as the fixtures ask (cds): from extracted jars. Not whether each archive exists now: the JVMs of the
        // tests running beside this one may be rewriting it (each start that found none writes one as it exits).
        assertThat(Files.readString(results.resolve("summary.md"))).contains("-XX:SharedArchiveFile=");
        for (String module : List.of("app-webflux", "app-virtual")) {
            assertThat(LabFixtures.PROJECT.resolve(module).resolve("target/cds").resolve(module + ".jar"))
                    .as(module)
                    .isNotEmptyFile();
        }
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }
}
