package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import loadlab.loadtest.measure.PairedRatio.Estimated;
import loadlab.loadtest.measure.PairedRatio.Missing;
import loadlab.loadtest.measure.PairedRatio.NotEstimated;
import loadlab.loadtest.measure.PairedRatio.Verdict;
import org.junit.jupiter.api.Test;

class PairedRatioTests {

    /** Each slice's own noise, as a factor: CPU per request of the same work moves by about this much. */
    private static final double SLICE_NOISE = 0.05;

    /** A and B over some rounds, made up so that the true ratio is known. */
    private record Rounds(List<Double> a, List<Double> b) {}

    /**
     * Rounds whose A/B is {@code trueRatio} but for each slice's noise (log-normal, median 1, so the geometric mean of
     * A/B is exactly the true ratio), both under a drift that the host shares within a round: a slow stretch and a
     * fast one, up to 40% apart, plus a random walk, far more than the ratio's own noise.
     */
    private static Rounds rounds(int count, double trueRatio, long seed) {
        Random random = new Random(seed);
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        double walk = 1;
        for (int round = 0; round < count; round++) {
            walk *= Math.exp(0.05 * random.nextGaussian());
            double drift = walk * (1 + 0.4 * Math.sin(round * 0.7));
            double cost = 0.30 * drift;
            a.add(cost * trueRatio * Math.exp(SLICE_NOISE * random.nextGaussian()));
            b.add(cost * Math.exp(SLICE_NOISE * random.nextGaussian()));
        }
        return new Rounds(a, b);
    }

    private static Estimated estimated(Rounds rounds) {
        PairedRatio ratio = PairedRatio.of(rounds.a(), rounds.b());
        assertThat(ratio).isInstanceOf(Estimated.class);
        return (Estimated) ratio;
    }

    @Test
    void aClearlyHigherCostIsCoveredByItsIntervalAndBIsNamedLowerDespiteASharedDrift() {
        Estimated ratio = estimated(rounds(12, 1.30, 1));

        assertThat(ratio.low()).isLessThanOrEqualTo(1.30);
        assertThat(ratio.high()).isGreaterThanOrEqualTo(1.30);
        assertThat(ratio.low()).isGreaterThan(1);
        assertThat(ratio.verdict()).isEqualTo(Verdict.B_LOWER);
        assertThat(ratio.rounds()).isEqualTo(12);
        // The slices' plain spread is mostly the drift; the paired interval is not.
        assertThat(ratio.slicesA().percent().orElseThrow()).isGreaterThan(50.0);
        assertThat((ratio.high() - ratio.low()) / ratio.ratio()).isLessThan(0.10);
        assertThat(ratio.ratio()).isBetween(ratio.low(), ratio.high());
    }

    @Test
    void aClearlyLowerCostNamesALower() {
        Estimated ratio = estimated(rounds(12, 0.70, 2));

        assertThat(ratio.low()).isLessThanOrEqualTo(0.70);
        assertThat(ratio.high()).isGreaterThanOrEqualTo(0.70).isLessThan(1);
        assertThat(ratio.verdict()).isEqualTo(Verdict.A_LOWER);
    }

    @Test
    void equalCostsAreEven() {
        Estimated ratio = estimated(rounds(12, 1.0, 9));

        assertThat(ratio.low()).isLessThanOrEqualTo(1);
        assertThat(ratio.high()).isGreaterThanOrEqualTo(1);
        assertThat(ratio.verdict()).isEqualTo(Verdict.EVEN);
    }

    /** Equal costs name a lower one only as often as an interval misses the truth: about 1 in 20, not more. */
    @Test
    void equalCostsRarelyNameALead() {
        int runs = 400;
        long leads = 0;
        for (int run = 0; run < runs; run++) {
            if (estimated(rounds(12, 1.0, 2000 + run)).verdict() != Verdict.EVEN) {
                leads++;
            }
        }

        assertThat(100.0 * leads / runs).isLessThanOrEqualTo(12.0);
    }

    /**
     * How often the interval holds the true ratio, over many made-up runs at the fewest rounds allowed: what
     * {@link Thresholds#MIN_RATIO_ROUNDS} promises. A percentile bootstrap from few rounds is narrower than its nominal
     * confidence; this bounds by how much.
     */
    @Test
    void atTheFewestRoundsTheIntervalHoldsTheTrueRatioAlmostAsOftenAsItsConfidenceSays() {
        int runs = 400;
        int covered = 0;
        for (int run = 0; run < runs; run++) {
            Estimated ratio = estimated(rounds(Thresholds.MIN_RATIO_ROUNDS, 1.15, 1000 + run));
            if (ratio.low() <= 1.15 && 1.15 <= ratio.high()) {
                covered++;
            }
        }

        assertThat(100.0 * covered / runs).isGreaterThanOrEqualTo(85.0).isLessThanOrEqualTo(97.0);
    }

