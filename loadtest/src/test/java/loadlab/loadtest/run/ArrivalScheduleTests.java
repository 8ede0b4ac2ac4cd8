package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import loadlab.loadtest.plan.RateProfile;
import org.junit.jupiter.api.Test;

/**
 * The arrivals an open load is due to send, drawn without a clock: a Poisson stream at the rate of each second, the
 * rate's steps at their second of the window.
 */
class ArrivalScheduleTests {

    private static final long SEED = 42;

    /** How many arrivals fall in each whole second of the schedule. */
    private static int[] perSecond(ArrivalSchedule schedule, int seconds) {
        int[] counts = new int[seconds];
        for (long at = schedule.nextNanos(); at != ArrivalSchedule.END; at = schedule.nextNanos()) {
            counts[(int) (at / 1_000_000_000L)]++;
        }
        return counts;
    }

    private static List<Long> offsets(ArrivalSchedule schedule) {
        List<Long> offsets = new ArrayList<>();
        for (long at = schedule.nextNanos(); at != ArrivalSchedule.END; at = schedule.nextNanos()) {
            offsets.add(at);
        }
        return offsets;
    }

    @Test
    void anHourAtAConstantRateIsPoissonSecondBySecond() {
        int seconds = 3_600;
        double rate = 100;
        int[] counts = perSecond(
                new ArrivalSchedule(
                        RateProfile.constant(rate), Duration.ZERO, Duration.ZERO, Duration.ofSeconds(seconds), SEED),
                seconds);

        double mean = IntStream.of(counts).average().orElseThrow();
        double variance =
                IntStream.of(counts).mapToDouble(c -> (c - mean) * (c - mean)).sum() / (seconds - 1);
        // The mean of 3,600 seconds of Poisson(100) is 100 ± 0.17 (one standard deviation).
        assertThat(mean).isBetween(rate - 0.7, rate + 0.7);
        // A Poisson count's variance equals its mean: the index of dispersion is 1 ± 0.024 over 3,600 seconds. A
        // regular (paced) stream would give far less, a bursty one far more.
        assertThat(variance / mean).isBetween(0.9, 1.1);
        // Outside mean ± 3σ falls 0.3% of Poisson seconds; ten times that would be no Poisson stream.
        long outside = IntStream.of(counts)
                .filter(c -> Math.abs(c - rate) > 3 * Math.sqrt(rate))
                .count();
        assertThat(outside).isLessThanOrEqualTo(seconds * 3 / 100);
    }

    @Test
    void theGapsBetweenArrivalsAreExponential() {
        double rate = 100;
        List<Long> at = offsets(new ArrivalSchedule(
                RateProfile.constant(rate), Duration.ZERO, Duration.ZERO, Duration.ofSeconds(600), SEED));
        double[] gaps = IntStream.range(1, at.size())
                .mapToDouble(i -> (at.get(i) - at.get(i - 1)) / 1e9)
                .toArray();
        // P(gap > t) = e^(-rate t): at the mean gap e^-1 = 36.8%, at three means e^-3 = 5.0% (each ± 0.2% over 60,000).
        assertThat(share(gaps, 1 / rate)).isBetween(0.36, 0.376);
        assertThat(share(gaps, 3 / rate)).isBetween(0.045, 0.055);
    }

    private static double share(double[] gaps, double longerThan) {
        return (double) java.util.Arrays.stream(gaps)
                        .filter(gap -> gap > longerThan)
                        .count()
                / gaps.length;
    }

    @Test
    void aSpikeOfArrivalsStepsUpAndBackAtItsSecondsOfTheWindow() {
        // Ramp-up 5 s, warm-up 5 s: the window starts 10 s into the load; the spike from its 30th to its 50th second.
        RateProfile spike = RateProfile.spike(100, 5, Duration.ofSeconds(30), Duration.ofSeconds(20));
        int[] counts = perSecond(
                new ArrivalSchedule(spike, Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(70), SEED),
                70);

        // Poisson(100) and Poisson(500) are 18 and 9 standard deviations from 300: no second of one passes for the
        // other.
        for (int second = 10; second < 70; second++) {
            boolean inSpike = second >= 40 && second < 60;
            double rate = inSpike ? 500 : 100;
            assertThat((double) counts[second])
                    .as("second %d of the load", second)
                    .isBetween(rate - 5 * Math.sqrt(rate), rate + 5 * Math.sqrt(rate));
        }
        assertThat(counts[39]).isLessThan(300);
        assertThat(counts[40]).isGreaterThan(300);
        assertThat(counts[59]).isGreaterThan(300);
        assertThat(counts[60]).isLessThan(300);
    }

    @Test
    void theRampUpClimbsFromNothingToTheCalmRate() {
        ArrivalSchedule schedule = new ArrivalSchedule(
                RateProfile.constant(100),
                Duration.ofSeconds(10),
                Duration.ofSeconds(10),
                Duration.ofSeconds(10),
                SEED);
        int[] counts = perSecond(schedule, 10);
        // A linear ramp from 0 to 100/s: 500 expected in all (± 22), 5 then 95 expected in its first and last second.
        assertThat(IntStream.of(counts).sum()).isBetween(500 - 5 * 22, 500 + 5 * 22);
        assertThat(counts[0]).isLessThan(25);
        assertThat(counts[9]).isGreaterThan(50);
        assertThat(schedule.rateAt(5)).isEqualTo(50.0);
    }

    @Test
    void theFirstArrivalIsDueAtOnceAndNoneAtOrAfterTheEnd() {
        List<Long> at = offsets(new ArrivalSchedule(
                RateProfile.constant(50), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(5), SEED));
        assertThat(at.getFirst()).isZero();
        assertThat(at.getLast()).isLessThan(Duration.ofSeconds(5).toNanos());
        assertThat(at).isSorted();
    }

    @Test
    void theSameSeedDrawsTheSameArrivalsAndEachEngineItsOwn() {
        RateProfile rates = RateProfile.constant(80);
        Duration length = Duration.ofSeconds(30);
        List<Long> first = offsets(new ArrivalSchedule(rates, Duration.ZERO, Duration.ZERO, length, SEED));
        List<Long> again = offsets(new ArrivalSchedule(rates, Duration.ZERO, Duration.ZERO, length, SEED));
        assertThat(again).isEqualTo(first);

        long here = ArrivalSchedule.seedOf(SEED, Optional.empty());
        long engineA = ArrivalSchedule.seedOf(SEED, Optional.of("127.0.0.2:1099"));
        long engineB = ArrivalSchedule.seedOf(SEED, Optional.of("127.0.0.3:1099"));
        assertThat(here).isEqualTo(SEED);
        assertThat(engineA).isNotEqualTo(engineB).isNotEqualTo(here);
        assertThat(offsets(new ArrivalSchedule(rates, Duration.ZERO, Duration.ZERO, length, engineA)))
                .isNotEqualTo(offsets(new ArrivalSchedule(rates, Duration.ZERO, Duration.ZERO, length, engineB)));
    }

    @Test
    void aWindowBeforeTheEndOfTheRampUpIsRefused() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new ArrivalSchedule(
                        RateProfile.constant(10),
                        Duration.ofSeconds(5),
                        Duration.ofSeconds(4),
                        Duration.ofSeconds(10),
                        SEED))
                .withMessageContaining("ramp-up 5000 ms");
    }
}
