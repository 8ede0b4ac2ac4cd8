package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Spread;

/**
 * One figure per cell, the same on every page: a run's own figure, or, for a target run more than once, the median of
 * its runs with their lowest and highest, {@code median (min–max)}, and {@link #NOISY} when that spread is above the
 * figure's noise. A figure that any run lacks is n/a: a median over the runs that happen to have it would hide that.
 */
final class Cells {

    /** Marks a figure whose spread across runs is above its noise ({@link Figure#noisePercent}): it did not repeat. */
    static final String NOISY = "⚠";

    private Cells() {}

    static String of(Figure figure, List<Point> runs) {
        return values(runs, p -> figure.value().apply(p.stats().orElseThrow(), p.cost()))
                .map(values -> of(values, figure.format(), figure.noisePercent()))
                .orElse(Format.NOT_AVAILABLE);
    }

    /** The cell of any per-run value, e.g. one that no {@link Figure} names. */
    static String of(List<Point> runs, Function<Point, OptionalDouble> value, DoubleFunction<String> format) {
        return values(runs, value)
                .map(values -> of(values, format, Double.MAX_VALUE))
                .orElse(Format.NOT_AVAILABLE);
    }

    static String of(List<Double> values, DoubleFunction<String> format, double noisePercent) {
        Spread spread = Spread.of(values);
        if (values.size() == 1) {
            return format.apply(spread.median());
        }
        return format.apply(spread.median()) + " (" + format.apply(spread.min()) + "–" + format.apply(spread.max())
                + ")" + (spread.flagged(noisePercent) ? " " + NOISY : "");
    }

    /** Each run's value, in run order; empty when any run failed or lacks it. */
    static Optional<List<Double>> values(List<Point> runs, Function<Point, OptionalDouble> value) {
        List<Double> values = new ArrayList<>();
        for (Point run : runs) {
            if (run.stats().isEmpty()) {
                return Optional.empty();
            }
            OptionalDouble v = value.apply(run);
            if (v.isEmpty()) {
                return Optional.empty();
            }
            values.add(v.getAsDouble());
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(values);
    }
}
