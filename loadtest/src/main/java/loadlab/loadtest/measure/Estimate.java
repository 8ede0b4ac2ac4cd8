package loadlab.loadtest.measure;

/**
 * A figure with the interval it is known to within: the median of repeats with their lowest and highest, or one run's
 * value with an interval computed from its requests ({@link Intervals}). Two figures differ only where their intervals
 * do not overlap: anything less could be the run, not the model.
 *
 * @param value what a table shows: the median of the runs, or the run's own figure
 */
public record Estimate(double value, double low, double high) {

    public Estimate {
        if (!(low <= value && value <= high)) {
            throw new IllegalArgumentException("need low <= value <= high: " + low + ", " + value + ", " + high);
        }
    }

    /** Repeats: the median, with the lowest and highest run as its interval. */
    public static Estimate of(Spread spread) {
        return new Estimate(spread.median(), spread.min(), spread.max());
    }

    /** A figure known exactly (a count, a setting). */
    public static Estimate exactly(double value) {
        return new Estimate(value, value, value);
    }

    /** Whether this one is larger than {@code other} by more than both intervals: its lowest above the other's highest. */
    public boolean above(Estimate other) {
        return low > other.high;
    }

    /** Whether this one is smaller than {@code other} by more than both intervals. */
    public boolean below(Estimate other) {
        return high < other.low;
    }

    /** The same figure with its interval widened to at least {@code percent} of its value either side. */
    public Estimate atLeast(double percent) {
        double half = Math.abs(value) * percent / 100;
        return new Estimate(value, Math.min(low, value - half), Math.max(high, value + half));
    }

    /** The interval alone, without a value inside it, when only bounds are known: its midpoint stands for it. */
    public static Estimate between(double low, double high) {
        return new Estimate((low + high) / 2, low, high);
    }
}
