package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.MemoryPerConnection;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * The detail tables' rows, as cells: each cell one figure over a target's runs at one load ({@link Cells}). The
 * templates give the headers and the words around them.
 */
final class Tables {

    private Tables() {}

    private static final String NA = Format.NOT_AVAILABLE;

    /** A row whose runs all measured, or the failure of the one that did not. */
    record Row<T>(String name, String load, Optional<Common.Failure> failed, Optional<T> cells) {}

    static <T> Row<T> row(
            Target target, String load, List<Point> runs, java.util.function.Function<List<Point>, T> cells) {
        String name = Markdown.cell(target.name());
        Optional<Common.Failure> failed = runs.stream()
                .filter(Point::failed)
                .findFirst()
                .map(p -> Common.Failure.of(name, (loadlab.loadtest.measure.Outcome.Failed) p.outcome()));
        return new Row<>(name, load, failed, failed.isPresent() ? Optional.empty() : Optional.of(cells.apply(runs)));
    }

    /** Latency, errors and the ceiling of a comparison's target. */
    record Latency(
            String requests,
            String throughput,
            String ceiling,
            String efficiency,
            String avg,
            String min,
            String p90,
            String p95,
            String p99,
            String max,
            String addedMean,
            String addedP99,
            String errorsByClass) {

        static Latency of(List<Point> runs) {
            return new Latency(
                    Cells.of(runs, p -> OptionalDouble.of(stats(p).requests()), Format::whole),
                    Cells.of(Figure.THROUGHPUT, runs),
                    Cells.of(runs, p -> OptionalDouble.of(stats(p).ceilingPerSecond()), Format::rate),
                    Cells.of(Figure.EFFICIENCY, runs),
                    Cells.of(Figure.AVG, runs),
                    Cells.of(
                            runs,
                            p -> stats(p).responseTimes()
                                    .map(t -> OptionalDouble.of(t.minMs()))
                                    .orElse(OptionalDouble.empty()),
                            Format::ms),
                    Cells.of(Figure.P90, runs),
                    Cells.of(
                            runs,
                            p -> stats(p).responseTimes()
                                    .map(t -> OptionalDouble.of(t.p95Ms()))
                                    .orElse(OptionalDouble.empty()),
                            Format::ms),
                    Cells.of(Figure.P99, runs),
                    Cells.of(Figure.MAX, runs),
                    Cells.of(Figure.ADDED, runs),
                    Cells.of(
                            runs,
                            p -> stats(p).addedLatency()
                                    .map(a -> OptionalDouble.of(a.p99Ms()))
                                    .orElse(OptionalDouble.empty()),
                            Format::ms),
                    Tables.errorsByClass(runs));
        }
    }

    /** The errors by class of all the runs together: a count, not a figure to take the median of. */
    static String errorsByClass(List<Point> runs) {
        java.util.Map<ErrorClass, Integer> all = new java.util.EnumMap<>(ErrorClass.class);
        runs.forEach(p -> stats(p).errorsByClass().forEach((c, n) -> all.merge(c, n, Integer::sum)));
        return ErrorClass.summary(all);
    }

