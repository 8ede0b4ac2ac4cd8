package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The cost method on synthetic readings: idle CPU taken off, JIT counted apart, the JIT judged settled or not. */
class WarmUpAndIdleTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final long SECOND = 1_000_000_000L;

    /**
     * One reading a second for {@code seconds}: the process burns {@code idle} cores of its own, plus {@code load}
     * cores from {@code loadFrom} on, plus {@code jit} cores of compiler threads until {@code jitUntil}.
     */
    private static ResourceSamples readings(
            int seconds, double idle, double load, int loadFrom, double jit, int jitUntil) {
        List<ResourceSamples.Reading> readings = new ArrayList<>();
        double cpu = 0;
        double jitCpu = 0;
        for (int s = 0; s <= seconds; s++) {
            readings.add(new ResourceSamples.Reading(
                    T0 + s * 1_000L, Math.round(cpu * SECOND), 500_000, 40, Math.round(jitCpu * SECOND), -1));
            double jitNow = s < jitUntil ? jit : 0;
            cpu += idle + (s >= loadFrom ? load : 0) + jitNow;
            jitCpu += jitNow;
        }
        return new ResourceSamples(readings);
    }

    @Test
    void idleCpuIsTakenOffBeforeDividingByTheRequests() {
        // 0.01 cores at rest over the 5 s before the load; 0.2 cores of load over a 60 s window of 12,000 requests.
        ResourceSamples samples = readings(70, 0.01, 0.2, 10, 0, 0);
        MeasurementWindow idle = new MeasurementWindow(T0 + 5_000, T0 + 10_000);
        MeasurementWindow window = new MeasurementWindow(T0 + 10_000, T0 + 70_000);

        ResourceUsage usage =
                ResourceUsage.of(samples, window, 12_000, Optional.of(idle)).orElseThrow();

        assertThat(usage.cpuSeconds()).isCloseTo(12.6, within(1e-6));
        assertThat(usage.idleCores().getAsDouble()).isCloseTo(0.01, within(1e-6));
        // (12.6 − 0.01 × 60) / 12,000 × 1000 = 1.0
        assertThat(usage.cpuSecondsPer1000Requests().getAsDouble()).isCloseTo(1.0, within(1e-6));
        assertThat(ResourceUsage.of(samples, window, 12_000)
                        .orElseThrow()
                        .cpuSecondsPer1000Requests()
                        .getAsDouble())
                .as("without a quiet span nothing is taken off")
                .isCloseTo(1.05, within(1e-6));
    }

    @Test
    void theJitIsCountedApartAndLeftOutOfTheIdleCpu() {
        // The compiler threads still busy (0.3 cores) during the quiet span and the first 20 s of the window.
        ResourceSamples samples = readings(70, 0.01, 0.2, 10, 0.3, 30);
        MeasurementWindow idle = new MeasurementWindow(T0 + 5_000, T0 + 10_000);
        MeasurementWindow window = new MeasurementWindow(T0 + 10_000, T0 + 70_000);

        ResourceUsage usage =
                ResourceUsage.of(samples, window, 12_000, Optional.of(idle)).orElseThrow();

        assertThat(usage.idleCores().getAsDouble()).as("JIT left out").isCloseTo(0.01, within(1e-6));
        assertThat(usage.jitCpuSeconds().getAsDouble()).isCloseTo(6.0, within(1e-6));
        // Compiling is paid once, not per request: (18.6 − 0.01 × 60 − 6.0) / 12,000 × 1000 = 1.0
        assertThat(usage.cpuSecondsPer1000Requests().getAsDouble()).isCloseTo(1.0, within(1e-6));
    }

    @Test
    void theJitHasSettledOnceItsThreadsWereQuietForTheWholeSpan() {
        ResourceSamples compiling = readings(80, 0.01, 0.2, 0, 0.3, 45);

        assertThat(Verdicts.jitSettled(compiling, T0 + 60_000))
                .as("compiled until 15 s ago")
                .isFalse();
        assertThat(Verdicts.jitSettled(compiling, T0 + 66_000))
                .as("quiet for 21 s")
                .isTrue();
        assertThat(Verdicts.jitSettled(compiling, T0 + 15_000))
                .as("not 20 s of readings yet")
                .isFalse();
        assertThat(Verdicts.jitSettled(new ResourceSamples(List.of(new ResourceSamples.Reading(T0, 0, 1, 1))), T0))
                .as("a process whose compiler threads cannot be read does not hold the warm-up")
                .isTrue();
    }
}
