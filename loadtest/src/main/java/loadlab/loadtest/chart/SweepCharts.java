package loadlab.loadtest.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.DoubleStream;
import loadlab.loadtest.measure.OpenPoint;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.SweepPoint;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.OpenScenario;
import loadlab.loadtest.plan.RunOrder;
import loadlab.loadtest.plan.SweepScenario;
import loadlab.loadtest.plan.Target;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The charts of results/sweep.md and results/open-workload.md: one line per target across the levels of load, in the
 * target's {@link Palette} colour, so a model reads the same here as in the summary's charts. Failed levels leave a gap
 * and are named under the chart; a chart with nothing to show is not written.
 */
public final class SweepCharts {

    static {
        // java.awt.headless=true, set before any chart code touches AWT: see Headless.
        Headless.declare();
    }

    /** Every chart this class writes, with its file name and the alt text the reports give it. */
    enum Chart {
        SWEEP_THROUGHPUT(
                "sweep-throughput.png", "Good throughput against closed-loop users, with each model's ceiling dashed"),
        SWEEP_P99("sweep-p99.png", "p99 response time against closed-loop users"),
        OPEN_P99("open-p99.png", "p99 response time against the offered arrival rate"),
        OPEN_THROUGHPUT(
                "open-throughput.png",
                "Good throughput against the offered arrival rate, with each model's ceiling dashed");

        final String fileName;
        final String altText;

        Chart(String fileName, String altText) {
            this.fileName = fileName;
            this.altText = altText;
        }
    }

    private static final String GOOD_THROUGHPUT = "Good throughput (successful req/s)";

    /** A p99 line is the response timeout: drawn lighter than direct's grey, which it must not be taken for. */
    private static final Color TIMEOUT = new Color(0x9A9A9A);

    private static final float DASH = 10f;
    private static final float GAP = 6f;
    /** Twice a target's line, so the band shows on both sides of a target that runs along its ceiling. */
    private static final float CEILING_WIDTH = 7f;

    private SweepCharts() {}

    /**
     * Writes sweep-throughput.png and sweep-p99.png into {@code dir}, created if need be.
     *
     * @param points every level of every target, failed ones included, in any order
     * @return the files written
     */
    public static List<Path> writeSweep(Path dir, SweepScenario scenario, List<SweepPoint> points) throws IOException {
        Map<Chart, Optional<BufferedImage>> charts = new LinkedHashMap<>();
        charts.put(Chart.SWEEP_THROUGHPUT, sweepThroughput(scenario, points));
        charts.put(Chart.SWEEP_P99, sweepP99(scenario, points));
        return write(dir, charts);
    }

    /**
     * Writes open-p99.png and open-throughput.png into {@code dir}, created if need be.
     *
     * @param points every rate of every target, failed ones included, in any order
     * @return the files written
     */
    public static List<Path> writeOpen(Path dir, OpenScenario scenario, List<OpenPoint> points) throws IOException {
        Map<Chart, Optional<BufferedImage>> charts = new LinkedHashMap<>();
        charts.put(Chart.OPEN_P99, openP99(scenario, points));
        charts.put(Chart.OPEN_THROUGHPUT, openThroughput(scenario, points));
        return write(dir, charts);
    }

    /** One Markdown image line per chart, relative to the directory of the Markdown file, as {@link Charts} does. */
    public static String markdownLinks(List<Path> charts, Path relativeTo) {
        return Charts.markdownLinks(charts, relativeTo, SweepCharts::altText);
    }

    private static String altText(Path chart) {
        String fileName = chart.getFileName().toString();
        return Arrays.stream(Chart.values())
                .filter(c -> c.fileName.equals(fileName))
                .map(c -> c.altText)
                .findFirst()
                .orElse(fileName);
    }

