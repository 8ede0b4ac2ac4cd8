package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ResourceUsageTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow TEN_SECONDS = MeasurementWindow.ofSeconds(T0, 10);
    private static final long SECOND = 1_000_000_000L;

    private static ResourceSamples.Reading at(long millis, double cpuSeconds, long rssMib, int threads) {
        return new ResourceSamples.Reading(millis, Math.round(cpuSeconds * SECOND), rssMib * 1024, threads);
    }

    private static ResourceUsage usage(List<ResourceSamples.Reading> readings, int requests) {
        return ResourceUsage.of(new ResourceSamples(readings), TEN_SECONDS, requests)
                .orElseThrow();
    }

    @Test
    void cpuIsTheDeltaBetweenTheLastReadingsAtOrBeforeEachEdgeNeverASum() {
        ResourceUsage usage = usage(
                List.of(
                        at(T0 - 2_000, 40.0, 200, 30),
                        at(T0 - 400, 41.0, 200, 30), // baseline: last at or before the start
                        at(T0 + 600, 41.5, 210, 31),
                        at(T0 + 5_600, 44.0, 220, 32),
                        at(T0 + 9_600, 46.0, 215, 31), // last at or before the end
                        at(T0 + 10_600, 46.5, 215, 31)),
                2_000);

        assertThat(usage.cpuSeconds()).isCloseTo(5.0, within(1e-9));
        assertThat(usage.averageCores()).isCloseTo(0.5, within(1e-9));
        assertThat(usage.cpuSecondsPer1000Requests()).hasValueCloseTo(2.5, within(1e-9));
        assertThat(usage.sampledThroughout()).isTrue();
    }

    @Test
    void readingsExactlyOnTheEdgesAreTheBaselineAndTheEnd() {
        ResourceUsage usage = usage(
                List.of(
                        at(T0 - 1_000, 1.0, 100, 10),
                        at(T0, 2.0, 100, 10),
                        at(T0 + 10_000, 5.0, 100, 10),
                        at(T0 + 11_000, 9.0, 100, 10)),
                100);

        assertThat(usage.cpuSeconds()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void peaksAreTheLargestReadingsInsideTheWindowAndReadingsOutsideAreIgnored() {
        ResourceUsage usage = usage(
                List.of(
                        at(T0 - 500, 1.0, 900, 400), // start-up spike before the window: ignored
                        at(T0 + 1_000, 2.0, 300, 210),
                        at(T0 + 4_000, 3.0, 350, 205),
                        at(T0 + 7_000, 4.0, 320, 220),
                        at(T0 + 10_500, 5.0, 800, 500)), // drain after the window: ignored
                100);

        assertThat(usage.peakRssMib()).hasValue(350.0);
        assertThat(usage.peakThreads()).isEqualTo(220);
    }

    @Test
    void rssIsReportedInMebibytes() {
        ResourceUsage usage = ResourceUsage.of(
                        new ResourceSamples(List.of(new ResourceSamples.Reading(T0, 0, 1_536, 1))), TEN_SECONDS, 1)
                .orElseThrow();

        assertThat(usage.peakRssMib()).hasValue(1.5);
    }

    @Test
    void aProcessThatDiedMidWindowCountsItsCpuUpToItsLastReading() {
        ResourceUsage usage = usage(
                List.of(at(T0 - 300, 10.0, 200, 40), at(T0 + 700, 10.8, 210, 41), at(T0 + 1_700, 11.6, 230, 45)),
                50); // then gone: the sampler saw no more

        assertThat(usage.cpuSeconds()).isCloseTo(1.6, within(1e-9));
        assertThat(usage.averageCores()).isCloseTo(0.16, within(1e-9));
        assertThat(usage.peakRssMib()).hasValue(230.0);
        assertThat(usage.sampledThroughout()).isFalse();
    }

    @Test
    void noRequestsLeavesCpuPerThousandRequestsEmptyButTheRestStands() {
        ResourceUsage usage =
                usage(List.of(at(T0 - 100, 1.0, 100, 5), at(T0 + 5_000, 1.5, 100, 5), at(T0 + 10_100, 2.0, 100, 5)), 0);

        assertThat(usage.cpuSecondsPer1000Requests()).isEqualTo(OptionalDouble.empty());
        assertThat(usage.cpuSeconds()).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void emptyReadingsGiveNothingRatherThanZeros() {
        assertThat(ResourceUsage.of(ResourceSamples.NONE, TEN_SECONDS, 100)).isEmpty();
    }

    @Test
    void withoutABaselineAtOrBeforeTheStartThereIsNoCpuDelta() {
        // The sampler started late: a delta from its first reading would undercount.
        assertThat(ResourceUsage.of(
                        new ResourceSamples(List.of(at(T0 + 100, 5.0, 100, 5), at(T0 + 9_000, 9.0, 100, 5))),
                        TEN_SECONDS,
                        100))
                .isEmpty();
    }

    @Test
    void withoutAReadingInsideTheWindowThereIsNoPeak() {
        // Died before the window started, or readings only around it.
        assertThat(ResourceUsage.of(
                        new ResourceSamples(List.of(at(T0 - 5_000, 1.0, 100, 5), at(T0 - 4_000, 2.0, 100, 5))),
                        TEN_SECONDS,
                        100))
                .isEmpty();
    }

    @Test
    void readingsAreSortedByTimeWhateverOrderTheyCameIn() {
        ResourceUsage usage = usage(
                List.of(at(T0 + 10_500, 7.0, 100, 5), at(T0 - 500, 1.0, 100, 5), at(T0 + 5_000, 4.0, 100, 5)), 10);

        assertThat(usage.cpuSeconds()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void aCpuCounterThatGoesBackwardsIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ResourceSamples(List.of(at(T0, 5.0, 100, 5), at(T0 + 1_000, 4.0, 100, 5))))
                .withMessageContaining("backwards");
    }

    @Test
    void negativeRequestsAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> ResourceUsage.of(ResourceSamples.NONE, TEN_SECONDS, -1));
    }
}
