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
import loadlab.loadtest.measure.PerSecond;
import loadlab.loadtest.measure.Point;
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

    /** Empty when no measured target has a second with completions. */
    static Optional<BufferedImage> throughput(List<Point> inputs) {
        return chart(
                inputs,
                "Completed requests per second",
                "Completed requests (req/s)",
                second -> OptionalDouble.of(second.completed()));
    }

    /** Empty when no measured target has a second with completions. */
    static Optional<BufferedImage> p99(List<Point> inputs) {
        return chart(
                inputs,
                "p99 response time per second",
                "p99 response time (ms)",
                second -> second.p99Ms().isPresent()
                        ? OptionalDouble.of(second.p99Ms().getAsLong())
                        : OptionalDouble.empty());
    }

    private static Optional<BufferedImage> chart(
            List<Point> inputs, String what, String yTitle, Function<PerSecond, OptionalDouble> value) {
        List<Point> charted = inputs.stream()
                .filter(input -> input.stats().isPresent())
                .filter(input -> input.series().seconds().stream()
                        .anyMatch(second -> value.apply(second).isPresent()))
                .toList();
        if (charted.isEmpty()) {
            return Optional.empty();
        }
        // Every target ran the same knobs, so their windows sit at the same offsets; the first one stands for all.
        double windowStart = charted.getFirst()
                .series()
                .secondOf(charted.getFirst().stats().orElseThrow().window().startMillis());
        double windowEnd = charted.getFirst()
                .series()
                .secondOf(charted.getFirst().stats().orElseThrow().window().endMillis());
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
                .title(String.format(
                        Locale.ROOT,
                        "%s (shaded: measurement window, %s s to %s s)",
                        what,
                        seconds(windowStart),
                        seconds(windowEnd)))
                .xAxisTitle(X_TITLE + ChartStyle.notShown(inputs))
                .yAxisTitle(yTitle)
                .build();
        ChartStyle.apply(chart.getStyler());
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(top);
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisDecimalPattern("0");

        shadeWindow(chart, windowStart, windowEnd, top);
        for (Point input : charted) {
            addLine(chart, input, value);
        }
        return Optional.of(BitmapEncoder.getBufferedImage(chart));
    }

    /** First, so the lines are drawn over it. */
    private static void shadeWindow(XYChart chart, double windowStart, double windowEnd, double top) {
        XYSeries window =
                chart.addSeries("measurement window", new double[] {windowStart, windowEnd}, new double[] {top, top});
        window.setXYSeriesRenderStyle(XYSeriesRenderStyle.Area);
        window.setFillColor(WINDOW_SHADE);
        window.setLineStyle(SeriesLines.NONE);
        window.setMarker(SeriesMarkers.NONE);
        // Labelled in the shade itself: a legend entry would show no swatch, and the legend row is full already.
        window.setShowInLegend(false);
        chart.getStyler().setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.ITALIC, 14));
        chart.getStyler().setAnnotationTextFontColor(new Color(0x555555));
        chart.addAnnotation(new AnnotationText("measurement window", (windowStart + windowEnd) / 2, top * 0.97, false));
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
