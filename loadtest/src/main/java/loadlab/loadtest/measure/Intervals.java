package loadlab.loadtest.measure;

import java.util.OptionalLong;

/**
 * Intervals computed from one run's counts and its stored percentiles, at {@link Thresholds#CONFIDENCE_Z} standard
 * errors: what chance alone lets a figure move when the same run is drawn again. A data file keeps a run's exact
 * percentiles (p50, p90, p95, p99, max) and its counts, not every response time, so a percentile's interval is read
 * from those; each method says how.
 */
public final class Intervals {

    private static final double[] STORED = {0.50, 0.90, 0.95, 0.99, 1.0};

    private Intervals() {}

    /**
     * Wilson's score interval for a share of {@code k} in {@code n}: never outside [0, 1], and right near 0 and 1 where
     * the normal approximation is not.
     */
    public static Estimate wilson(long k, long n) {
        if (n <= 0 || k < 0 || k > n) {
            throw new IllegalArgumentException("need 0 <= k <= n and n > 0: k=" + k + ", n=" + n);
        }
        double z = Thresholds.CONFIDENCE_Z;
        double p = (double) k / n;
        double denominator = 1 + z * z / n;
        double centre = (p + z * z / (2.0 * n)) / denominator;
        double half = z * Math.sqrt(p * (1 - p) / n + z * z / (4.0 * n * n)) / denominator;
        return new Estimate(p, Math.max(0, Math.min(p, centre - half)), Math.min(1, Math.max(p, centre + half)));
    }

    /** A rate of {@code count} events over {@code seconds}, the count varying by its square root (Poisson). */
    public static Estimate rate(long count, double seconds) {
        double half = Thresholds.CONFIDENCE_Z * Math.sqrt(count);
        return new Estimate(count / seconds, Math.max(0, count - half) / seconds, (count + half) / seconds);
    }

    /**
     * p99's distribution-free interval: the order statistics whose ranks are n·0.99 ± z·√(n·0.99·0.01), read off the
     * stored percentiles. Between two stored ones (p95 and p99, p99 and the max, whose rank is taken as n − ½) the
     * value is interpolated on log(1 − fraction), as an exponential tail would have it.
     */
    public static Estimate p99(ResponseTimes times, int requests) {
        double p = 0.99;
        double half = Thresholds.CONFIDENCE_Z * Math.sqrt(p * (1 - p) / requests);
        return new Estimate(
                times.p99Ms(),
                Math.min(times.p99Ms(), at(times, requests, Math.max(0.5, p - half))),
                Math.max(times.p99Ms(), at(times, requests, Math.min(top(requests), p + half))));
    }

    /**
     * Whether p99 cannot stand for the tail: the tail above p95 spans more than {@link Thresholds#TAIL_MODES_RATIO}, so
     * it holds a second mode (requests at a timeout, a stall) of unknown size, from one request to 5%. p99 then sits in
     * whichever mode that size puts it, and two runs, or two models with the same tail, can land on either side.
     */
    public static boolean tailHasTwoModes(ResponseTimes times) {
        return times.maxMs() >= Thresholds.TAIL_MODES_RATIO * Math.max(1, times.p95Ms());
    }

    /**
     * The share of requests slower than {@code thresholdMs}, bounded by the stored percentiles: at most the share above
     * the largest one at or under the threshold, at least the share from the smallest one over it (one request for the
     * max); each bound then widened by Wilson's interval for that many of {@code requests}. With {@code exactly} (a
     * count the error classes give, e.g. the timeouts when the threshold is the timeout) the share is that count's.
     */
    public static Estimate shareOver(ResponseTimes times, int requests, double thresholdMs, OptionalLong exactly) {
        if (exactly.isPresent()) {
            return wilson(exactly.getAsLong(), requests);
        }
        long[] values = values(times);
        long atMost = requests;
        long atLeast = 0;
        for (int i = 0; i < STORED.length; i++) {
            long rank = rank(STORED[i], requests);
            if (values[i] <= thresholdMs) {
                atMost = requests - rank;
            } else if (atLeast == 0) {
                atLeast = requests - rank + 1;
            }
        }
        return Estimate.between(
                wilson(atLeast, requests).low(), wilson(atMost, requests).high());
    }

    private static long rank(double fraction, int requests) {
        return Math.max(1, (long) Math.ceil(fraction * requests - 1e-9));
    }

    private static double top(int requests) {
        return 1 - 0.5 / requests;
    }

    private static long[] values(ResponseTimes t) {
        return new long[] {t.p50Ms(), t.p90Ms(), t.p95Ms(), t.p99Ms(), t.maxMs()};
    }

    /** The value at {@code fraction}, interpolated between the stored percentiles on log(1 − fraction). */
    private static double at(ResponseTimes times, int requests, double fraction) {
        long[] values = values(times);
        double[] fractions = STORED.clone();
        fractions[fractions.length - 1] = top(requests);
        for (int i = 1; i < fractions.length; i++) {
            if (fraction <= fractions[i]) {
                double from = Math.log(1 - fractions[i - 1]);
                double to = Math.log(1 - fractions[i]);
                double along = (Math.log(1 - fraction) - from) / (to - from);
                return values[i - 1] + along * (values[i] - values[i - 1]);
            }
        }
        return values[values.length - 1];
    }
}
