package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResultSet;

/**
 * What the load generator itself used at each level of a sweep or an open workload, the most over the targets: it
 * runs a platform thread per user on the same machine, so at thousands of users it is the first thing to check.
 */
final class GeneratorTable {

    private GeneratorTable() {}

    static void append(StringBuilder md, ResultSet results, String levelHeader) {
        Map<String, List<Point>> byLevel = new LinkedHashMap<>();
        results.plan()
                .loads()
                .forEach(load -> byLevel.put(
                        Format.rate(load.level()),
                        results.points().stream()
                                .filter(p -> p.load().equals(load))
                                .toList()));
        // Only a load sent from remote engines has their rows, and the column that tells them from the runner's.
        boolean engines = EngineRows.used(results.points());
        Environment e = results.environment();
        md.append("## Load generator\n\n")
                .append("JMeter runs one platform thread per user (per request in flight, for arrivals), beside the "
                        + "targets on the same ")
                .append(e.cores())
                .append(" cores; its JVM: ")
                .append(e.loadGeneratorJvm())
                .append(". The most it used at each level, over the targets:\n\n");
        List<String> header = new ArrayList<>(List.of(levelHeader + "|r"));
        if (engines) {
            header.add(EngineRows.COLUMN);
        }
        header.addAll(List.of("Cores (avg)|r", "Peak threads|r", "Peak heap (MiB)|r", "Peak RSS (MiB)|r"));
        MarkdownTable table = new MarkdownTable(header);
        byLevel.forEach((rate, atLevel) -> {
            String level = rate.endsWith(".0") ? rate.substring(0, rate.length() - 2) : rate;
            List<Point> points = atLevel.stream()
                    .filter(p -> p.cost().loadGenerator().isPresent())
                    .toList();
            List<String> runner = new ArrayList<>(List.of(
                    level,
                    most(points, ResourceUsage::averageCores)
                            .map(Format::hundredths)
                            .orElse(Format.NOT_AVAILABLE),
                    most(points, ResourceUsage::peakThreads).map(Format::whole).orElse(Format.NOT_AVAILABLE),
                    mostOptional(points, u -> u.peakHeapMib())
                            .map(Format::whole)
                            .orElse(Format.NOT_AVAILABLE),
                    mostOptional(points, ResourceUsage::peakRssMib)
                            .map(Format::whole)
                            .orElse(Format.NOT_AVAILABLE)));
            if (engines) {
                runner.add(1, EngineRows.RUNNER);
            }
            table.row(runner);
            EngineRows.byEngine(atLevel).forEach((engine, loads) -> {
                List<String> cells = new ArrayList<>(List.of(level, Format.cell(engine)));
                cells.addAll(EngineRows.cells(loads));
                table.row(cells);
            });
        });
        table.appendTo(md);
        if (engines) {
            md.append(EngineRows.explanation());
        }
    }

    private static Optional<Double> most(List<Point> points, ToDoubleFunction<ResourceUsage> figure) {
        return points.stream()
                .map(p -> p.cost().loadGenerator().orElseThrow())
                .mapToDouble(figure)
                .boxed()
                .max(Double::compare);
    }

    private static Optional<Double> mostOptional(
            List<Point> points, java.util.function.Function<ResourceUsage, OptionalDouble> figure) {
        return points.stream()
                .map(p -> figure.apply(p.cost().loadGenerator().orElseThrow()))
                .filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble)
                .max(Double::compare);
    }
}
