package loadlab.loadtest.chart;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.CategorySeries.CategorySeriesRenderStyle;

/** The charts that compare targets side by side: one bar per target, in run order, in the target's colour. */
final class BarCharts {

    private static final List<String> PERCENTILES = List.of("p50", "p90", "p95", "p99", "max");
    private static final int RESOURCE_PANEL_HEIGHT = 360;

    private BarCharts() {}

    /** Empty when no target was measured. */
    static Optional<BufferedImage> throughput(List<Point> inputs) {
        List<Point> measured = measured(inputs);
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        CategoryChart chart = chart(
                "Throughput against the Little's-law ceiling (measurement window)",
                "Target" + ChartStyle.notShown(inputs),
                "Throughput (req/s)",
                ChartStyle.HEIGHT);
        oneBarPerTarget(chart, measured, input -> input.stats().orElseThrow().throughputPerSecond());
        CategorySeries ceiling = chart.addSeries(
                "Little's-law ceiling: min(users, threads) / mean backend delay",
                names(measured),
                measured.stream()
                        .map(input -> input.stats().orElseThrow().ceilingPerSecond())
                        .toList());
        ceiling.setChartCategorySeriesRenderStyle(CategorySeriesRenderStyle.Scatter);
        ceiling.setMarker(new CeilingMark());
        ceiling.setMarkerColor(Color.BLACK);
        chart.getStyler().setMarkerSize(16);
        // Wide enough for the whole ceiling mark, which the legend centres in this length.
        chart.getStyler().setLegendSeriesLineLength(56);
        // Half-way up the bar: above it, a label would collide with a ceiling the bar nearly reaches.
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsFont(ChartStyle.LABELS);
        chart.getStyler().setLabelsPosition(0.5);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisMin(0.0);
        return Optional.of(BitmapEncoder.getBufferedImage(chart));
    }

