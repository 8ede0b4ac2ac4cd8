package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.function.Function;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceUsage;

/**
 * The remote engines' rows of a load generator table: with the load sent from engines, the runner's JVM only collects
 * samples, and each engine's own CPU, threads and heap say whether it, not the target, was the limit. A run without
 * engines has none, and its tables stay as they were.
 */
final class EngineRows {

    static final String RUNNER = "runner";

    private EngineRows() {}

    /** Whether any of these points' load came from remote engines. */
    static boolean used(List<Point> points) {
        return points.stream().anyMatch(p -> !p.cost().engines().isEmpty());
    }

    /** An engine's cells after its name: cores out of its processors, peak threads, peak heap out of its max, RSS. */
    static List<String> cells(EngineUsage engine) {
        return cells(List.of(engine));
    }

    /** The most each engine figure reached over several loads of one engine (a level's targets), as {@link #cells}. */
    static List<String> cells(List<EngineUsage> loads) {
        String na = Format.NOT_AVAILABLE;
        List<ResourceUsage> used =
                loads.stream().flatMap(e -> e.usage().stream()).toList();
        OptionalInt processors = loads.stream()
                .map(EngineUsage::processors)
                .filter(OptionalInt::isPresent)
                .mapToInt(OptionalInt::getAsInt)
                .max();
        Optional<Double> heapMax = loads.stream()
                .flatMap(e -> Format.boxed(e.heapMaxMib()).stream())
                .max(Double::compare);
        Optional<Double> cores = used.stream().map(ResourceUsage::averageCores).max(Double::compare);
        Optional<Double> heap = most(used, ResourceUsage::peakHeapMib);
        return List.of(
                cores.map(c -> Format.hundredths(c) + ofWhole(processors)).orElse(na),
                used.stream()
                        .map(ResourceUsage::peakThreads)
                        .max(Integer::compare)
                        .map(t -> Integer.toString(t))
                        .orElse(na),
                heap.map(h -> Format.whole(h)
                                + heapMax.map(max -> " of " + Format.whole(max)).orElse(""))
                        .orElse(na),
                most(used, ResourceUsage::peakRssMib).map(Format::whole).orElse(na));
    }

    /** Each engine's loads among these points, by engine, in the order the run named them. */
    static Map<String, List<EngineUsage>> byEngine(List<Point> points) {
        Map<String, List<EngineUsage>> engines = new LinkedHashMap<>();
        for (Point point : points) {
            for (EngineUsage engine : point.cost().engines()) {
                engines.computeIfAbsent(engine.engine(), name -> new ArrayList<>())
                        .add(engine);
            }
        }
        return engines;
    }

    private static String ofWhole(OptionalInt processors) {
        return processors.isPresent() ? " of " + processors.getAsInt() : "";
    }

    private static Optional<Double> most(List<ResourceUsage> used, Function<ResourceUsage, OptionalDouble> figure) {
        return used.stream()
                .flatMap(u -> Format.boxed(figure.apply(u)).stream())
                .max(Double::compare);
    }
}