    /** What a target cost the machine: every CPU figure (the headline has one), memory, threads, GC. */
    record Resources(
            String cpu,
            String idle,
            String jit,
            String cpuPer1000,
            String yardstick,
            String normalised,
            String overBackend,
            String backendPer1000,
            String perCore,
            String cores,
            String rss,
            String threads,
            String heapAfterGc,
            String gcs,
            String gcPause,
            String pinned) {

        static Resources of(List<Point> runs) {
            return new Resources(
                    process(runs, u -> OptionalDouble.of(u.cpuSeconds()), Format::tenths),
                    process(runs, ResourceUsage::idleCores, Format::thousandths),
                    process(runs, ResourceUsage::jitCpuSeconds, Format::tenths),
                    Cells.of(Figure.CPU, runs),
                    Cells.of(
                            runs,
                            p -> p.cost()
                                    .speed()
                                    .map(s -> OptionalDouble.of(s.kernelMs()))
                                    .orElse(OptionalDouble.empty()),
                            Format::hundredths),
                    Cells.of(Figure.NORMALISED_CPU, runs),
                    Cells.of(Figure.CPU_OVER_BACKEND, runs),
                    Cells.of(Figure.BACKEND_CPU, runs),
                    process(runs, u -> perCore(u.cpuSecondsPer1000Requests()), Format::whole),
                    process(runs, u -> OptionalDouble.of(u.averageCores()), Format::hundredths),
                    Cells.of(Figure.RSS, runs),
                    Cells.of(Figure.THREADS, runs),
                    jfr(runs, JfrFigures::heapUsedAfterGcMib, Format::whole),
                    jfr(runs, j -> OptionalDouble.of(j.gcCount()), Format::whole),
                    jfr(runs, j -> OptionalDouble.of(j.gcPauseMs()), Format::fineMs),
                    jfr(
                            runs,
                            j -> j.pinnedEvents().isPresent()
                                    ? OptionalDouble.of(j.pinnedEvents().getAsInt())
                                    : OptionalDouble.empty(),
                            Format::whole));
        }

        private static OptionalDouble perCore(OptionalDouble cpuPer1000) {
            return cpuPer1000.isPresent() && cpuPer1000.getAsDouble() > 0
                    ? OptionalDouble.of(1000 / cpuPer1000.getAsDouble())
                    : OptionalDouble.empty();
        }
    }

    /** The load generator over a target's windows: the runner's JVM, and each engine's when engines sent the load. */
    record Generator(String jvm, String cores, String threads, String heap, String rss) {

        static List<Generator> of(List<Point> runs) {
            List<Generator> rows = new ArrayList<>();
            rows.add(new Generator(
                    EngineRows.RUNNER,
                    generator(runs, u -> OptionalDouble.of(u.averageCores()), Format::hundredths),
                    generator(runs, u -> OptionalDouble.of(u.peakThreads()), Format::whole),
                    generator(runs, ResourceUsage::peakHeapMib, Format::whole),
                    generator(runs, ResourceUsage::peakRssMib, Format::whole)));
            EngineRows.byEngine(runs).forEach((engine, loads) -> {
                List<String> cells = EngineRows.cells(loads);
                rows.add(new Generator(Markdown.cell(engine), cells.get(0), cells.get(1), cells.get(2), cells.get(3)));
            });
            return rows;
        }

        /** The most the runner and each engine used at one level, over the targets. */
        static List<Generator> most(List<Point> atLevel) {
            List<Point> points = atLevel.stream()
                    .filter(p -> p.cost().loadGenerator().isPresent())
                    .toList();
            List<Generator> rows = new ArrayList<>();
            rows.add(new Generator(
                    EngineRows.RUNNER,
                    most(points, u -> OptionalDouble.of(u.averageCores()), Format::hundredths),
                    most(points, u -> OptionalDouble.of(u.peakThreads()), Format::whole),
                    most(points, ResourceUsage::peakHeapMib, Format::whole),
                    most(points, ResourceUsage::peakRssMib, Format::whole)));
            EngineRows.byEngine(atLevel).forEach((engine, loads) -> {
                List<String> cells = EngineRows.cells(loads);
                rows.add(new Generator(Markdown.cell(engine), cells.get(0), cells.get(1), cells.get(2), cells.get(3)));
            });
            return rows;
        }

        private static String most(
                List<Point> points,
                java.util.function.Function<ResourceUsage, OptionalDouble> figure,
                java.util.function.DoubleFunction<String> format) {
            return points.stream()
                    .map(p -> figure.apply(p.cost().loadGenerator().orElseThrow()))
                    .filter(OptionalDouble::isPresent)
                    .map(OptionalDouble::getAsDouble)
                    .max(Double::compare)
                    .map(format::apply)
                    .orElse(NA);
        }
    }