    /**
     * Grouped bars: for each percentile, one bar per target, so each target's tail reads left to right in its colour.
     * Empty when no target completed a request in its window.
     */
    static Optional<BufferedImage> latency(List<Point> inputs) {
        List<Point> answered = measured(inputs).stream()
                .filter(input -> input.stats().orElseThrow().responseTimes().isPresent())
                .toList();
        if (answered.isEmpty()) {
            return Optional.empty();
        }
        List<ResponseTimes> times = answered.stream()
                .map(input -> input.stats().orElseThrow().responseTimes().orElseThrow())
                .toList();
        boolean logarithmic = wantsLogScale(times);
        CategoryChart chart = chart(
                "Response-time percentiles per target (measurement window)",
                "Percentile" + ChartStyle.notShown(inputs),
                logarithmic ? "Response time (ms, log scale)" : "Response time (ms)",
                ChartStyle.HEIGHT);
        for (int i = 0; i < answered.size(); i++) {
            ResponseTimes t = times.get(i);
            CategorySeries series = chart.addSeries(
                    answered.get(i).target().name(),
                    PERCENTILES,
                    List.of(t.p50Ms(), t.p90Ms(), t.p95Ms(), t.p99Ms(), t.maxMs()));
            series.setFillColor(Palette.of(answered.get(i).target().name()));
        }
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setYAxisMin(0.0);
        if (logarithmic) {
            long lowest = times.stream().mapToLong(ResponseTimes::p50Ms).min().orElseThrow();
            chart.getStyler().setYAxisLogarithmic(true);
            // A log axis has no zero for bars to stand on; a decade below the lowest median leaves every bar a
            // visible length.
            chart.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(lowest)) - 1));
            // Decades alone (100, 1,000, 10,000) leave a reader guessing between them; 1-2-5 steps are enough to
            // read a bar off, where every step would crowd the top of each decade.
            chart.getStyler().setYAxisLogarithmicDecadeOnly(false);
            chart.setCustomYAxisTickLabelsFormatter(BarCharts::oneTwoFive);
        }
        return Optional.of(BitmapEncoder.getBufferedImage(chart));
    }

    /**
     * Three panels stacked, CPU per request, memory and threads, for the measured targets that have figures.
     * Empty when none has. The memory panel leaves out a target whose RSS was not read (one on another host), and is
     * left out itself when no target has one: a missing figure is no bar, never a bar of zero.
     */
    static Optional<BufferedImage> resources(List<Point> inputs) {
        Map<String, ResourceFigures> resources = new LinkedHashMap<>();
        inputs.forEach(p -> ResourceFigures.of(p.cost())
                .ifPresent(f -> resources.put(p.target().name(), f)));
        List<Point> costed = measured(inputs).stream()
                .filter(input -> resources.containsKey(input.target().name()))
                .toList();
        if (costed.isEmpty()) {
            return Optional.empty();
        }
        String xTitle = "Target" + ChartStyle.notShown(inputs);
        List<CategoryChart> panels = new ArrayList<>();
        panels.add(resourcePanel(
                "Resource cost: CPU time per 1000 requests",
                xTitle,
                "CPU (s per 1000 req)",
                "#,##0.00",
                costed,
                input -> resources.get(input.target().name()).cpuSecondsPer1000Requests()));
        List<Point> withRss = costed.stream()
                .filter(input ->
                        resources.get(input.target().name()).peakRssMb().isPresent())
                .toList();
        if (!withRss.isEmpty()) {
            List<String> noRss = costed.stream()
                    .filter(input -> !withRss.contains(input))
                    .map(Charts::name)
                    .toList();
            panels.add(resourcePanel(
                    "Resource cost: peak resident memory (RSS)",
                    noRss.isEmpty()
                            ? xTitle
                            : xTitle + "   (RSS not read, not shown: " + String.join(", ", noRss) + ")",
                    "Peak RSS (MiB)",
                    "#,##0",
                    withRss,
                    input -> resources.get(input.target().name()).peakRssMb().getAsDouble()));
        }
        panels.add(resourcePanel(
                "Resource cost: peak platform (OS) threads",
                xTitle,
                "Peak platform threads",
                "#,##0",
                costed,
                input -> resources.get(input.target().name()).peakPlatformThreads()));
        return Optional.of(stacked(panels, RESOURCE_PANEL_HEIGHT));
    }

    /** Panels of one height, one above the other in one image. */
    static BufferedImage stacked(List<CategoryChart> panels, int panelHeight) {
        BufferedImage stacked =
                new BufferedImage(ChartStyle.WIDTH, panelHeight * panels.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = stacked.createGraphics();
        try {
            for (int i = 0; i < panels.size(); i++) {
                g.drawImage(BitmapEncoder.getBufferedImage(panels.get(i)), 0, i * panelHeight, null);
            }
        } finally {
            g.dispose();
        }
        return stacked;
    }

    /**
     * Queueing and timeouts can put the max ten or more times above the fastest median; on a linear axis the medians
     * would then shrink to slivers that cannot be compared. A log axis keeps every bar readable; the axis title says
     * so, since a log axis also shrinks the differences a reader might take at face value. A zero median stays
     * linear: a log axis cannot show it.
     */
    static boolean wantsLogScale(List<ResponseTimes> times) {
        long lowest = times.stream().mapToLong(ResponseTimes::p50Ms).min().orElse(0);
        long highest = times.stream().mapToLong(ResponseTimes::maxMs).max().orElse(0);
        return lowest >= 1 && highest >= 10 * lowest;
    }

    /** A label for 1, 2 and 5 times a power of ten; none for the other ticks. */
    static String oneTwoFive(double tick) {
        double leading = tick / Math.pow(10, Math.floor(Math.log10(tick) + 1e-9));
        boolean labelled = Math.abs(leading - 1) < 1e-6 || Math.abs(leading - 2) < 1e-6 || Math.abs(leading - 5) < 1e-6;
        return labelled ? String.format(Locale.ROOT, "%,.0f", tick) : "";
    }

    private static CategoryChart resourcePanel(
            String title,
            String xTitle,
            String yTitle,
            String pattern,
            List<Point> costed,
            ToDoubleFunction<Point> figure) {
        CategoryChart chart = chart(title, xTitle, yTitle, RESOURCE_PANEL_HEIGHT);
        oneBarPerTarget(chart, costed, figure);
        double highest = costed.stream().mapToDouble(figure).max().orElseThrow();
        chart.getStyler().setLegendVisible(false);
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsFont(ChartStyle.LABELS);
        // Just above the bar, and room above the highest one for its label.
        chart.getStyler().setLabelsPosition(1.05);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(highest > 0 ? highest * 1.15 : 1.0);
        chart.getStyler().setYAxisDecimalPattern(pattern);
        return chart;
    }

    static CategoryChart chart(String title, String xTitle, String yTitle, int height) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(ChartStyle.WIDTH)
                .height(height)
                .title(title)
                .xAxisTitle(xTitle)
                .yAxisTitle(yTitle)
                .build();
        ChartStyle.apply(chart.getStyler());
        return chart;
    }

    /**
     * XChart colours a category chart by series, not by category; so each target is its own series with a value in
     * its own category only, and the bars overlap so each still stands in the middle of its category.
     */
    static void oneBarPerTarget(CategoryChart chart, List<Point> targets, ToDoubleFunction<Point> value) {
        List<String> names = names(targets);
        for (int i = 0; i < targets.size(); i++) {
            List<Double> onlyHere = new ArrayList<>(Arrays.asList(new Double[targets.size()]));
            onlyHere.set(i, value.applyAsDouble(targets.get(i)));
            CategorySeries bar = chart.addSeries(names.get(i), names, onlyHere);
            bar.setFillColor(Palette.of(names.get(i)));
            // The category axis names the targets already.
            bar.setShowInLegend(false);
        }
        chart.getStyler().setOverlapped(true);
        // Bars about as wide with two targets as with six, rather than slabs that dwarf the ceiling mark.
        chart.getStyler().setAvailableSpaceFill(Math.min(0.6, 0.15 * targets.size()));
    }

    static List<Point> measured(List<Point> inputs) {
        return inputs.stream().filter(input -> input.stats().isPresent()).toList();
    }

    static List<String> names(List<Point> inputs) {
        return inputs.stream().map(Charts::name).toList();
    }
}
