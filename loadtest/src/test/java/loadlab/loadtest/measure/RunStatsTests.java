package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class RunStatsTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow TEN_SECONDS = MeasurementWindow.ofSeconds(T0, 10);
    private static final OptionalInt UNBOUNDED = OptionalInt.empty();

    /** A good request that ended at {@code end}, took {@code elapsed} and whose backend slept {@code delay}. */
    private static Sample good(long end, long elapsed, long delay) {
        return new Sample(end - elapsed, end, true, "200", "OK", delay);
    }

    private static Sample timeout(long end) {
        return new Sample(
                end - 10_000,
                end,
                false,
                "Non HTTP response code: java.net.SocketTimeoutException",
                "Non HTTP response message: Read timed out",
                Sample.NO_DELAY);
    }

    private static Sample badGateway(long end, long elapsed) {
        return new Sample(end - elapsed, end, false, "502", "Bad Gateway", Sample.NO_DELAY);
    }

    private static RunStats stats(List<Sample> samples) {
        return RunStats.compute(samples, TEN_SECONDS, 10.0);
    }

    @Test
    void countsOnlyRequestsThatCompleteInsideTheWindow() {
        List<Sample> samples = List.of(
                good(T0 - 1, 1_000, 990), // warm-up: ended just before the window
                good(T0, 1_000, 990), // ended exactly at the start: in
                good(T0 + 9_999, 1_000, 990), // last millisecond: in
                good(T0 + 10_000, 1_000, 990), // ended exactly at the end: out (drain)
                good(T0 + 5_000, 30_000, 990)); // started long before the window but completed in it: in

        assertThat(stats(samples).requests()).isEqualTo(3);
    }

    @Test
    void theWindowEndIsExclusiveSoAdjacentWindowsShareNothing() {
        MeasurementWindow first = MeasurementWindow.ofSeconds(T0, 1);
        MeasurementWindow second = MeasurementWindow.ofSeconds(T0 + 1_000, 1);
        Sample onTheBoundary = good(T0 + 1_000, 100, 90);

        assertThat(first.counts(onTheBoundary)).isFalse();
        assertThat(second.counts(onTheBoundary)).isTrue();
        assertThat(first.seconds()).isEqualTo(1.0);
    }

    @Test
    void throughputIsCountedRequestsPerWindowSecond() {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            samples.add(good(T0 + i * 400L, 1_000, 990));
        }
        samples.add(good(T0 + 10_000, 1_000, 990)); // drain, not counted

        RunStats stats = stats(samples);

        assertThat(stats.requests()).isEqualTo(25);
        assertThat(stats.throughputPerSecond()).isEqualTo(2.5);
    }

    @Test
    void responseTimesCoverAllCountedRequestsIncludingErrors() {
        List<Sample> samples =
                List.of(good(T0 + 1, 1_000, 990), good(T0 + 2, 3_000, 2_990), badGateway(T0 + 3, 5), timeout(T0 + 4));

        ResponseTimes times = stats(samples).responseTimes().orElseThrow();

        assertThat(times.minMs()).isEqualTo(5);
        assertThat(times.maxMs()).isEqualTo(10_000);
        assertThat(times.meanMs()).isEqualTo((1_000 + 3_000 + 5 + 10_000) / 4.0);
        assertThat(times.p50Ms()).isEqualTo(1_000); // sorted 5, 1000, 3000, 10000: rank 2
        assertThat(times.p90Ms()).isEqualTo(10_000); // rank ceil(3.6) = 4
    }

    @Test
    void percentilesOfAHundredRequestsAreExactAndMonotonic() {
        List<Sample> samples = new ArrayList<>();
        for (int ms = 1; ms <= 100; ms++) {
            samples.add(good(T0 + 100 + ms, ms, 0));
        }

        ResponseTimes times = stats(samples).responseTimes().orElseThrow();

        assertThat(times.minMs()).isEqualTo(1);
        assertThat(times.p50Ms()).isEqualTo(50);
        assertThat(times.p90Ms()).isEqualTo(90);
        assertThat(times.p95Ms()).isEqualTo(95);
        assertThat(times.p99Ms()).isEqualTo(99);
        assertThat(times.maxMs()).isEqualTo(100);
        assertThat(List.of(times.minMs(), times.p50Ms(), times.p90Ms(), times.p95Ms(), times.p99Ms(), times.maxMs()))
                .isSorted();
    }

    @Test
    void aSingleRequestIsEveryPercentile() {
        ResponseTimes times =
                stats(List.of(good(T0 + 1, 1_234, 1_200))).responseTimes().orElseThrow();

        assertThat(times).isEqualTo(new ResponseTimes(1_234, 1_234, 1_234, 1_234, 1_234, 1_234, 1_234));
    }

    @Test
    void errorsAreCountedByClassAndAsAPercentage() {
        List<Sample> samples = List.of(
                good(T0 + 1, 1_000, 990),
                good(T0 + 2, 1_000, 990),
                good(T0 + 3, 1_000, 990),
                good(T0 + 4, 1_000, 990),
                timeout(T0 + 5),
                timeout(T0 + 6),
                badGateway(T0 + 7, 3),
                new Sample(T0, T0 + 8, true, "200", "OK", Sample.NO_DELAY),
                timeout(T0 + 20_000)); // after the window: not counted

        RunStats stats = stats(samples);

        assertThat(stats.requests()).isEqualTo(8);
        assertThat(stats.errors()).isEqualTo(4);
        assertThat(stats.errorPercent()).isEqualTo(50.0);
        assertThat(stats.errorsByClass())
                .containsExactly(
                        entry(ErrorClass.TIMEOUT, 2),
                        entry(ErrorClass.CONNECTION, 0),
                        entry(ErrorClass.NON_2XX, 1),
                        entry(ErrorClass.BAD_BODY, 1),
                        entry(ErrorClass.OTHER, 0),
                        entry(ErrorClass.POOL_TIMEOUT, 0));
    }

    @Test
    void addedLatencyIsElapsedMinusBackendDelayOverGoodRequestsOnly() {
        List<Sample> samples = List.of(
                good(T0 + 1, 1_005, 1_000),
                good(T0 + 2, 2_010, 2_000),
                good(T0 + 3, 3_003, 3_000),
                timeout(T0 + 4),
                badGateway(T0 + 5, 2));

        AddedLatency added = stats(samples).addedLatency().orElseThrow();

        assertThat(added.requests()).isEqualTo(3);
        assertThat(added.meanMs()).isCloseTo(6.0, within(1e-9)); // (5 + 10 + 3) / 3
        assertThat(added.p99Ms()).isEqualTo(10);
    }

    @Test
    void efficiencyIsGoodThroughputOverCeiling() {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 98; i++) {
            samples.add(good(T0 + i * 100L, 1_001, 1_000));
        }

        // 10 users / 1 s mean delay = 10 req/s ceiling; 98 requests in 10 s = 9.8 req/s.
        RunStats stats = stats(samples);

        assertThat(stats.ceilingPerSecond()).isEqualTo(10.0);
        assertThat(stats.throughputPerSecond()).isCloseTo(9.8, within(1e-9));
        assertThat(stats.efficiencyPercent()).isCloseTo(98.0, within(1e-9));
    }

    @Test
    void timeoutsCountInThroughputButNotInGoodThroughputOrEfficiency() {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            samples.add(good(T0 + i * 100L, 1_001, 1_000));
        }
        for (int i = 0; i < 40; i++) {
            samples.add(timeout(T0 + i * 100L + 50));
        }

        // 100 completions in 10 s, 60 of them answers: an overloaded model looks busy, its users got 6 req/s.
        RunStats stats = stats(samples);

        assertThat(stats.throughputPerSecond()).isCloseTo(10.0, within(1e-9));
        assertThat(stats.goodPerSecond()).isCloseTo(6.0, within(1e-9));
        assertThat(stats.efficiencyPercent()).isCloseTo(60.0, within(1e-9));
    }

    @Test
    void anEmptyWindowGivesZeroesAndNoLatencies() {
        RunStats stats = stats(List.of(good(T0 - 5, 1_000, 990), good(T0 + 10_000, 1_000, 990)));

        assertThat(stats.requests()).isZero();
        assertThat(stats.throughputPerSecond()).isZero();
        assertThat(stats.errorPercent()).isZero();
        assertThat(stats.efficiencyPercent()).isZero();
        assertThat(stats.goodPerSecond()).isZero();
        assertThat(stats.responseTimes()).isEmpty();
        assertThat(stats.addedLatency()).isEmpty();
        assertThat(stats.ceilingPerSecond()).isEqualTo(10.0);
    }

    @Test
    void onlyErrorsGiveResponseTimesButNoAddedLatency() {
        RunStats stats = stats(List.of(timeout(T0 + 1)));

        assertThat(stats.errorPercent()).isEqualTo(100.0);
        assertThat(stats.responseTimes()).isPresent();
        assertThat(stats.addedLatency()).isEmpty();
    }

    @Test
    void rejectsASetupWithoutAFiniteCeiling() {
        assertThatIllegalArgumentException().isThrownBy(() -> RunStats.compute(List.of(), TEN_SECONDS, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> RunStats.compute(List.of(), TEN_SECONDS, Double.NaN));
        assertThatIllegalArgumentException().isThrownBy(() -> new MeasurementWindow(T0, T0));
    }

    /** An open load's arrival: due at {@code due}, sent {@code lag} later, answered {@code service} after sending. */
    private static Sample arrival(long due, long lag, long service) {
        return new Sample(due + lag, due + lag + service, true, "200", "OK", service, due);
    }

    @Test
    void anOpenRunMeasuresFromTheIntendedTimeBesideTheServiceTimeAndTheGeneratorsLag() {
        List<Sample> samples = new ArrayList<>();
        // 98 arrivals sent on time and answered in 100 ms, then two the generator sent 400 and 900 ms late.
        for (int i = 0; i < 98; i++) {
            samples.add(arrival(T0 + 50 * i, 0, 100));
        }
        samples.add(arrival(T0 + 5_000, 400, 100));
        samples.add(arrival(T0 + 6_000, 900, 100));

        RunStats stats = stats(samples);
        OpenLoop open = stats.openLoop().orElseThrow();

        // The service times are the target's alone; from the intended time the late two waited for the generator too.
        assertThat(stats.responseTimes().orElseThrow().maxMs()).isEqualTo(100);
        assertThat(open.fromIntended().maxMs()).isEqualTo(1_000);
        assertThat(open.fromIntended().p99Ms()).isEqualTo(500);
        assertThat(open.fromIntended().p50Ms()).isEqualTo(100);
        assertThat(open.lag()).isEqualTo(new OpenLoop.GeneratorLag(0, 400, 900));
        // A lag p99 of 400 ms against a p99 of 500 ms: the tail is the generator's.
        assertThat(open.lagLimitMs()).isEqualTo(25);
        assertThat(open.generatorBehind()).isTrue();
    }

    @Test
    void aLagWithinItsShareOfTheP99LeavesTheRunUnflagged() {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            // 4,000 ms answers, each sent 150 ms late: under 5% of a p99 of 4,150 ms (207 ms).
            samples.add(arrival(T0 + 50 * i, 150, 4_000));
        }
        OpenLoop open = stats(samples).openLoop().orElseThrow();

        assertThat(open.lagLimitMs()).isEqualTo(Math.round(4_150 * Thresholds.GENERATOR_LAG_PERCENT_OF_P99 / 100));
        assertThat(open.generatorBehind()).isFalse();
    }

    @Test
    void aFastBackendsRunIsFlaggedOnlyPastTheFloor() {
        List<Sample> onTime = new ArrayList<>();
        List<Sample> late = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            onTime.add(arrival(T0 + 50 * i, Thresholds.GENERATOR_LAG_FLOOR_MS, 5));
            late.add(arrival(T0 + 50 * i, Thresholds.GENERATOR_LAG_FLOOR_MS + 1, 5));
        }

        assertThat(stats(onTime).openLoop().orElseThrow().generatorBehind()).isFalse();
        assertThat(stats(late).openLoop().orElseThrow().generatorBehind()).isTrue();
    }

    @Test
    void aClosedLoopHasNoOpenLoopFigures() {
        assertThat(stats(List.of(good(T0 + 100, 50, 40))).openLoop()).isEmpty();
    }

    private static Map.Entry<ErrorClass, Integer> entry(ErrorClass errorClass, int count) {
        return Map.entry(errorClass, count);
    }
}
