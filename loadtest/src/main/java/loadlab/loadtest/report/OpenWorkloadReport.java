package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * results/open-workload.md, as a view for {@code templates/loadtest/open-workload.md}: every target at every fixed
 * arrival rate, who kept up at each, and where requests queue. A closed loop cannot show the queue: its users wait for
 * their answers, so a slow model simply gets fewer requests. Here arrivals keep coming.
 */
final class OpenWorkloadReport {

    private OpenWorkloadReport() {}

    record View(
            Common common,
            String rates,
            int maxThreads,
            String top,
            Verdict verdict,
            List<String> rateHeaders,
            List<KeptRow> kept,
            List<Tables.Row<Rate>> details,
            List<Queue> queues,
            boolean overloaded,
            List<SweepReport.GeneratorLevel> generator,
            boolean engines,
            Optional<OpenLoopTable.View> openLoop,
            Method method) {}

    record KeptRow(String name, String threads, List<KeptCell> cells) {}

    /** @param kept empty when the run failed */
    record KeptCell(String good, Optional<Boolean> kept) {}

    record Rate(
            String throughput,
            String good,
            String ceiling,
            String p50,
            String p90,
            String p99,
            String max,
            String errorPercent,
            String errorsByClass,
            String cores) {}

    /**
     * A target whose requests queue at a rate: above its capacity (the excess can only queue), or within it with a
     * tail well above direct's (bursts wait for a thread).
     */
    record Queue(
            String name,
            String offered,
            String capacity,
            boolean over,
            boolean generatorBound,
            String completed,
            String good,
            Optional<String> notServed,
            String p99,
            Optional<String> directP99,
            Optional<String> busy,
            String errors) {}

    record Method(
            String capacityExample,
            Optional<String> threadExample,
            String keptPercent,
            String sigmas,
            String floorExample,
            String firstRate,
            String errorLimit,
            String p99Percent,
            int cores,
            boolean ownHosts) {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return Common.TEMPLATES.render("open-workload", view(results, charts));
    }

    static View view(ResultSet results, List<ChartLink> charts) {
        Plan plan = results.plan();
        Map<Target, List<Point>> byTarget = results.byTarget();
        LoadShape heaviest = plan.loads().getLast();
        List<Scores> top = Scores.atLoad(results, heaviest);
        List<Point> topPoints = top.stream().flatMap(s -> s.runs().stream()).toList();
        List<KeptRow> kept = new ArrayList<>();
        List<Tables.Row<Rate>> details = new ArrayList<>();
        List<Queue> queues = new ArrayList<>();
        byTarget.forEach((target, points) -> {
            kept.add(new KeptRow(
                    Markdown.cell(target.name()),
                    target.threadLimit().isPresent()
                            ? Integer.toString(target.threadLimit().getAsInt())
                            : "none",
                    plan.loads().stream()
                            .map(load -> points.stream()
                                    .filter(p -> p.load().equals(load))
                                    .findFirst()
                                    .map(p -> keptCell(plan, byTarget, p))
                                    .orElse(new KeptCell(Format.NOT_AVAILABLE, Optional.empty())))
                            .toList()));
            for (Point point : points) {
                details.add(
                        Tables.row(target, Format.rate(point.load().level()), List.of(point), r -> rate(plan, point)));
                queue(plan, byTarget, point).ifPresent(queues::add);
            }
        });
        double firstRate = plan.loads().getFirst().level();
        int maxThreads = plan.load().concurrency();
        boolean ownHosts =
                results.points().stream().anyMatch(p -> p.cost().hostCores().isPresent());
        return new View(
                Common.of(results, "Open workload (fixed arrival rate)", charts),
                plan.loads().stream().map(l -> Format.rate(l.level())).collect(Collectors.joining(", ")),
                maxThreads,
                Format.rate(heaviest.level()),
                Verdict.of(top, TailFigure.of(topPoints, plan.phases().timeoutSeconds()), Scores.cpuFigure(topPoints)),
                plan.loads().stream().map(l -> Format.level(l.level())).toList(),
                kept,
                details,
                queues,
                queues.stream().anyMatch(Queue::over),
                plan.loads().stream()
                        .map(load -> new SweepReport.GeneratorLevel(
                                Format.level(load.level()),
                                Tables.Generator.most(results.points().stream()
                                        .filter(p -> p.load().equals(load))
                                        .toList())))
                        .toList(),
                Tables.anyEngines(results.points()),
                OpenLoopTable.of(results.points()),
                new Method(
                        maxThreads + " / " + Format.seconds(plan.meanDelayMs()) + " = "
                                + Format.rate(Ceiling.littlesLaw(maxThreads, plan.meanDelayMs())),
                        SweepReport.threadExample(List.copyOf(byTarget.keySet()), maxThreads, plan),
                        Format.whole(Thresholds.KEPT_UP_PERCENT),
                        Format.whole(Thresholds.CHANCE_SIGMAS),
                        Format.percent(100
                                * Verdicts.keptUpFloor(firstRate, plan.phases().windowSeconds())
                                / firstRate),
                        Format.rate(firstRate),
                        Format.percent(Thresholds.ERROR_PERCENT_LIMIT),
                        Format.whole(Thresholds.P99_CLOSE_RATIO * 100),
                        results.environment().cores(),
                        ownHosts));
    }