    private static List<Path> write(Path dir, Map<Chart, Optional<BufferedImage>> charts) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Map.Entry<Chart, Optional<BufferedImage>> chart : charts.entrySet()) {
            Path file = dir.resolve(chart.getKey().fileName);
            if (chart.getValue().isPresent()) {
                Charts.writePng(chart.getValue().get(), file);
                written.add(file);
            } else {
                // A chart left over from an earlier run would otherwise pass for this run's.
                Files.deleteIfExists(file);
            }
        }
        return List.copyOf(written);
    }

    static Optional<BufferedImage> sweepThroughput(SweepScenario s, List<SweepPoint> points) {
        Levels<SweepPoint> levels = Levels.of(
                s.userLevels().stream().map(Integer::doubleValue).toList(),
                s.targets(),
                points,
                p -> p.users(),
                SweepPoint::target,
                SweepPoint::result);
        List<Line> lines =
                ceilings(levels, (target, users) -> target.concurrency((int) users) / (s.backendMeanDelayMs() / 1000));
        for (Target target : levels.shown()) {
            lines.add(Line.solid(target.name(), levels.values(target, SweepCharts::throughput)));
        }
        return draw(
                "Good throughput against closed-loop users (dashed: each model's Little's-law ceiling)",
                "Closed-loop users (levels evenly spaced)" + levels.notShown(" users"),
                GOOD_THROUGHPUT,
                levels,
                lines,
                false);
    }

    static Optional<BufferedImage> sweepP99(SweepScenario s, List<SweepPoint> points) {
        Levels<SweepPoint> levels = Levels.of(
                s.userLevels().stream().map(Integer::doubleValue).toList(),
                s.targets(),
                points,
                p -> p.users(),
                SweepPoint::target,
                SweepPoint::result);
        return p99(
                "p99 response time against closed-loop users",
                "Closed-loop users (levels evenly spaced)" + levels.notShown(" users"),
                levels,
                s.responseTimeoutSeconds());
    }

    static Optional<BufferedImage> openP99(OpenScenario s, List<OpenPoint> points) {
        Levels<OpenPoint> levels = Levels.of(
                s.ratesPerSecond(),
                s.targets(),
                points,
                OpenPoint::offeredRatePerSecond,
                OpenPoint::target,
                OpenPoint::result);
        return p99(
                "p99 response time against the offered arrival rate",
                "Offered rate (req/s, levels evenly spaced)" + levels.notShown(" req/s"),
                levels,
                s.responseTimeoutSeconds());
    }

    static Optional<BufferedImage> openThroughput(OpenScenario s, List<OpenPoint> points) {
        Levels<OpenPoint> levels = Levels.of(
                s.ratesPerSecond(),
                s.targets(),
                points,
                OpenPoint::offeredRatePerSecond,
                OpenPoint::target,
                OpenPoint::result);
        // Each point may have its own maxThreads; where a target has no point, the scenario's bound stands in.
        List<Line> lines = ceilings(
                levels,
                (target, rate) -> levels.point(target, rate)
                        .map(p -> p.ceilingPerSecond(s.backendMeanDelayMs()))
                        .orElse(Math.min(rate, target.concurrency(s.maxThreads()) / (s.backendMeanDelayMs() / 1000))));
        for (Target target : levels.shown()) {
            lines.add(Line.solid(target.name(), levels.values(target, SweepCharts::throughput)));
        }
        return draw(
                "Good throughput against the offered rate (dashed: ceiling, min(offered, capacity))",
                "Offered rate (req/s, levels evenly spaced)" + levels.notShown(" req/s"),
                GOOD_THROUGHPUT,
                levels,
                lines,
                false);
    }

    private static Optional<BufferedImage> p99(String title, String xTitle, Levels<?> levels, int timeoutSeconds) {
        List<Line> lines = new ArrayList<>();
        for (Target target : levels.shown()) {
            double[] p99 = levels.values(
                    target,
                    stats -> stats.responseTimes().map(t -> (double) t.p99Ms()).orElse(Double.NaN));
            if (DoubleStream.of(p99).anyMatch(v -> !Double.isNaN(v))) {
                lines.add(Line.solid(target.name(), p99));
            }
        }
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        double[] timeout = new double[levels.count()];
        Arrays.fill(timeout, timeoutSeconds * 1000.0);
        // In the legend: a flat line at the top is otherwise read as a model that levelled off.
        lines.add(new Line(
                "response timeout (" + timeoutSeconds + " s)",
                TIMEOUT,
                timeout,
                new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {DASH, GAP}, 0f),
                false,
                true));
        double lowest = lines.stream()
                .limit(lines.size() - 1)
                .flatMapToDouble(line -> DoubleStream.of(line.values()))
                .filter(v -> !Double.isNaN(v))
                .min()
                .orElse(0);
        double highest = lines.stream()
                .limit(lines.size() - 1)
                .flatMapToDouble(line -> DoubleStream.of(line.values()))
                .filter(v -> !Double.isNaN(v))
                .max()
                .orElse(0);
        boolean logarithmic = wantsLogScale(lowest, highest);
        return draw(
                title,
                xTitle,
                logarithmic ? "p99 response time (ms, log scale)" : "p99 response time (ms)",
                levels,
                lines,
                logarithmic);
    }

    /**
     * Queueing can put the worst p99 ten or more times above the best; on a linear axis the good ones would then be
     * flat at the bottom and could not be compared. A zero has no place on a log axis, so it stays linear.
     */
    static boolean wantsLogScale(double lowest, double highest) {
        return lowest >= 1 && highest > 10 * lowest;
    }

    /**
     * One dashed line per distinct ceiling, wide and drawn first, so a target's own thinner line runs on top of it: a
     * target at its ceiling shows as its line inside a dashed band of its colour, one below it as the two apart.
     * Targets whose ceilings are the same at every level (every model without a thread limit) share one band, drawn
     * as interleaved dashes in each of their colours: one colour alone would claim the band for one target, and bands
     * drawn on top of each other would show only the last.
     */
    private static List<Line> ceilings(Levels<?> levels, CeilingAt ceilingAt) {
        Map<List<Double>, List<Target>> byCeiling = new LinkedHashMap<>();
        for (Target target : levels.shown()) {
            List<Double> ceiling = levels.positions().stream()
                    .map(level -> ceilingAt.at(target, level))
                    .toList();
            byCeiling.computeIfAbsent(ceiling, key -> new ArrayList<>()).add(target);
        }
        List<Line> lines = new ArrayList<>();
        byCeiling.forEach((ceiling, sharing) -> {
            double[] values = ceiling.stream().mapToDouble(Double::doubleValue).toArray();
            for (int i = 0; i < sharing.size(); i++) {
                Target target = sharing.get(i);
                lines.add(new Line(
                        "ceiling " + target.name(),
                        Palette.of(target.name()),
                        values,
                        dashed(i, sharing.size()),
                        false,
                        false));
            }
        });
        return lines;
    }

    @FunctionalInterface
    private interface CeilingAt {
        double at(Target target, double level);
    }

    /**
     * The {@code index}-th of {@code sharing} dash patterns that together tile one line: each draws one dash, then
     * leaves room for the others' dashes, and starts where the previous one's dash ends.
     */
    private static BasicStroke dashed(int index, int sharing) {
        if (sharing <= 1) {
            return new BasicStroke(
                    CEILING_WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {DASH, GAP}, 0f);
        }
        float period = DASH * sharing;
        return new BasicStroke(
                CEILING_WIDTH,
                BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER,
                10f,
                new float[] {DASH, period - DASH},
                (period - index * DASH) % period);
    }

    /** What the users got: timeouts complete too, and plotting them would draw an overloaded model above its ceiling. */
    private static double throughput(RunStats stats) {
        return stats.goodPerSecond();
    }

    private static Optional<BufferedImage> draw(
            String title, String xTitle, String yTitle, Levels<?> levels, List<Line> lines, boolean logarithmic) {
        if (levels.shown().isEmpty()) {
            return Optional.empty();
        }
        XYChart chart = new XYChartBuilder()
                .width(ChartStyle.WIDTH)
                .height(ChartStyle.HEIGHT)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        ChartStyle.apply(chart.getStyler());
        // The levels are not evenly spaced numbers (100, 250, 500, 1000, 2000), so each sits at its index and is
        // labelled with its value: every level gets a tick of its own and none crowds the others.
        List<String> labels = levels.labels();
        chart.getStyler().setXAxisTickLabelsFormattingFunction(x -> {
            long index = Math.round(x);
            return Math.abs(x - index) < 1e-6 && index >= 0 && index < labels.size() ? labels.get((int) index) : "";
        });
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setMarkerSize(8);
        if (logarithmic) {
            double lowest = lines.stream()
                    .flatMapToDouble(line -> DoubleStream.of(line.values()))
                    .filter(v -> !Double.isNaN(v) && v > 0)
                    .min()
                    .orElse(1);
            chart.getStyler().setYAxisLogarithmic(true);
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lowest))));
            // Decades alone leave a reader guessing between them; 1-2-5 steps are enough to read a line off.
            chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
            chart.getStyler().setYAxisTickLabelsFormattingFunction(BarCharts::oneTwoFive);
        } else {
            chart.getStyler().setYAxisMin(0.0);
            double highest = lines.stream()
                    .flatMapToDouble(line -> DoubleStream.of(line.values()))
                    .filter(v -> !Double.isNaN(v))
                    .max()
                    .orElse(0);
            // Room above the highest line, so a ceiling or a timeout is not drawn on the plot's border.
            chart.getStyler().setYAxisMax(highest > 0 ? highest * 1.08 : 1.0);
        }
        double[] xs = new double[levels.count()];
        Arrays.setAll(xs, i -> i);
        for (Line line : lines) {
            XYSeries series = chart.addSeries(line.name(), xs, line.values());
            series.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
            series.setLineColor(line.colour());
            series.setLineWidth(line.stroke().getLineWidth());
            series.setLineStyle(line.stroke());
            series.setShowInLegend(line.inLegend());
            if (line.markers()) {
                series.setMarker(SeriesMarkers.CIRCLE);
                series.setMarkerColor(line.colour());
            } else {
                series.setMarker(SeriesMarkers.NONE);
            }
        }
        return Optional.of(BitmapEncoder.getBufferedImage(chart));
    }

    /** @param values one per level, NaN where there is nothing to draw, which breaks the line there */
    private record Line(
            String name, Color colour, double[] values, BasicStroke stroke, boolean markers, boolean inLegend) {

        /** A target's own figures: solid, with a marker at each level so a lone level still shows. */
        static Line solid(String targetName, double[] values) {
            return new Line(
                    targetName,
                    Palette.of(targetName),
                    values,
                    new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND),
                    true,
                    true);
        }
    }

    /**
     * The points of a sweep or an open workload laid out by level (users or rate) and target.
     *
     * @param positions the levels, ascending: the scenario's and any other a point was run at
     * @param order     targets with at least one measured level, in run order
     * @param failed    "target at level" of every failed level, for the note under the chart
     */
    record Levels<P>(
            List<Double> positions,
            List<Target> order,
            Map<Target, Map<Double, P>> byTarget,
            Function<P, TargetResult> result,
            List<String> failed) {

        static <P> Levels<P> of(
                List<Double> scenarioLevels,
                List<String> runOrder,
                List<P> points,
                ToDoubleFunction<P> level,
                Function<P, Target> target,
                Function<P, TargetResult> result) {
            List<Double> positions = DoubleStream.concat(
                            scenarioLevels.stream().mapToDouble(Double::doubleValue),
                            points.stream().mapToDouble(level))
                    .sorted()
                    .distinct()
                    .boxed()
                    .toList();
            Map<Target, Map<Double, P>> byTarget = new LinkedHashMap<>();
            for (P point : points) {
                byTarget.computeIfAbsent(target.apply(point), key -> new LinkedHashMap<>())
                        .put(level.applyAsDouble(point), point);
            }
            List<Target> order = RunOrder.of(runOrder, byTarget.keySet());
            List<String> failed = new ArrayList<>();
            for (Target t : order) {
                for (double at : positions) {
                    P point = byTarget.get(t).get(at);
                    if (point != null && result.apply(point) instanceof TargetResult.Failed) {
                        failed.add(t.name() + " at " + label(at));
                    }
                }
            }
            return new Levels<>(positions, order, byTarget, result, failed);
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
                    .filter(t -> byTarget.get(t).values().stream()
                            .anyMatch(p -> result.apply(p) instanceof TargetResult.Measured))
                    .toList();
        }

        Optional<P> point(Target target, double at) {
            return Optional.ofNullable(byTarget.getOrDefault(target, Map.of()).get(at));
        }

        double[] values(Target target, ToDoubleFunction<RunStats> value) {
            return positions.stream()
                    .mapToDouble(at -> point(target, at)
                            .filter(p -> result.apply(p) instanceof TargetResult.Measured)
                            .map(p -> value.applyAsDouble(((TargetResult.Measured) result.apply(p)).stats()))
                            .orElse(Double.NaN))
                    .toArray();
        }

        /** A note for the x-axis title, so a gap in a line is not read as a level that was never run. */
        String notShown(String unit) {
            return failed.isEmpty()
                    ? ""
                    : "   (failed, not shown: "
                            + failed.stream().map(f -> f + unit).collect(Collectors.joining(", ")) + ")";
        }

        static String label(double level) {
            return level == Math.rint(level)
                    ? String.format(Locale.ROOT, "%.0f", level)
                    : String.format(Locale.ROOT, "%.1f", level);
        }
    }
}
