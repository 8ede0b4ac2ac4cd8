package loadlab.loadtest.chart;

import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.PerSecond;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Timeline;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.XYSeries.XYSeriesRenderStyle;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * How each run developed second by second, one line per target, with the measurement window shaded: it shows
 * whether the window was steady state, and what ramp-up, warm-up and the drain looked like around it.
 */
final class TimeCharts {

    private static final Color WINDOW_SHADE = new Color(0, 0, 0, 22);
    private static final String X_TITLE = "Seconds since the run's start";

    private TimeCharts() {}

    /** A stretch of the run shaded on the chart, seconds since the run's start. */
    record Shade(String label, double from, double to) {}

    /** Empty when no measured target has a second with completions. */
    static Optional<BufferedImage> throughput(List<Point> inputs) {
        return chart(
                inputs, "Completed requests per second", "Completed requests (req/s)", COMPLETED, TimeCharts::window);
    }

    /** Empty when no measured target has a second with completions. */
    static Optional<BufferedImage> p99(List<Point> inputs) {
        return chart(inputs, "p99 response time per second", "p99 response time (ms)", P99, TimeCharts::window);
    }

    /** Good throughput per second through a timeline, its disturbances shaded. */
    static Optional<BufferedImage> timelineGood(ResultSet results) {
        return chart(
                results.representatives(),
                "Good requests per second",
                "Good requests (req/s)",
                second -> OptionalDouble.of(second.good()),
                point -> disturbances(results.plan().timeline(), point));
    }

    /** p99 per second through a timeline, its disturbances shaded. */
    static Optional<BufferedImage> timelineP99(ResultSet results) {
        return chart(
                results.representatives(),
                "p99 response time per second",
                "p99 response time (ms)",
                P99,
                point -> disturbances(results.plan().timeline(), point));
    }

    /** Errors per second through a timeline, its disturbances shaded; empty when no target had an error. */
    static Optional<BufferedImage> timelineErrors(ResultSet results) {
        boolean anyError = results.representatives().stream()
                .flatMap(point -> point.series().seconds().stream())
                .anyMatch(second -> second.errors() > 0);
        if (!anyError) {
            return Optional.empty();
        }
        return chart(
                results.representatives(),
                "Errors per second",
                "Errors (per s)",
                second -> OptionalDouble.of(second.errors()),
                point -> disturbances(results.plan().timeline(), point));
    }

    private static final Function<PerSecond, OptionalDouble> COMPLETED =
            second -> OptionalDouble.of(second.completed());
    private static final Function<PerSecond, OptionalDouble> P99 = second ->
            second.p99Ms().isPresent() ? OptionalDouble.of(second.p99Ms().getAsLong()) : OptionalDouble.empty();

    private static List<Shade> window(Point point) {
        MeasurementWindow window = point.stats().orElseThrow().window();
        return List.of(new Shade(
                "measurement window",
                point.series().secondOf(window.startMillis()),
                point.series().secondOf(window.endMillis())));
    }

    /** The timeline starts with the window: each disturbance sits at its offset from the window's start. */
    private static List<Shade> disturbances(Timeline timeline, Point point) {
        double start =
                point.series().secondOf(point.stats().orElseThrow().window().startMillis());
        return timeline.disturbances().stream()
                .map(d -> new Shade(
                        d.label(),
                        start + d.start().toMillis() / 1000.0,
                        start + d.end().toMillis() / 1000.0))
                .toList();
    }

    private static Optional<BufferedImage> chart(
            List<Point> inputs,
            String what,
            String yTitle,
            Function<PerSecond, OptionalDouble> value,
            Function<Point, List<Shade>> shades) {
        List<Point> charted = inputs.stream()
                .filter(input -> input.stats().isPresent())
                .filter(input -> input.series().seconds().stream()
                        .anyMatch(second -> value.apply(second).isPresent()))
                .toList();
        if (charted.isEmpty()) {
            return Optional.empty();
        }
        // Every target ran the same knobs, so their windows sit at the same offsets; the first one stands for all.
        List<Shade> shaded = shades.apply(charted.getFirst());
        double highest = charted.stream()
                .flatMap(input -> input.series().seconds().stream())
                .map(value)
                .filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble)
                .max()
                .orElseThrow();
        double top = highest > 0 ? highest * 1.08 : 1;

        XYChart chart = new XYChartBuilder()
                .width(ChartStyle.WIDTH)
                .height(ChartStyle.HEIGHT)
                .title(what + " (shaded: "
                        + String.join(
                                "; ",
                                shaded.stream()
                                        .map(shade -> shade.label() + ", " + seconds(shade.from()) + " s to "
                                                + seconds(shade.to()) + " s")
                                        .toList())
                        + ")")
                .xAxisTitle(X_TITLE + ChartStyle.notShown(inputs))
                .yAxisTitle(yTitle)
                .build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(top);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisDecimalPattern("0");

        for (Shade shade : shaded) {
            shade(chart, shade, top);
        }
        for (Point input : charted) {
            addLine(chart, input, value);
        }
        return Optional.of(BitmapEncoder.getBufferedImage(chart));
    }

    /** First, so the lines are drawn over it. */
    private static void shade(XYChart chart, Shade shade, double top) {
        XYSeries window = chart.addSeries(
                shade.label() + " at " + shade.from(), new double[] {shade.from(), shade.to()}, new double[] {top, top
                });
        window.setXYSeriesRenderStyle(XYSeriesRenderStyle.Area);
        window.setFillColor(WINDOW_SHADE);
        window.setLineStyle(SeriesLines.NONE);
        window.setMarker(SeriesMarkers.NONE);
        // Labelled in the shade itself: a legend entry would show no swatch, and the legend row is full already.
        window.setShowInLegend(false);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.ITALIC, 14));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x555555));
        chart.addAnnotation(new AnnotationText(shade.label(), (shade.from() + shade.to()) / 2, top * 0.97, false));
    }

    private static void addLine(XYChart chart, Point input, Function<PerSecond, OptionalDouble> value) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (PerSecond second : input.series().seconds()) {
            // At the middle of its second: second 15 is [15, 16), and so inside a window that starts at 15.
            xs.add(second.offsetSecond() + 0.5);
            OptionalDouble y = value.apply(second);
            // NaN breaks the line: a second without completions has no p99, and joining across it would draw one.
            ys.add(y.isPresent() ? y.getAsDouble() : Double.NaN);
        }
        XYSeries line = chart.addSeries(input.target().name(), xs, ys);
        line.setXYSeriesRenderStyle(XYSeriesRenderStyle.Line);
        line.setLineColor(Palette.of(input.target().name()));
        line.setLineWidth(2f);
        line.setMarker(SeriesMarkers.NONE);
    }

    private static String seconds(double offset) {
        return offset == Math.rint(offset) ? Long.toString((long) offset) : String.format(Locale.ROOT, "%.1f", offset);
    }
}