    private static KeptCell keptCell(Plan plan, Map<Target, List<Point>> byTarget, Point p) {
        if (!(p.outcome() instanceof Outcome.Measured m)) {
            return new KeptCell("**FAILED**", Optional.empty());
        }
        boolean kept = m.stats().requests() > 0
                && Verdicts.keptUp(
                        p.load().level(),
                        plan.phases().windowSeconds(),
                        m.stats(),
                        directAt(byTarget, p.load().level()));
        return new KeptCell(Format.rate(m.stats().goodPerSecond()), Optional.of(kept));
    }

    private static Rate rate(Plan plan, Point point) {
        List<Point> r = List.of(point);
        RunStats s = point.stats().orElseThrow();
        return new Rate(
                Cells.of(Figure.THROUGHPUT, r),
                Cells.of(Figure.GOOD, r),
                Format.rate(Ceiling.perSecond(point.target(), point.load(), plan, point.cores(plan))),
                Cells.of(Figure.P50, r),
                Cells.of(Figure.P90, r),
                Cells.of(Figure.P99, r),
                Cells.of(Figure.MAX, r),
                Cells.of(Figure.ERRORS, r),
                Format.errorsByClass(s.errorsByClass()),
                point.cost()
                        .process()
                        .map(u -> Format.hundredths(u.averageCores()))
                        .orElse(Format.NOT_AVAILABLE));
    }

    private static Optional<Queue> queue(Plan plan, Map<Target, List<Point>> byTarget, Point point) {
        if (!(point.outcome() instanceof Outcome.Measured m)
                || m.stats().responseTimes().isEmpty()) {
            return Optional.empty();
        }
        double rate = point.load().level();
        double capacity = Ceiling.capacity(point.target(), point.load(), plan, point.cores(plan));
        RunStats stats = m.stats();
        ResponseTimes own = stats.responseTimes().get();
        Optional<ResponseTimes> direct =
                directAt(byTarget, rate).filter(d -> point.target().isApp());
        boolean over = rate > capacity;
        boolean generatorBound = point.target().threadLimit().isEmpty()
                || point.target().threadLimit().getAsInt() > point.load().concurrency();
        boolean burstQueue = !over
                && point.target().threadLimit().isPresent()
                && direct.isPresent()
                && !Verdicts.tailClose(own, direct.get());
        if (!over && !burstQueue) {
            return Optional.empty();
        }
        double excess = rate - stats.throughputPerSecond();
        Optional<String> busy = point.target().threadLimit().isPresent()
                ? Optional.of(Format.percent(100
                        * rate
                        * plan.meanDelayMs()
                        / 1000
                        / point.target().threadLimit().getAsInt()))
                : Optional.empty();
        return Optional.of(new Queue(
                Markdown.cell(point.target().name()),
                Format.rate(rate),
                Format.rate(capacity),
                over,
                over && generatorBound,
                Format.rate(stats.throughputPerSecond()),
                Format.rate(stats.goodPerSecond()),
                over && excess > 0 ? Optional.of(Format.rate(excess)) : Optional.empty(),
                Format.ms(own.p99Ms()),
                direct.map(d -> Format.ms(d.p99Ms())),
                busy,
                Format.errorsByClass(stats.errorsByClass())));
    }

    private static Optional<ResponseTimes> directAt(Map<Target, List<Point>> byTarget, double rate) {
        return byTarget.getOrDefault(Target.DIRECT, List.of()).stream()
                .filter(p -> p.load().level() == rate)
                .flatMap(p ->
                        p.outcome() instanceof Outcome.Measured m ? m.stats().responseTimes().stream() : Stream.empty())
                .findFirst();
    }
}
