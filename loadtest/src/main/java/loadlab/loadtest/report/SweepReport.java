package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.MemoryPerConnection;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
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
 * A sweep's report (results/sweep.md and the capacity, connection and pool sweeps), as a view for
 * {@code templates/loadtest/sweep.md}: the verdict at the heaviest level, where each model stops keeping up and what
 * the figures blame, then every level.
 */
final class SweepReport {

    private SweepReport() {}

    record View(
            Common common,
            String users,
            int top,
            Verdict verdict,
            List<Saturation> saturation,
            List<Tables.Row<Level>> levels,
            Optional<SummaryReport.PoolView> pool,
            List<GeneratorLevel> generator,
            boolean engines,
            List<MemoryRow> memory,
            Optional<ClientMatrix<ClientCell>> matrix,
            Method method) {}

    /**
     * One app on one client at the heaviest level: heap after a full collection per 1,000 requests in flight, and peak
     * platform threads.
     *
     * @param ran    whether the run had this app on this client
     * @param failed whether it failed there
     */
    record ClientCell(boolean ran, boolean failed, String heapPer1000, String threads) {

        static final ClientCell ABSENT = new ClientCell(false, false, "", "");

        static ClientCell of(List<Point> runs) {
            if (runs.isEmpty()) {
                return ABSENT;
            }
            if (runs.stream().anyMatch(Point::failed)) {
                return new ClientCell(true, true, "", "");
            }
            return new ClientCell(
                    true,
                    false,
                    Cells.of(
                            runs,
                            p -> MemoryPerConnection.of(p)
                                    .map(m -> OptionalDouble.of(m.heapMibPer1000()))
                                    .orElse(OptionalDouble.empty()),
                            Format::tenths),
                    Cells.of(Figure.THREADS, runs));
        }
    }

    /**
     * @param heldUpTo the last level that held before the first that did not, or the top one when all held
     * @param firstShort the first level that did not hold
     */
    record Saturation(
            String name,
            String threads,
            Optional<Integer> heldUpTo,
            boolean allHeld,
            Optional<Integer> firstShort,
            String good,
            String ofCeiling,
            String errors,
            List<Reason> why,
            List<Integer> heldAgain) {}

    /** One cause the figures of the first short level point to; exactly one of its kinds is set. */
    record Reason(
            Optional<Queue> queue,
            Optional<String> timeoutsUnbounded,
            Optional<String> errors,
            Optional<CpuShare> cpu,
            boolean failed,
            boolean nothing) {}

    /** Timeouts with a thread limit in reach: the mean wait it predicts against the timeout. */
    record Queue(String perRequest, boolean over, boolean near, String p99) {}

    record Level(
            String throughput,
            String good,
            String ceiling,
            String efficiency,
            String p50,
            String p99,
            String errorPercent,
            String errorsByClass,
            String cores,
            String threads) {}

    record GeneratorLevel(String level, List<Tables.Generator> rows) {}

    record MemoryRow(String name, int users, Tables.Memory cells) {}

    record Method(
            String topExample,
            Optional<String> threadExample,
            String holdsPercent,
            String errorLimit,
            String busyPercent,
            int cores,
            boolean ownHosts) {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return Common.TEMPLATES.render("sweep", view(results, charts));
    }

