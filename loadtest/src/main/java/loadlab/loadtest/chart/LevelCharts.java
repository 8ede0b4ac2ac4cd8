package loadlab.loadtest.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.DoubleStream;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
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
final class LevelCharts {

    static {
        // java.awt.headless=true, set before any chart code touches AWT: see Headless.
        Headless.declare();
    }

    private static final String GOOD_THROUGHPUT = "Good throughput (successful req/s)";

    /** A p99 line is the response timeout: drawn lighter than direct's grey, which it must not be taken for. */
    private static final Color TIMEOUT = new Color(0x9A9A9A);

    private LevelCharts() {}

    /** Good throughput per level against each model's ceiling: a sweep's users or an open workload's rates. */
    static Optional<BufferedImage> throughput(ResultSet results) {
        boolean open = results.plan().kind() == Plan.Kind.OPEN;
        Levels levels = Levels.of(results);
        List<LevelLines.Line> lines = LevelLines.ceilings(
                levels,
                (target, level) -> Ceiling.perSecond(
                        target, levels.loadAt(target, level, results.plan()), results.plan(), results.coresOf(target)));
        for (Target target : levels.shown()) {
            lines.add(LevelLines.Line.solid(target.name(), levels.values(target, LevelCharts::throughput)));
        }
        return draw(
                open
                        ? "Good throughput against the offered rate (dashed: ceiling, min(offered, capacity))"
                        : "Good throughput against closed-loop users (dashed: each model's Little's-law ceiling)",
                xTitle(results, levels),
                GOOD_THROUGHPUT,
                levels,
                lines,
                false);
    }

    /** p99 per level, with the response timeout drawn in. */
    static Optional<BufferedImage> p99(ResultSet results) {
        boolean open = results.plan().kind() == Plan.Kind.OPEN;
        return p99(
                open
                        ? "p99 response time against the offered arrival rate"
                        : "p99 response time against closed-loop users",
                xTitle(results, Levels.of(results)),
                Levels.of(results),
                results.plan().phases().timeoutSeconds());
    }

    private static String xTitle(ResultSet results, Levels levels) {
        return results.plan().kind() == Plan.Kind.OPEN
                ? "Offered rate (req/s, levels evenly spaced)" + levels.notShown(" req/s")
                : "Closed-loop users (levels evenly spaced)" + levels.notShown(" users");
    }

    private static Optional<BufferedImage> p99(String title, String xTitle, Levels levels, int timeoutSeconds) {
        List<LevelLines.Line> lines = new ArrayList<>();
        for (Target target : levels.shown()) {
            double[] p99 = levels.values(
                    target,
                    stats -> stats.responseTimes().map(t -> (double) t.p99Ms()).orElse(Double.NaN));
            if (DoubleStream.of(p99).anyMatch(v -> !Double.isNaN(v))) {
                lines.add(LevelLines.Line.solid(target.name(), p99));
            }
        }
        if (lines.isEmpty()) {
            return Optional.empty();
        }
        double[] timeout = new double[levels.count()];
        Arrays.fill(timeout, timeoutSeconds * 1000.0);
        // In the legend: a flat line at the top is otherwise read as a model that levelled off.
        lines.add(new LevelLines.Line(
                "response timeout (" + timeoutSeconds + " s)",
                TIMEOUT,
                timeout,
                new BasicStroke(
                        2f,
                        BasicStroke.CAP_BUTT,
                        BasicStroke.JOIN_MITER,
                        10f,
                        new float[] {LevelLines.DASH, LevelLines.GAP},
                        0f),
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

    /** What the users got: timeouts complete too, and plotting them would draw an overloaded model above its ceiling. */
    private static double throughput(RunStats stats) {
        return stats.goodPerSecond();
    }

    private static Optional<BufferedImage> draw(
            String title,
            String xTitle,
            String yTitle,
            Levels levels,
            List<LevelLines.Line> lines,
            boolean logarithmic) {
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
        yAxis(chart, lines, logarithmic);
        double[] xs = new double[levels.count()];
        Arrays.setAll(xs, i -> i);
        for (LevelLines.Line line : lines) {
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

    private static void yAxis(XYChart chart, List<LevelLines.Line> lines, boolean logarithmic) {
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
    }
}
