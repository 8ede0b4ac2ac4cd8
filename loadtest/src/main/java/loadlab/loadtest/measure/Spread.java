package loadlab.loadtest.measure;

import java.math.BigDecimal;
import java.util.List;
import java.util.OptionalDouble;

/**
 * How far one figure moved across the repeats of a target: its median, lowest and highest value, one value per
 * repeat. A repeat's percentile is exact over that repeat's own requests; this only ever ranks such per-repeat
 * figures, never pools or averages the requests behind them.
 *
 * @param median for an even count the mean of the two middle values, so that two repeats give their midpoint rather
 *               than whichever happened to sort lower
 */
public record Spread(double median, double min, double max) {

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final BigDecimal TWO = BigDecimal.valueOf(2);

    public Spread {
        if (!(min <= median && median <= max)) {
            throw new IllegalArgumentException("need min <= median <= max: " + min + ", " + median + ", " + max);
        }
    }

    /**
     * @param values one per repeat, in any order; negative values are not expected but are handled
     * @throws IllegalArgumentException when there are none, or one is NaN or infinite
     */
    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("a spread needs at least one value");
        }
        if (values.stream().anyMatch(value -> !Double.isFinite(value))) {
            throw new IllegalArgumentException("values must be finite: " + values);
        }
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        // Decimal, so that the midpoint of two repeats is the one a reader would compute from the printed values.
        double median = sorted.size() % 2 == 1
                ? sorted.get(middle)
                : decimal(sorted.get(middle - 1))
                        .add(decimal(sorted.get(middle)))
                        .divide(TWO)
                        .doubleValue();
        return new Spread(median, sorted.getFirst(), sorted.getLast());
    }

    /**
     * (max − min) / |median| × 100. The median's magnitude, so that a (never expected) negative median still gives a
     * width rather than a negative one.
     *
     * @return 0 when all values are equal, zeros included; empty when the median is 0 and the values differ, since no
     *         relative width exists then
     */
    public OptionalDouble percent() {
        if (max == min) {
            return OptionalDouble.of(0);
        }
        if (median == 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(100 * (max - min) / Math.abs(median));
    }

    /**
     * A spread above {@code noisePercent}, the figure's own noise in {@link Thresholds}; exactly that is not. Values
     * that differ around a median of 0 are flagged: a figure that is 0 in most repeats and not in another did not
     * repeat. Compared in decimal, so that a width the printed values put at exactly the threshold is not flagged by a
     * binary rounding error.
     */
    public boolean flagged(double noisePercent) {
        if (max == min) {
            return false;
        }
        if (median == 0) {
            return true;
        }
        BigDecimal width = decimal(max).subtract(decimal(min)).multiply(HUNDRED);
        return width.compareTo(decimal(Math.abs(median)).multiply(BigDecimal.valueOf(noisePercent))) > 0;
    }

    private static BigDecimal decimal(double value) {
        return BigDecimal.valueOf(value);
    }
}
