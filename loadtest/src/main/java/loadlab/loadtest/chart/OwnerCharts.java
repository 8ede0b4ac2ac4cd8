package loadlab.loadtest.chart;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.BiPredicate;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ProbeFigures;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;

/**
 * Where the cost goes, as stacked bars: one bar per target, one stack per owner ({@link Owner}), in a colour of the
 * owner's that is the same in both panels, the heap under load and the CPU over the window, each as shares of the
 * target's.
 */
final class OwnerCharts {

    private static final int PANEL_HEIGHT = 420;

    /**
     * One colour per owner in {@link Owner}'s order: the models' machinery warm, the clients blue, the servers green,
     * Spring purple, the rows no owner can be told grey.
     */
    private static final List<Color> COLOURS = List.of(
            new Color(0xD55E00), // virtual-thread stacks
            new Color(0xE69F00), // virtual threads
            new Color(0xCC79A7), // Kotlin coroutines
            new Color(0x0072B2), // JDK HttpClient
            new Color(0x56B4E9), // HttpURLConnection
            new Color(0x1F4E79), // Apache HttpClient 5
            new Color(0x6BAED6), // Jetty HttpClient
            new Color(0x08306B), // Reactor Netty client
            new Color(0x009E73), // Tomcat
            new Color(0x74C476), // Reactor Netty server
            new Color(0x006D2C), // Netty
            new Color(0xA1D99B), // Reactor
            new Color(0x7B3294), // Spring
            new Color(0xF0E442), // the rest
            new Color(0x969696), // byte[]
            new Color(0xBDBDBD), // char[]
            new Color(0xD9D9D9), // other primitive arrays
            new Color(0x636363), // JDK
            new Color(0x252525), // GC
            new Color(0x8C564B)); // JIT

    static {
        if (COLOURS.size() != Owner.values().length) {
            throw new IllegalStateException("a colour per owner: " + COLOURS.size() + " for " + Owner.values().length);
        }
    }

    private OwnerCharts() {}

    /** Empty when no measured target has either figure. */
    static Optional<BufferedImage> draw(List<Point> inputs) {
        List<CategoryChart> panels = new ArrayList<>();
        panel(
                        "Live heap under load by owner (class histogram at the window's end)",
                        "Share of the live heap (%)",
                        inputs,
                        HeapOwners.KEY,
                        (heap, owner) -> heap.owner(owner).isPresent(),
                        (heap, owner) -> 100 * heap.loadedShare(owner))
                .ifPresent(panels::add);
        panel(
                        "CPU over the window by owner (GC and JIT by their threads, the rest by JFR's samples)",
                        "Share of the process's CPU (%)",
                        inputs,
                        CpuOwners.KEY,
                        (cpu, owner) -> cpu.owner(owner).isPresent(),
                        (cpu, owner) -> 100 * cpu.share(owner))
                .ifPresent(panels::add);
        if (panels.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(BarCharts.stacked(panels, PANEL_HEIGHT));
    }

    private static <F extends Record> Optional<CategoryChart> panel(
            String title,
            String yTitle,
            List<Point> inputs,
            ProbeFigures.Key<F> key,
            BiPredicate<F, Owner> has,
            BiFunction<F, Owner, Double> percent) {
        List<Point> with = BarCharts.measured(inputs).stream()
                .filter(point -> point.cost().probes().get(key).isPresent())
                .toList();
        if (with.isEmpty()) {
            return Optional.empty();
        }
        List<F> figures = with.stream()
                .map(point -> point.cost().probes().get(key).orElseThrow())
                .toList();
        CategoryChart chart = BarCharts.chart(title, "Target" + ChartStyle.notShown(inputs), yTitle, PANEL_HEIGHT);
        for (Owner owner : Owner.values()) {
            if (figures.stream().noneMatch(f -> has.test(f, owner))) {
                continue;
            }
            CategorySeries series = chart.addSeries(
                    owner.label(),
                    BarCharts.names(with),
                    figures.stream().map(f -> percent.apply(f, owner)).toList());
            series.setFillColor(COLOURS.get(owner.ordinal()));
        }
        chart.getStyler().setStacked(true);
        chart.getStyler().setAvailableSpaceFill(Math.min(0.6, 0.15 * with.size()));
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisMax(100.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        return Optional.of(chart);
    }
}
