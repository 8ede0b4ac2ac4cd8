package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class IntervalsTests {

    @Test
    void wilsonStaysInsideZeroToOneAndMatchesTheTextbook() {
        Estimate none = Intervals.wilson(0, 100);
        assertThat(none.low()).isZero();
        assertThat(none.high()).isCloseTo(0.037, within(0.001));
        Estimate half = Intervals.wilson(50, 100);
        assertThat(half.low()).isCloseTo(0.404, within(0.001));
        assertThat(half.high()).isCloseTo(0.596, within(0.001));
    }

    @Test
    void aRateVariesByTheSquareRootOfItsCount() {
        Estimate rate = Intervals.rate(10_000, 100);
        assertThat(rate.value()).isEqualTo(100);
        assertThat(rate.high() - rate.value()).isCloseTo(1.96, within(0.001));
    }

    @Test
    void p99sIntervalLiesBetweenItsStoredNeighboursAndShrinksWithMoreRequests() {
        ResponseTimes times = new ResponseTimes(2000, 0, 2000, 3600, 3800, 3960, 4050);
        Estimate few = Intervals.p99(times, 1_000);
        Estimate many = Intervals.p99(times, 100_000);
        assertThat(few.low()).isBetween(3800.0, 3960.0);
        assertThat(few.high()).isBetween(3960.0, 4050.0);
        assertThat(many.high() - many.low()).isLessThan(few.high() - few.low());
    }

    @Test
    void aMaxFarAboveP95IsASecondMode() {
        assertThat(Intervals.tailHasTwoModes(new ResponseTimes(2000, 0, 2000, 3600, 3837, 4001, 20_009)))
                .isTrue();
        assertThat(Intervals.tailHasTwoModes(new ResponseTimes(5000, 0, 5000, 6600, 6800, 7000, 7400)))
                .isFalse();
    }

    @Test
    void theShareOverAThresholdIsBoundedByTheStoredPercentiles() {
        // p99 over 10 s and p95 under it: between 1% and 5% of the requests, give or take chance.
        Estimate onTheCliff = Intervals.shareOver(
                new ResponseTimes(2000, 0, 2000, 3600, 3862, 20_003, 20_056), 11_756, 10_000, OptionalLong.empty());
        assertThat(onTheCliff.low()).isBetween(0.008, 0.01);
        assertThat(onTheCliff.high()).isBetween(0.05, 0.055);
        // p99 under it and only the max over it: at most 1%.
        Estimate underIt = Intervals.shareOver(
                new ResponseTimes(2000, 0, 2000, 3600, 3837, 4001, 20_009), 11_965, 10_000, OptionalLong.empty());
        assertThat(underIt.low()).isLessThan(0.001);
        assertThat(underIt.high()).isBetween(0.01, 0.013);
        assertThat(onTheCliff.above(underIt)).isFalse();
        // A count known from the error classes gives Wilson's interval around it.
        assertThat(Intervals.shareOver(
                                new ResponseTimes(2000, 0, 2000, 3600, 10_010, 10_011, 10_013),
                                1000,
                                10_000,
                                OptionalLong.of(100))
                        .value())
                .isEqualTo(0.1);
    }

    @Test
    void estimatesLeadOnlyBeyondBothIntervals() {
        Estimate a = new Estimate(100, 98, 102);
        assertThat(a.above(new Estimate(95, 93, 97.9))).isTrue();
        assertThat(a.above(new Estimate(97, 95, 98))).isFalse();
        assertThat(new Estimate(100, 100, 100).atLeast(2)).isEqualTo(new Estimate(100, 98, 102));
    }
}
