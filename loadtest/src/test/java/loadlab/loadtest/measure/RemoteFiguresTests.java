package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The figures of a target on another host, from the readings its Actuator gives: CPU, threads, heap, compile time and
 * collections, but no RSS, which must come out missing, never as zero.
 */
class RemoteFiguresTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow TEN_SECONDS = MeasurementWindow.ofSeconds(T0, 10);
    private static final long UNKNOWN = ResourceSamples.Reading.UNKNOWN;

    private static ResourceSamples.Reading at(long millis, double cpuSeconds, long gcCount, double gcPauseMs) {
        return new ResourceSamples.Reading(
                millis,
                Math.round(cpuSeconds * 1e9),
                UNKNOWN,
                30,
                Math.round(cpuSeconds * 1e8),
                200 * 1024,
                gcCount,
                Math.round(gcPauseMs * 1e6));
    }

    private static final ResourceSamples READINGS = new ResourceSamples(List.of(
            at(T0 - 500, 10.0, 4, 20.0), // the last at or before the start
            at(T0 + 4_500, 12.0, 6, 25.5),
            at(T0 + 9_500, 14.0, 9, 31.0), // the last at or before the end
            at(T0 + 10_500, 14.5, 12, 40.0)));

    @Test
    void aReadingWithoutRssGivesCpuAndThreadsButNoPeakRss() {
        ResourceUsage usage = ResourceUsage.of(READINGS, TEN_SECONDS, 1_000).orElseThrow();

        assertThat(usage.cpuSeconds()).isCloseTo(4.0, within(1e-9));
        assertThat(usage.peakThreads()).isEqualTo(30);
        assertThat(usage.peakRssMib()).isEmpty();
        assertThat(usage.peakHeapMib()).hasValue(200.0);
        assertThat(usage.jitCpuSeconds()).hasValueCloseTo(0.4, within(1e-9));
    }

    @Test
    void theCollectionsOfTheWindowAreTheChangeInTheCountersAcrossIt() {
        JfrFigures gc = JfrFigures.ofGcCounters(READINGS, TEN_SECONDS).orElseThrow();

        assertThat(gc.gcCount()).isEqualTo(5);
        assertThat(gc.gcPauseMs()).isCloseTo(11.0, within(1e-9));
        assertThat(gc.heapUsedAfterGcMib()).isEmpty();
        assertThat(gc.pinnedEvents()).isEmpty();
    }

    @Test
    void readingsWithoutCollectionsOrWithoutABaselineGiveNone() {
        ResourceSamples fromProc = new ResourceSamples(List.of(
                new ResourceSamples.Reading(T0 - 500, 0, 1024, 3),
                new ResourceSamples.Reading(T0 + 9_000, 5, 1024, 3)));
        ResourceSamples lateStart = new ResourceSamples(List.of(at(T0 + 500, 1.0, 0, 0)));

        assertThat(JfrFigures.ofGcCounters(fromProc, TEN_SECONDS)).isEmpty();
        assertThat(JfrFigures.ofGcCounters(lateStart, TEN_SECONDS)).isEmpty();
        assertThat(JfrFigures.ofGcCounters(ResourceSamples.NONE, TEN_SECONDS)).isEqualTo(Optional.empty());
    }

    @Test
    void anUnknownRssIsAcceptedAndAnyOtherNegativeOneIsNot() {
        assertThat(new ResourceSamples.Reading(T0, 0, UNKNOWN, 1).rssKb()).isEqualTo(UNKNOWN);
        assertThatIllegalArgumentException().isThrownBy(() -> new ResourceSamples.Reading(T0, 0, -2, 1));
    }

    @Test
    void theSeriesOfARemoteTargetHasItsThreadsAndNoRss() {
        List<PerSecond> seconds = IntStream.range(0, 12)
                .mapToObj(second -> new PerSecond(second, 1, 0, OptionalLong.empty(), 1, Map.of()))
                .toList();
        Series series = new Series(T0 - 1_000, seconds).withResources(READINGS);

        assertThat(series.resources()).hasSize(4).allSatisfy(point -> {
            assertThat(point.rssMib()).isEmpty();
            assertThat(point.threads()).isEqualTo(30);
        });
    }
}