    static View view(ResultSet results, List<ChartLink> charts) {
        Plan plan = results.plan();
        Map<Target, List<Point>> byTarget = results.byTarget();
        LoadShape heaviest = plan.loads().getLast();
        List<Scores> top = Scores.atLoad(results, heaviest);
        List<Point> topPoints = top.stream().flatMap(s -> s.runs().stream()).toList();
        TailFigure tail = TailFigure.of(topPoints, plan.phases().timeoutSeconds());
        List<Saturation> saturation = new ArrayList<>();
        List<Tables.Row<Level>> levels = new ArrayList<>();
        List<SummaryReport.PoolView> pools = new ArrayList<>();
        List<Tables.Row<Tables.Pool>> poolRows = new ArrayList<>();
        List<MemoryRow> memory = new ArrayList<>();
        byTarget.forEach((target, points) -> {
            saturation.add(saturation(plan, target, points));
            for (Point point : points) {
                String users = Integer.toString(point.load().concurrency());
                levels.add(Tables.row(target, users, List.of(point), r -> level(point)));
                poolRows.add(Tables.row(target, users, List.of(point), Tables.Pool::of));
                Tables.Memory.of(point)
                        .ifPresent(m -> memory.add(new MemoryRow(
                                Markdown.cell(target.name()), point.load().concurrency(), m)));
            }
        });
        List<GeneratorLevel> generator = plan.loads().stream()
                .map(load -> new GeneratorLevel(
                        Format.level(load.level()),
                        Tables.Generator.most(results.points().stream()
                                .filter(p -> p.load().equals(load))
                                .toList())))
                .toList();
        int topUsers = heaviest.concurrency();
        boolean ownHosts =
                results.points().stream().anyMatch(p -> p.cost().hostCores().isPresent());
        return new View(
                Common.of(results, "Concurrency sweep", charts),
                plan.loads().stream().map(l -> String.valueOf(l.concurrency())).collect(Collectors.joining(", ")),
                topUsers,
                Verdict.of(top, tail, Scores.cpuFigure(topPoints)),
                saturation,
                levels,
                plan.request().usesDatabase()
                        ? Optional.of(new SummaryReport.PoolView(true, poolRows))
                        : Optional.empty(),
                generator,
                Tables.anyEngines(results.points()),
                memory,
                ClientMatrix.of(
                        byTarget.keySet().stream().filter(Target::isApp).toList(),
                        target -> ClientCell.of(byTarget.get(target).stream()
                                .filter(p -> p.load().equals(heaviest))
                                .toList()),
                        ClientCell.ABSENT),
                new Method(
                        topUsers + " / " + Format.seconds(plan.meanDelayMs()) + " = "
                                + Format.rate(Ceiling.littlesLaw(topUsers, plan.meanDelayMs())),
                        threadExample(List.copyOf(byTarget.keySet()), topUsers, plan),
                        Format.whole(Thresholds.HOLDS_PERCENT),
                        Format.percent(Thresholds.ERROR_PERCENT_LIMIT),
                        Format.whole(Thresholds.BUSY_CPU_SHARE * 100),
                        results.environment().cores(),
                        ownHosts));
    }

    private static Level level(Point point) {
        List<Point> r = List.of(point);
        RunStats s = point.stats().orElseThrow();
        return new Level(
                Cells.of(Figure.THROUGHPUT, r),
                Cells.of(Figure.GOOD, r),
                Format.rate(s.ceilingPerSecond()),
                Cells.of(Figure.EFFICIENCY, r),
                Cells.of(Figure.P50, r),
                Cells.of(Figure.P99, r),
                Cells.of(Figure.ERRORS, r),
                Format.errorsByClass(s.errorsByClass()),
                Cells.of(
                        r,
                        p -> p.cost()
                                .process()
                                .map(u -> OptionalDouble.of(u.averageCores()))
                                .orElse(OptionalDouble.empty()),
                        Format::hundredths),
                Cells.of(Figure.THREADS, r));
    }

