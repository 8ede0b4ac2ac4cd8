package loadlab.loadtest.measure;

import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * One figure of target A over the same figure of target B, from slices measured side by side: in each round both
 * targets ran one slice each, minutes apart at most, so whatever the host's speed did in that round it did to both.
 * <p>
 * The estimate is the geometric mean of the per-round ratios A/B, exp(mean(ln(a/b))). Why this one:
 * <ul>
 *   <li>the host's drift is a factor (a slower minute makes every request cost more CPU by the same share), so the
 *       ratio within a round cancels it, where a ratio of two medians or two means over all rounds lets the rounds on
 *       a slow stretch weigh more;
 *   <li>it is symmetric: B/A is exactly the reciprocal of A/B, interval included, so which model is named first never
 *       changes a verdict;
 *   <li>it uses every round, and a mean's bootstrap is smooth where a median's, over tens of rounds, jumps between a
 *       few values.
 * </ul>
 * The interval is a bootstrap percentile interval over rounds: rounds are resampled whole, so each resample keeps A
 * and B of a round together. The generator's seed is fixed, so the same slices always give the same interval and a
 * report regenerated from its data files does not change. The resample count, the confidence and the fewest rounds
 * are in {@link Thresholds}.
 */
public sealed interface PairedRatio {

    /** Any seed would do; fixed so that an interval is a function of the slices alone. */
    long BOOTSTRAP_SEED = 34;

    /** What the interval says, for a figure where lower is better (a cost): only an interval clear of 1 names one. */
    enum Verdict {
        A_LOWER,
        B_LOWER,
        /** The interval includes 1, its ends too. */
        EVEN
    }

    /** Why a pair of targets has no ratio. */
    enum Missing {
        /** Fewer rounds than {@link Thresholds#MIN_RATIO_ROUNDS}: a percentile interval from so few is too narrow. */
        TOO_FEW_ROUNDS,
        /** A slice's figure is 0 or negative: that slice measured nothing, and no ratio of it means anything. */
        NOT_POSITIVE
    }

    /** The rounds both targets took part in. */
    int rounds();

    /**
     * @param ratio       geometric mean of the per-round ratios A/B
     * @param low         the interval's lower end, at {@link Thresholds#RATIO_CONFIDENCE_PERCENT}
     * @param high        its upper end
     * @param slicesA     A's own figures across its slices: the plain spread, drift included
     * @param slicesB     B's, likewise
     * @param roundRatios the per-round ratios A/B the estimate is made of
     */
    record Estimated(
            double ratio,
            double low,
            double high,
            Verdict verdict,
            int rounds,
            Spread slicesA,
            Spread slicesB,
            Spread roundRatios)
            implements PairedRatio {

        public Estimated {
            if (!(0 < low && low <= high && Double.isFinite(high) && Double.isFinite(ratio) && ratio > 0)) {
                throw new IllegalArgumentException("need 0 < low <= high, all finite, and a positive ratio: " + ratio
                        + " [" + low + ", " + high + "]");
            }
        }
    }

    record NotEstimated(Missing why, int rounds) implements PairedRatio {}

    /**
     * @param a A's figure in each round, in round order
     * @param b B's figure in the same rounds, in the same order
     * @throws IllegalArgumentException when the two do not have one figure per round each, or a figure is NaN or
     *                                  infinite: those are a caller's mistake, not a measurement
     */
    static PairedRatio of(List<Double> a, List<Double> b) {
        return of(a, b, Thresholds.RATIO_RESAMPLES, Thresholds.RATIO_CONFIDENCE_PERCENT);
    }

    static PairedRatio of(List<Double> a, List<Double> b, int resamples, double confidencePercent) {
        if (a.size() != b.size()) {
            throw new IllegalArgumentException(
                    "pair one figure per round: " + a.size() + " for A, " + b.size() + " for B");
        }
        if (resamples < 1 || !(confidencePercent > 0 && confidencePercent < 100)) {
            throw new IllegalArgumentException(
                    "need resamples >= 1 and 0 < confidence < 100: " + resamples + ", " + confidencePercent);
        }
        if (a.stream().anyMatch(value -> !Double.isFinite(value))
                || b.stream().anyMatch(value -> !Double.isFinite(value))) {
            throw new IllegalArgumentException("figures must be finite: " + a + " / " + b);
        }
        int rounds = a.size();
        if (rounds < Thresholds.MIN_RATIO_ROUNDS) {
            return new NotEstimated(Missing.TOO_FEW_ROUNDS, rounds);
        }
        if (a.stream().anyMatch(value -> value <= 0) || b.stream().anyMatch(value -> value <= 0)) {
            return new NotEstimated(Missing.NOT_POSITIVE, rounds);
        }
        List<Double> roundRatios =
                IntStream.range(0, rounds).mapToObj(i -> a.get(i) / b.get(i)).toList();
        double[] logRatios = roundRatios.stream().mapToDouble(Math::log).toArray();
        double[] means = resampledMeans(logRatios, resamples);
        double tail = (100 - confidencePercent) / 200;
        // The same rank from each end, so that swapping A and B mirrors the interval exactly.
        int lowRank = (int) Math.floor(tail * resamples);
        int highRank = resamples - 1 - lowRank;
        double low = Math.exp(means[lowRank]);
        double high = Math.exp(means[highRank]);
        Verdict verdict = high < 1 ? Verdict.A_LOWER : low > 1 ? Verdict.B_LOWER : Verdict.EVEN;
        return new Estimated(
                Math.exp(mean(logRatios)),
                low,
                high,
                verdict,
                rounds,
                Spread.of(a),
                Spread.of(b),
                Spread.of(roundRatios));
    }

    /** The mean of each of {@code resamples} resamples of rounds, drawn with replacement, sorted. */
    private static double[] resampledMeans(double[] logRatios, int resamples) {
        Random random = new Random(BOOTSTRAP_SEED);
        double[] means = new double[resamples];
        double[] drawn = new double[logRatios.length];
        for (int resample = 0; resample < resamples; resample++) {
            for (int i = 0; i < drawn.length; i++) {
                drawn[i] = logRatios[random.nextInt(logRatios.length)];
            }
            means[resample] = mean(drawn);
        }
        Arrays.sort(means);
        return means;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }
}
