package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The renderer on a synthetic JMH result: 10000 tasks of 200 ms, 100 hashing rounds, 2 cores. */
class ExecutorsReportTests {

    static final RunEnvironment ENV = new RunEnvironment(
            "2026-11-23T10:00:00Z",
            "make executors FORKS=2",
            "0123456789ab-dirty",
            "Linux 6.18 (amd64)",
            2,
            "23.5 GiB",
            Duration.ofSeconds(9 * 60 + 41));

    static List<JmhResult> sample() throws IOException {
        try (InputStream in = ExecutorsReportTests.class.getResourceAsStream("/jmh-result-sample.json")) {
            return JmhResult.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    @Test
    void blockingRowsCarryScoreErrorFloorEfficiencyAndPeaks() throws IOException {
        String md = ExecutorsReport.render(sample(), ENV);
        assertThat(md)
                .contains("## Blocking tasks: 10000 × 200 ms")
                // 1 / 0.215 = 4.651 batches/s, error 4.651 × 0.004 / 0.215 = 0.087; 0.200 / 0.215 = 93.0%.
                .contains(
                        "| virtual thread per task (app-virtual) | 0.215 ± 0.004 | 4.651 ± 0.087 | 0.200 | 93.0 | 11 |"
                                + " 590 | 3.1 |")
                // 200 threads: 50 waves of 200 ms.
                .contains(
                        "| fixed pool of 200 (app-threadpool) | 10.050 ± 0.010 | 0.100 ± 0.000 | 10.000 | 99.5 | 207 |"
                                + " 640 | 2.5 |")
                .contains("| fixed pool of 400 (app-threadpool-400) | 5.030 ± 0.010 | 0.199 ± 0.000 | 5.000 | 99.4 |")
                .contains("| platform thread per task | 1.100 ± 0.050 | 0.909 ± 0.041 | 0.200 | 18.2 | 10009 | 1450 |"
                        + " 12.0 |")
                .contains(
                        "| scheduled executor (non-blocking timers) | 0.203 ± 0.001 | 4.926 ± 0.024 | 0.200 | 98.5 |");
    }

    @Test
    void hashingRowsAreHeldToTheSerialWorkSpreadOverTheCores() throws IOException {
        String md = ExecutorsReport.render(sample(), ENV);
        assertThat(md)
                .contains("## CPU-bound tasks: 10000 × 100 rounds of SHA-256 over 1 KiB")
                .contains("| Floor (s) = serial / 2 cores |")
                .contains(
                        "| one thread, no executor (the work itself) | 0.600 ± 0.010 | 1.667 ± 0.028 | reference | — |")
                // 0.600 / 2 = 0.300; 0.300 / 0.310 = 96.8%.
                .contains(
                        "| virtual thread per task | 0.310 ± 0.012 | 3.226 ± 0.125 | 0.300 | 96.8 | 10 | 586 | 62.0 |");
    }

    @Test
    void thePublishedFiguresStandBesideOursAsSecondsPerBatch() throws IOException {
        String md = ExecutorsReport.render(sample(), ENV);
        assertThat(md)
                .contains(
                        "| platform thread per task | 0.857 ± 0.042 | 2.334 | 1.100 ± 0.050 | 0.909 ± 0.041 | 0.200 |")
                .contains("| cached pool | 1.494 ± 0.279 | 1.339 | 0.800 ± 0.040 |")
                .contains("| virtual thread per task (app-virtual) | 9.038 ± 0.268 | 0.221 | 0.215 ± 0.004 |")
                .contains("were made on a machine, JDK and OS this lab does not know")
                .doesNotContain("the figures are not comparable");
    }

    @Test
    void theReadingStatesTheDistanceToTheFloor() throws IOException {
        String md = ExecutorsReport.render(sample(), ENV);
        assertThat(md)
                .contains(
                        "come within 7.5% of the 200 ms floor: virtual thread per task (app-virtual) 0.215 s (+15 ms),"
                                + " scheduled executor (non-blocking timers) 0.203 s (+3 ms), Mono.delay (non-blocking,"
                                + " app-webflux's idiom) 0.205 s (+5 ms)")
                .contains("runs 10000 tasks in 50 waves of 200 ms: floor 10.000 s, measured 10.050 s (99.5%)")
                .contains("10000 tasks take 0.600 s on one thread (60 µs each), so 0.300 s on 2 cores is the floor")
                .contains("Virtual thread per task: 0.310 s (96.8% of the floor), on one carrier thread per core")
                .contains("with 40 to 407 platform threads at their peak sharing 2 cores, took 0.330 s (fixed pool of"
                        + " 200) to 0.400 s (platform thread per task)")
                .contains("virtual threads finished 3.7× sooner than the cached pool (0.215 against 0.800 s)")
                .contains("at the floor virtual threads stop helping");
    }

    @Test
    void rowsWithAnErrorAboveTenPercentAreCalledNoisy() throws IOException {
        assertThat(ExecutorsReport.render(sample(), ENV)).doesNotContain("Noisy");
        String noisy = new String(
                        ExecutorsReportTests.class
                                .getResourceAsStream("/jmh-result-sample.json")
                                .readAllBytes(),
                        StandardCharsets.UTF_8)
                .replace(
                        "\"score\": 0.35,\n      \"scoreError\": 0.015", "\"score\": 0.35,\n      \"scoreError\": 0.2");
        assertThat(ExecutorsReport.render(JmhResult.parse(noisy), ENV))
                .contains("- Noisy, JMH's error above 10% of the score: cached pool (CPU-bound) 0.350 ± 0.200 s.");
    }

    @Test
    void environmentAndFooterAreThere() throws IOException {
        String md = ExecutorsReport.render(sample(), ENV);
        assertThat(md)
                .contains("- Command: `make executors FORKS=2`")
                .contains("- Git commit: `0123456789ab-dirty`")
                .contains("- JDK (benchmark JVMs): OpenJDK 64-Bit Server VM 25.0.3+9-LTS")
                .contains("- Benchmark JVM flags: `-Xms512m -Xmx512m -XX:+UseG1GC -XX:+AlwaysPreTouch`")
                .contains("- Cores: 2, memory: 23.5 GiB")
                .contains("- Wall time of the JMH run: 9 min 41 s")
                .contains("2 forks × (2 warm-up iterations of 2 s + 5 measurement iterations of 2 s)")
                .contains(
                        "![Blocking tasks: time per batch against the floor, log scale](executors/charts/blocking.png)")
                .endsWith("Do not edit by hand: rerun to regenerate._\n");
    }

    @Test
    void withoutTheSerialRowTheHashingFloorIsUnknown() throws IOException {
        List<JmhResult> noSerial = sample().stream()
                .filter(r -> !r.benchmark().endsWith("HashingBatch.serial"))
                .toList();
        String md = ExecutorsReport.render(noSerial, ENV);
        assertThat(md).contains("| virtual thread per task | 0.310 ± 0.012 | 3.226 ± 0.125 | reference | — |");
    }

    @Test
    void aBenchmarkTheReportDoesNotKnowIsAnError() throws IOException {
        JmhResult virtual = sample().get(4);
        JmhResult stranger = new JmhResult(
                "loadlab.executors.BlockingBatch.somethingElse",
                virtual.mode(),
                virtual.threads(),
                virtual.forks(),
                virtual.warmupIterations(),
                virtual.warmupTime(),
                virtual.measurementIterations(),
                virtual.measurementTime(),
                virtual.jvmArgs(),
                virtual.jmhVersion(),
                virtual.jvm(),
                virtual.params(),
                virtual.primary(),
                virtual.secondary());
        assertThatThrownBy(() -> ExecutorsReport.render(List.of(stranger), ENV))
                .hasMessageContaining("does not know benchmark loadlab.executors.BlockingBatch.somethingElse");
    }

    @Test
    void nanErrorsFromJmhAreParsedAndShownAsNoErrorBar() throws IOException {
        JmhResult virtual = sample().get(4);
        assertThat(virtual.secondary("peak.threads").orElseThrow().error()).isNaN();
        assertThat(virtual.primary().samples()).isEqualTo(10);
        assertThat(ExecutorsReport.withError(0.2, Double.NaN)).isEqualTo("0.200");
    }
}