    /** The last level that held, the first that did not, and what the figures of that one blame. */
    static Saturation saturation(Plan plan, Target target, List<Point> levels) {
        int firstShort = -1;
        for (int i = 0; i < levels.size(); i++) {
            if (!Verdicts.holds(levels.get(i))) {
                firstShort = i;
                break;
            }
        }
        Point shown = firstShort < 0 ? levels.getLast() : levels.get(firstShort);
        List<Point> r = List.of(shown);
        List<Integer> heldAgain = firstShort < 0
                ? List.of()
                : levels.subList(firstShort + 1, levels.size()).stream()
                        .filter(Verdicts::holds)
                        .map(p -> p.load().concurrency())
                        .toList();
        return new Saturation(
                Markdown.cell(target.name()),
                target.threadLimit().isPresent()
                        ? Integer.toString(target.threadLimit().getAsInt())
                        : "none",
                firstShort == 0
                        ? Optional.empty()
                        : Optional.of((firstShort < 0 ? levels.getLast() : levels.get(firstShort - 1))
                                .load()
                                .concurrency()),
                firstShort < 0,
                firstShort < 0 ? Optional.empty() : Optional.of(shown.load().concurrency()),
                shown.stats().isPresent() ? Cells.of(Figure.GOOD, r) : Format.NOT_AVAILABLE,
                shown.stats().isPresent() ? Cells.of(Figure.EFFICIENCY, r) : Format.NOT_AVAILABLE,
                shown.stats().isPresent() ? Cells.of(Figure.ERRORS, r) : Format.NOT_AVAILABLE,
                firstShort < 0 ? List.of() : why(plan, target, shown),
                heldAgain);
    }

    /** The causes the figures of the first short level point to, in the order a reader would check them. */
    private static List<Reason> why(Plan plan, Target target, Point bad) {
        if (bad.outcome() instanceof Outcome.Failed) {
            return List.of(
                    new Reason(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), true, false));
        }
        if (!bad.outcome().hasRequests()) {
            return List.of();
        }
        RunStats stats = bad.stats().orElseThrow();
        List<Reason> why = new ArrayList<>();
        String p99 = stats.responseTimes().map(t -> Format.ms(t.p99Ms())).orElse(Format.NOT_AVAILABLE);
        if (stats.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0) > 0) {
            if (!Ceiling.queues(target, bad.load())) {
                why.add(new Reason(
                        Optional.empty(), Optional.of(p99), Optional.empty(), Optional.empty(), false, false));
            } else {
                int threads = target.threadLimit().getAsInt();
                double waitMs = (double) bad.load().concurrency() / threads * plan.meanDelayMs();
                Verdicts.TimeoutForecast forecast =
                        Verdicts.timeoutForecast(waitMs, plan.phases().timeoutSeconds() * 1000.0);
                why.add(new Reason(
                        Optional.of(new Queue(
                                bad.load().concurrency() + " / " + threads + " × " + Format.seconds(plan.meanDelayMs())
                                        + " = " + Format.seconds(waitMs),
                                forecast == Verdicts.TimeoutForecast.OVER,
                                forecast == Verdicts.TimeoutForecast.NEAR,
                                p99)),
                        Optional.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        false,
                        false));
            }
        }
        List<String> others = new ArrayList<>();
        stats.errorsByClass().forEach((c, n) -> {
            if (c != ErrorClass.TIMEOUT && n > 0) {
                others.add(ErrorClass.summary(Map.of(c, n)));
            }
        });
        if (!others.isEmpty()) {
            why.add(new Reason(
                    Optional.empty(),
                    Optional.empty(),
                    Optional.of(String.join(", ", others)),
                    Optional.empty(),
                    false,
                    false));
        }
        CpuShare.of(bad, plan.cpus())
                .filter(CpuShare::busy)
                .ifPresent(cpu -> why.add(new Reason(
                        Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(cpu), false, false)));
        if (why.isEmpty()) {
            why.add(new Reason(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), false, true));
        }
        return why;
    }

    /** The smallest thread limit below {@code below}, as the Method's second example of Little's law. */
    static Optional<String> threadExample(List<Target> targets, int below, Plan plan) {
        return targets.stream()
                .map(Target::threadLimit)
                .filter(java.util.OptionalInt::isPresent)
                .mapToInt(java.util.OptionalInt::getAsInt)
                .filter(limit -> limit < below)
                .boxed()
                .min(Integer::compare)
                .map(t -> t + " / " + Format.seconds(plan.meanDelayMs()) + " = "
                        + Format.rate(Ceiling.littlesLaw(t, plan.meanDelayMs())) + " req/s with " + t);
    }
}
