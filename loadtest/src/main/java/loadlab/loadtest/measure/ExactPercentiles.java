package loadlab.loadtest.measure;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Arrays;

/**
 * Exact percentiles of a set of values by the nearest-rank definition: the p-th percentile of n sorted values
 * is the value at (1-based) rank ceil(p/100 * n), and the 0th is the minimum. Every percentile is one of the
 * observed values, and percentiles are monotonic in p by construction because all ranks index the same sorted
 * array. JMeter's own figures are P-square estimates, which were seen to be non-monotonic under errors.
 */
final class ExactPercentiles {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private final long[] sorted;

    private ExactPercentiles(long[] sorted) {
        this.sorted = sorted;
    }

    /** Copies and sorts the values; the caller's array is left alone. */
    public static ExactPercentiles of(long[] values) {
        long[] copy = values.clone();
        Arrays.sort(copy);
        return new ExactPercentiles(copy);
    }

    public int count() {
        return sorted.length;
    }

    public boolean isEmpty() {
        return sorted.length == 0;
    }

    /**
     * The nearest-rank percentile.
     *
     * @param percentile in [0, 100]
     * @throws IllegalStateException when there are no values
     */
    public long at(double percentile) {
        if (percentile < 0 || percentile > 100 || Double.isNaN(percentile)) {
            throw new IllegalArgumentException("percentile must be in [0, 100]: " + percentile);
        }
        requireValues();
        // Decimal arithmetic, because in binary 0.9 * 100 is 90.00000000000001 and its ceiling would skip a rank.
        int rank = BigDecimal.valueOf(percentile)
                .multiply(BigDecimal.valueOf(sorted.length))
                .divide(HUNDRED, 0, RoundingMode.CEILING)
                .intValueExact();
        return sorted[Math.max(rank, 1) - 1];
    }

    public long min() {
        requireValues();
        return sorted[0];
    }

    public long max() {
        requireValues();
        return sorted[sorted.length - 1];
    }

    public double mean() {
        requireValues();
        double sum = 0;
        for (long value : sorted) {
            sum += value;
        }
        return sum / sorted.length;
    }

    private void requireValues() {
        if (sorted.length == 0) {
            throw new IllegalStateException("no values: callers must treat an empty set as n/a");
        }
    }
}
