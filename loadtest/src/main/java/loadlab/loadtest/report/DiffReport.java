package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Yardstick;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * Two result sets compared figure by figure (e.g. two JDKs, two commits, two machines): per target and load, A, B
 * and the change, marked only where the change is larger than the noise ({@link #beyondNoise}); and, where both were
 * measured side by side, each pair of apps' cost ratio in A and in B, so that a repeat shows whether its ratios and
 * leads held.
 */
public final class DiffReport {

    /** One data file present in both folders. */
    public record Pair(String name, ResultSet a, ResultSet b) {}

    private DiffReport() {}

    record View(String a, String b, String noise, String ratioRepeat, String confidence, List<PairView> pairs) {}

    record PairView(
            String name, Side a, Side b, List<String> headers, List<Row> rows, List<RatioRepeat.Change> ratios) {}

    record Side(String commit, String jdk, String dateTime) {

        static Side of(ResultSet results) {
            return new Side(
                    Markdown.code(results.environment().gitCommit()),
                    results.environment().jdk(),
                    results.environment().dateTime());
        }
    }

    record Row(String target, String load, List<String> cells) {}

    public static String render(String labelA, String labelB, List<Pair> pairs) {
        return Common.TEMPLATES.render(
                "diff",
                new View(
                        Markdown.code(labelA),
                        Markdown.code(labelB),
                        Figure.NOISE_LEGEND,
                        Format.whole(Thresholds.RATIO_REPEAT_PERCENT),
                        Format.whole(Thresholds.RATIO_CONFIDENCE_PERCENT),
                        pairs.stream().map(DiffReport::pair).toList()));
    }

    private static PairView pair(Pair pair) {
        // The normalised CPU only when both sides timed the CPU, with the same work: against an older file it would be
        // n/a throughout, and figures normalised by different work are in different units.
        List<Figure> figures = Figure.diffed(
                speedTimed(pair.a())
                        && speedTimed(pair.b())
                        && yardsticks(pair.a()).equals(yardsticks(pair.b())),
                backendSampled(pair.a()) && backendSampled(pair.b()));
        List<Row> rows = new ArrayList<>();
        for (Target target : pair.a().targets()) {
            for (Point first : firstRuns(pair.a(), target)) {
                List<Point> runsA = runsAt(pair.a(), target, first);
                List<Point> runsB = pair.b().targets().stream()
                        .filter(t -> t.name().equals(target.name()))
                        .findFirst()
                        .map(t -> runsAt(pair.b(), t, first))
                        .orElse(List.of());
                if (runsB.isEmpty()) {
                    continue;
                }
                rows.add(new Row(
                        Markdown.cell(target.name()),
                        first.load().label(),
                        figures.stream()
                                .map(figure -> cell(figure, runsA, runsB))
                                .toList()));
            }
        }
        return new PairView(
                pair.name(),
                Side.of(pair.a()),
                Side.of(pair.b()),
                figures.stream().map(Figure::header).toList(),
                rows,
                RatioRepeat.of(pair.a(), pair.b()));
    }

    private static boolean speedTimed(ResultSet results) {
        return Figure.speedTimed(results.points().stream().map(Point::cost).toList());
    }

    private static boolean backendSampled(ResultSet results) {
        return Figure.backendSampled(results.points().stream().map(Point::cost).toList());
    }

    private static Set<Yardstick> yardsticks(ResultSet results) {
        return results.points().stream()
                .flatMap(point -> point.cost().speed().stream())
                .map(CpuSpeed::yardstick)
                .collect(Collectors.toSet());
    }

    private static List<Point> firstRuns(ResultSet results, Target target) {
        return results.of(target).stream().filter(p -> p.run() == 1).toList();
    }

    /** The measured runs of a target at the load of {@code like}; empty when any of them failed. */
    private static List<Point> runsAt(ResultSet results, Target target, Point like) {
        List<Point> runs = results.of(target).stream()
                .filter(p -> p.load().equals(like.load()))
                .toList();
        return runs.stream().anyMatch(Point::failed) ? List.of() : runs;
    }

    private static String cell(Figure figure, List<Point> runsA, List<Point> runsB) {
        Optional<Spread> a = spread(figure, runsA);
        Optional<Spread> b = spread(figure, runsB);
        if (a.isEmpty() || b.isEmpty()) {
            return Format.NOT_AVAILABLE;
        }
        double from = a.get().median();
        double to = b.get().median();
        String change = from == 0
                ? (to == 0 ? "±0" : "new")
                : (to >= from ? "+" : "") + Format.percent(100 * (to - from) / Math.abs(from)) + "%";
        boolean marked = beyondNoise(figure, a.get(), b.get());
        return figure.format().apply(from) + " → " + figure.format().apply(to) + " ("
                + (marked ? "**" + change + "**" : change) + ")";
    }

    /**
     * Whether B's median moved from A's by more than the noise: the wider of the two sides' ranges (max − min), and in
     * any case more than the figure's own noise ({@link Figure#noisePercent}) of A. Three runs' range is a low estimate
     * of what one more run can do: a p99 that stayed within 2 ms over three runs, or a throughput within 1.8%, moved
     * further than that in a fourth run of the same build.
     */
    static boolean beyondNoise(Figure figure, Spread a, Spread b) {
        double range = Math.max(a.max() - a.min(), b.max() - b.min());
        double floor = Math.abs(a.median()) * figure.noisePercent() / 100;
        return Math.abs(b.median() - a.median()) > Math.max(range, floor);
    }

    private static Optional<Spread> spread(Figure figure, List<Point> runs) {
        List<Double> values = new ArrayList<>();
        for (Point run : runs) {
            OptionalDouble value = figure.value().apply(run.stats().orElseThrow(), run.cost());
            if (value.isEmpty()) {
                return Optional.empty();
            }
            values.add(value.getAsDouble());
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(Spread.of(values));
    }
}
