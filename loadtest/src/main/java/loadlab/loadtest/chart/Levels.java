package loadlab.loadtest.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * The points of a sweep or an open workload laid out by level (users or rate) and target.
 *
 * @param positions the levels, ascending: the plan's and any other a point was run at
 * @param order     targets with points, in run order
 * @param failed    "target at level" of every failed level, for the note under the chart
 */
record Levels(
        List<Double> positions, List<Target> order, Map<Target, Map<Double, Point>> byTarget, List<String> failed) {

    static Levels of(ResultSet results) {
        List<Double> positions = DoubleStream.concat(
                        results.plan().loads().stream().mapToDouble(LoadShape::level),
                        results.points().stream().mapToDouble(p -> p.load().level()))
                .sorted()
                .distinct()
                .boxed()
                .toList();
        Map<Target, Map<Double, Point>> byTarget = new LinkedHashMap<>();
        results.byTarget().forEach((target, points) -> {
            Map<Double, Point> atLevel = new LinkedHashMap<>();
            points.forEach(p -> atLevel.putIfAbsent(p.load().level(), p));
            byTarget.put(target, atLevel);
        });
        List<String> failed = new ArrayList<>();
        byTarget.forEach((target, atLevel) -> {
            for (double at : positions) {
                Point point = atLevel.get(at);
                if (point != null && point.failed()) {
                    failed.add(target.name() + " at " + label(at));
                }
            }
        });
        return new Levels(positions, List.copyOf(byTarget.keySet()), byTarget, failed);
    }

    int count() {
        return positions.size();
    }

    List<String> labels() {
        return positions.stream().map(Levels::label).toList();
    }

    /** Targets with at least one measured level: a target that only failed has nothing to draw. */
    List<Target> shown() {
        return order.stream()
                .filter(t -> byTarget.get(t).values().stream().anyMatch(p -> !p.failed()))
                .toList();
    }

    Optional<Point> point(Target target, double at) {
        return Optional.ofNullable(byTarget.getOrDefault(target, Map.of()).get(at));
    }

    /** The load the target had at a level, or the plan's load there when it has no point at it. */
    LoadShape loadAt(Target target, double at, Plan plan) {
        return point(target, at)
                .map(Point::load)
                .or(() -> plan.loads().stream().filter(l -> l.level() == at).findFirst())
                .orElseThrow();
    }

    double[] values(Target target, ToDoubleFunction<RunStats> value) {
        return positions.stream()
                .mapToDouble(at -> point(target, at)
                        .flatMap(Point::stats)
                        .map(value::applyAsDouble)
                        .orElse(Double.NaN))
                .toArray();
    }

    /** A note for the x-axis title, so a gap in a line is not read as a level that was never run. */
    String notShown(String unit) {
        return failed.isEmpty()
                ? ""
                : "   (failed, not shown: " + failed.stream().map(f -> f + unit).collect(Collectors.joining(", "))
                        + ")";
    }

    static String label(double level) {
        return level == Math.rint(level)
                ? String.format(Locale.ROOT, "%.0f", level)
                : String.format(Locale.ROOT, "%.1f", level);
    }
}
