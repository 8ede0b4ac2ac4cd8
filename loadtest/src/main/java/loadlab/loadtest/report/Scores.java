package loadlab.loadtest.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.Intervals;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;

/**
 * One target's headline figures at one load, over its runs, each with its interval: the spread of the runs when it was
 * repeated, else one computed from the run ({@link Intervals}), never narrower than what one run of the same build is
 * known to move by ({@link Thresholds#THROUGHPUT_NOISE_PERCENT} and the others).
 *
 * @param runs every run of the target at this load, in run order
 * @param slices the target's slices when it was measured side by side (interleaved), else empty: then its cost is read
 *     from them, since its points carry none
 */
record Scores(Target target, List<Point> runs, List<SliceFigures> slices) {

    Scores(Target target, List<Point> runs) {
        this(target, runs, List.of());
    }

    boolean interleaved() {
        return !slices.isEmpty();
    }

    Optional<Outcome.Failed> failure() {
        return runs.stream()
                .map(Point::outcome)
                .filter(o -> o instanceof Outcome.Failed)
                .map(o -> (Outcome.Failed) o)
                .findFirst();
    }

    /**
     * Whether every run served the load, so that its figures may compete: good throughput at least
     * {@link Thresholds#SERVED_SHARE} of its ceiling, or that share of its completed requests good (a model held back
     * by its CPU far below a ceiling that CPU makes meaningless).
     */
    boolean served() {
        return failure().isEmpty()
                && runs.stream().map(p -> p.stats().orElseThrow()).allMatch(Scores::served);
    }

    private static boolean served(RunStats s) {
        return s.requests() > 0
                && (s.goodPerSecond() >= Thresholds.SERVED_SHARE * s.ceilingPerSecond()
                        || s.requests() - s.errors() >= Thresholds.SERVED_SHARE * s.requests());
    }

    Optional<Estimate> good() {
        if (failure().isPresent()) {
            return Optional.empty();
        }
        if (runs.size() > 1) {
            return spread(p -> OptionalDouble.of(p.stats().orElseThrow().goodPerSecond()));
        }
        RunStats s = runs.getFirst().stats().orElseThrow();
        return Optional.of(Intervals.rate(s.requests() - s.errors(), s.window().seconds())
                .atLeast(Thresholds.THROUGHPUT_NOISE_PERCENT));
    }

    Optional<Estimate> tail(TailFigure tail) {
        return failure().isPresent() ? Optional.empty() : tail.of(runs);
    }

    Optional<Estimate> cost(Figure figure) {
        return figure(figure, Thresholds.COST_NOISE_PERCENT);
    }

    Optional<Estimate> memory(Figure figure) {
        return figure(figure, Thresholds.MEMORY_NOISE_PERCENT);
    }

    private Optional<Estimate> figure(Figure figure, double noisePercent) {
        if (failure().isPresent()) {
            return Optional.empty();
        }
        if (interleaved() && figure == Figure.CPU) {
            // The slices' spread, drift included: what the target's own figure moved by. Which model leads is the
            // paired ratios' to say (Decision), not this interval's.
            List<Double> values = slices.stream()
                    .map(SliceFigures::cpuSecondsPer1000Requests)
                    .filter(OptionalDouble::isPresent)
                    .map(OptionalDouble::getAsDouble)
                    .toList();
            return values.isEmpty() ? Optional.empty() : Optional.of(Estimate.of(Spread.of(values)));
        }
        Optional<Estimate> estimate = spread(p -> figure.value().apply(p.stats().orElseThrow(), p.cost()));
        return runs.size() > 1 ? estimate : estimate.map(e -> e.atLeast(noisePercent));
    }

    private Optional<Estimate> spread(java.util.function.Function<Point, OptionalDouble> value) {
        return Cells.values(runs, value).map(values -> Estimate.of(Spread.of(values)));
    }

    /**
     * The one CPU figure of a table's headline: the app's CPU over slow-server's in the same window where every app's
     * every run has it, since it is the CPU figure that repeats (across the three runs of the default comparison it
     * spread 2-5% per app, where CPU s / 1000 req spread up to 19% and its normalised form up to 17%); else CPU s /
     * 1000 req (a database backend, a target on another host).
     */
    static Figure cpuFigure(List<Point> points) {
        boolean everyApp = points.stream()
                .filter(p -> p.target().isApp() && p.stats().isPresent())
                .allMatch(p -> p.cost().cpuOverBackend().isPresent());
        return everyApp ? Figure.CPU_OVER_BACKEND : Figure.CPU;
    }

    /** The ranking of CPU over slow-server's holds only between apps that served the same rate: see the Method. */
    static boolean ratesMatter(Figure cpu) {
        return cpu == Figure.CPU_OVER_BACKEND;
    }

    /** Every target's runs at one load, in run order. */
    static List<Scores> atLoad(ResultSet results, LoadShape load) {
        Map<Target, List<Point>> byTarget = results.byTarget();
        return byTarget.entrySet().stream()
                .map(e -> new Scores(
                        e.getKey(),
                        e.getValue().stream().filter(p -> p.load().equals(load)).toList(),
                        results.sideBySide()
                                .map(side -> side.of(e.getKey().name()))
                                .orElse(List.of())))
                .filter(s -> !s.runs().isEmpty())
                .toList();
    }
}