    /** Where requests waited for a database connection. */
    record Pool(
            String ceiling,
            String good,
            String inUse,
            String waiting,
            String mostWaiting,
            String meanWait,
            String addedMean,
            String poolTimeouts,
            String otherErrors,
            String pinned,
            String client) {

        static Pool of(List<Point> runs) {
            Point first = runs.getFirst();
            return new Pool(
                    Cells.of(runs, p -> OptionalDouble.of(stats(p).ceilingPerSecond()), Format::rate),
                    Cells.of(Figure.GOOD, runs),
                    pool(runs, PoolWait::meanInUse, Format::tenths),
                    pool(runs, PoolWait::meanPending, Format::tenths),
                    pool(
                            runs,
                            w -> w.maxPending().isPresent()
                                    ? OptionalDouble.of(w.maxPending().getAsInt())
                                    : OptionalDouble.empty(),
                            Format::whole),
                    pool(runs, PoolWait::meanWaitMs, Format::ms),
                    Cells.of(
                            runs,
                            p -> stats(p).addedLatency()
                                    .map(a -> OptionalDouble.of(a.meanMs()))
                                    .orElse(OptionalDouble.empty()),
                            Format::ms),
                    Cells.of(
                            runs,
                            p -> OptionalDouble.of(stats(p).errorsByClass().getOrDefault(ErrorClass.POOL_TIMEOUT, 0)),
                            Format::whole),
                    Cells.of(
                            runs,
                            p -> OptionalDouble.of(stats(p).errors()
                                    - stats(p).errorsByClass().getOrDefault(ErrorClass.POOL_TIMEOUT, 0)),
                            Format::whole),
                    jfr(
                            runs,
                            j -> j.pinnedEvents().isPresent()
                                    ? OptionalDouble.of(j.pinnedEvents().getAsInt())
                                    : OptionalDouble.empty(),
                            Format::whole),
                    first.cost().poolWait().map(w -> Markdown.cell(w.client())).orElse(NA));
        }
    }

    /** What each request in flight cost in memory at one level. */
    record Memory(String inFlight, String rss, String rssPer1000, String heap, String heapPer1000) {

        static Optional<Memory> of(Point point) {
            return MemoryPerConnection.of(point)
                    .map(m -> new Memory(
                            Format.whole(m.inFlight()),
                            Format.whole(m.restRssMib()) + " → " + Format.whole(m.peakRssMib()),
                            Format.tenths(m.rssMibPer1000()),
                            Format.whole(m.restHeapMib()) + " → " + Format.whole(m.loadedHeapMib()),
                            Format.tenths(m.heapMibPer1000())));
        }
    }

    private static String process(
            List<Point> runs,
            java.util.function.Function<ResourceUsage, OptionalDouble> figure,
            java.util.function.DoubleFunction<String> format) {
        return Cells.of(runs, p -> p.cost().process().map(figure).orElse(OptionalDouble.empty()), format);
    }

    private static String generator(
            List<Point> runs,
            java.util.function.Function<ResourceUsage, OptionalDouble> figure,
            java.util.function.DoubleFunction<String> format) {
        return Cells.of(runs, p -> p.cost().loadGenerator().map(figure).orElse(OptionalDouble.empty()), format);
    }

    private static String jfr(
            List<Point> runs,
            java.util.function.Function<JfrFigures, OptionalDouble> figure,
            java.util.function.DoubleFunction<String> format) {
        return Cells.of(runs, p -> p.cost().jfr().map(figure).orElse(OptionalDouble.empty()), format);
    }

    private static String pool(
            List<Point> runs,
            java.util.function.Function<PoolWait, OptionalDouble> figure,
            java.util.function.DoubleFunction<String> format) {
        return Cells.of(runs, p -> p.cost().poolWait().map(figure).orElse(OptionalDouble.empty()), format);
    }

    static RunStats stats(Point p) {
        return p.stats().orElseThrow();
    }

    static boolean anyEngines(List<Point> points) {
        return points.stream().anyMatch(p -> !p.cost().engines().isEmpty());
    }

    static boolean anyEngine(List<EngineUsage> engines) {
        return !engines.isEmpty();
    }
}
