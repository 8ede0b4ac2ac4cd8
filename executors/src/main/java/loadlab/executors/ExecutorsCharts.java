package loadlab.executors;

import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;

/** The report's bar charts: time per batch beside its floor, one chart per group of tasks. */
public final class ExecutorsCharts {

    static {
        // Charts are drawn on servers and in CI, with no display; AWT decides once, on first use.
        System.setProperty("java.awt.headless", "true");
    }

    public static final String BLOCKING = "blocking.png";
    public static final String HASHING = "hashing.png";

    private static final Color MEASURED = new Color(0x0072B2);
    private static final Color FLOOR = new Color(0x999999);
    private static final Color GRID = new Color(0xDDDDDD);

    private static final Map<Variant, String> SHORT = Map.ofEntries(
            Map.entry(Variant.BLOCKING_PLATFORM_THREAD_PER_TASK, "platform/task"),
            Map.entry(Variant.BLOCKING_CACHED_POOL, "cached pool"),
            Map.entry(Variant.BLOCKING_FIXED_POOL_200, "fixed 200"),
            Map.entry(Variant.BLOCKING_FIXED_POOL_400, "fixed 400"),
            Map.entry(Variant.BLOCKING_VIRTUAL_THREAD_PER_TASK, "virtual/task"),
            Map.entry(Variant.BLOCKING_SCHEDULED_EXECUTOR, "scheduler"),
            Map.entry(Variant.BLOCKING_MONO_DELAY, "Mono.delay"),
            Map.entry(Variant.HASHING_SERIAL, "serial"),
            Map.entry(Variant.HASHING_PLATFORM_THREAD_PER_TASK, "platform/task"),
            Map.entry(Variant.HASHING_CACHED_POOL, "cached pool"),
            Map.entry(Variant.HASHING_FIXED_POOL_200, "fixed 200"),
            Map.entry(Variant.HASHING_FIXED_POOL_400, "fixed 400"),
            Map.entry(Variant.HASHING_VIRTUAL_THREAD_PER_TASK, "virtual/task"));

    private ExecutorsCharts() {}

    /** Writes the charts for the groups present in {@code rows} into {@code dir}; returns the files written. */
    public static List<Path> write(List<ReportRow> rows, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<ReportRow> blocking = rows.stream()
                .filter(r -> r.variant().group() == Variant.Group.BLOCKING)
                .toList();
        List<ReportRow> hashing = rows.stream()
                .filter(r -> r.variant().group() == Variant.Group.HASHING)
                .toList();
        List<Path> written = new ArrayList<>();
        if (!blocking.isEmpty()) {
            long tasks = blocking.getFirst().result().param("tasks");
            long delay = blocking.getFirst().result().param("delayMs");
            // Log scale: the fixed pools' batches are 25 to 50 times the unbounded executors'.
            written.add(save(
                    chart(blocking, tasks + " tasks of " + delay + " ms: time per batch against its floor", true),
                    dir.resolve(BLOCKING)));
        }
        if (!hashing.isEmpty()) {
            long tasks = hashing.getFirst().result().param("tasks");
            written.add(save(
                    chart(hashing, tasks + " CPU-bound tasks: time per batch against serial / cores", false),
                    dir.resolve(HASHING)));
        }
        return written;
    }

    static CategoryChart chart(List<ReportRow> rows, String title, boolean logarithmic) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(1000)
                .height(600)
                .title(title)
                .xAxisTitle("executor")
                .yAxisTitle("seconds per batch" + (logarithmic ? " (log scale)" : ""))
                .build();
        List<String> names = rows.stream().map(r -> SHORT.get(r.variant())).toList();
        List<Double> measured = rows.stream().map(ReportRow::seconds).toList();
        List<Double> errors = rows.stream()
                .map(r -> Double.isNaN(r.secondsError()) ? 0.0 : r.secondsError())
                .toList();
        List<Double> floors = rows.stream().map(r -> r.floorSeconds().orElse(0)).toList();
        // XChart 4.0.3 draws error bars on a log axis in linear units (wrong lengths), so the log chart has none:
        // the errors are in the report's table.
        if (logarithmic) {
            chart.addSeries("measured (JMH score; its error is in the table)", names, measured)
                    .setFillColor(MEASURED);
        } else {
            chart.addSeries("measured (JMH score ± error)", names, measured, errors)
                    .setFillColor(MEASURED);
        }
        chart.addSeries(logarithmic ? "floor" : "floor = serial / cores (serial is the reference: none)", names, floors)
                .setFillColor(FLOOR);
        var styler = chart.getStyler();
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(GRID);
        styler.setPlotGridLinesColor(GRID);
        styler.setChartTitleBoxVisible(false);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setLegendPosition(LegendPosition.OutsideS);
        styler.setLegendLayout(LegendLayout.Horizontal);
        styler.setLegendBorderColor(Color.WHITE);
        styler.setLocale(Locale.ROOT);
        styler.setErrorBarsColor(Color.BLACK);
        styler.setLabelsVisible(true);
        styler.setLabelsFont(new Font(Font.SANS_SERIF, Font.BOLD, 12));
        styler.setYAxisDecimalPattern("0.###");
        styler.setYAxisLogarithmic(logarithmic);
        if (logarithmic) {
            // A bar chart's axis starts at zero, which a log axis cannot show: start it at the decade below the
            // lowest thing drawn instead.
            double lowest = IntStream.range(0, rows.size())
                    .mapToDouble(i -> Math.min(measured.get(i), floors.get(i)))
                    .min()
                    .orElse(1);
            styler.setYAxisMin(Math.pow(10, Math.floor(Math.log10(lowest))));
        }
        return chart;
    }

    private static Path save(CategoryChart chart, Path file) throws IOException {
        try (var png = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(chart, png, BitmapEncoder.BitmapFormat.PNG);
        }
        return file;
    }
}