    @Test
    void swappingAAndBGivesTheReciprocalAndTheMirroredVerdict() {
        Rounds rounds = rounds(10, 1.2, 3);
        Estimated ab = estimated(rounds);
        Estimated ba = estimated(new Rounds(rounds.b(), rounds.a()));

        assertThat(ba.ratio()).isCloseTo(1 / ab.ratio(), within(1e-12));
        assertThat(ba.low()).isCloseTo(1 / ab.high(), within(1e-12));
        assertThat(ba.high()).isCloseTo(1 / ab.low(), within(1e-12));
        assertThat(ab.verdict()).isEqualTo(Verdict.B_LOWER);
        assertThat(ba.verdict()).isEqualTo(Verdict.A_LOWER);
    }

    @Test
    void theSameSlicesAlwaysGiveTheSameInterval() {
        Rounds rounds = rounds(10, 1.05, 4);

        assertThat(PairedRatio.of(rounds.a(), rounds.b())).isEqualTo(PairedRatio.of(rounds.a(), rounds.b()));
    }

    @Test
    void theRoundsArePairedNotPooled() {
        // The same slices with B's rounds shuffled: the drift no longer cancels, and the interval widens.
        Rounds rounds = rounds(12, 1.30, 5);
        List<Double> shuffledB = new ArrayList<>(rounds.b());
        Collections.shuffle(shuffledB, new Random(5));

        Estimated paired = estimated(rounds);
        Estimated unpaired = estimated(new Rounds(rounds.a(), shuffledB));

        assertThat(Math.log(unpaired.high() / unpaired.low()))
                .isGreaterThan(3 * Math.log(paired.high() / paired.low()));
    }

    @Test
    void roundsWithTheSameRatioGiveAnIntervalOfThatRatioAlone() {
        Estimated equal = estimated(new Rounds(
                List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0), List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0)));
        Estimated double_ = estimated(new Rounds(
                List.of(2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0, 16.0), List.of(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0)));

        assertThat(List.of(equal.ratio(), equal.low(), equal.high())).containsOnly(1.0);
        assertThat(equal.verdict()).isEqualTo(Verdict.EVEN);
        assertThat(equal.roundRatios()).isEqualTo(new Spread(1.0, 1.0, 1.0));
        assertThat(double_.low()).isCloseTo(2.0, within(1e-12));
        assertThat(double_.high()).isCloseTo(2.0, within(1e-12));
        assertThat(double_.verdict()).isEqualTo(Verdict.B_LOWER);
    }

    @Test
    void tooFewRoundsGiveNoRatioAndSaySo() {
        Rounds rounds = rounds(Thresholds.MIN_RATIO_ROUNDS - 1, 1.5, 6);

        assertThat(PairedRatio.of(rounds.a(), rounds.b()))
                .isEqualTo(new NotEstimated(Missing.TOO_FEW_ROUNDS, Thresholds.MIN_RATIO_ROUNDS - 1));
        assertThat(PairedRatio.of(List.of(), List.of())).isEqualTo(new NotEstimated(Missing.TOO_FEW_ROUNDS, 0));
    }

    @Test
    void aSliceThatMeasuredNothingGivesNoRatioRatherThanZeroOrInfinity() {
        Rounds rounds = rounds(10, 1.5, 7);
        List<Double> withZero = new ArrayList<>(rounds.b());
        withZero.set(3, 0.0);

        assertThat(PairedRatio.of(rounds.a(), withZero)).isEqualTo(new NotEstimated(Missing.NOT_POSITIVE, 10));
        assertThat(PairedRatio.of(withZero, rounds.a())).isEqualTo(new NotEstimated(Missing.NOT_POSITIVE, 10));
    }

    @Test
    void figuresThatAreNotOnePerRoundOrNotNumbersAreTheCallersMistake() {
        Rounds rounds = rounds(10, 1.5, 8);
        List<Double> withNaN = new ArrayList<>(rounds.a());
        withNaN.set(0, Double.NaN);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairedRatio.of(rounds.a(), rounds.b().subList(0, 9)))
                .withMessageContaining("10 for A, 9 for B");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> PairedRatio.of(withNaN, rounds.b()))
                .withMessageContaining("NaN");
    }
}
