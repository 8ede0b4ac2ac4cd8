package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.Backlog;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.HeapGrowth;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Recovery;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.plan.Timeline;
import loadlab.reporting.Markdown;

/**
 * A timeline scenario's timeline.md, as a view for {@code templates/loadtest/timeline.md}: one closed load through
 * disturbances (a slower or failing backend, a spike of users), and per target what it lost, the peaks it reached, and
 * how long it took to be itself again.
 */
public final class TimelineReport {

    /** The calm rate the method names as its example of a floor that chance widens. */
    private static final double LOW_CALM_RATE = 50;

    private TimelineReport() {}

    record View(
            Common common,
            String users,
            Optional<String> spikeUsers,
            Optional<Arrivals> open,
            Optional<FirstSeconds> firstSeconds,
            Verdict verdict,
            List<Phase> phases,
            List<Disturbance> disturbances,
            List<Tables.Row<Whole>> whole,
            List<String> growing,
            Optional<OpenLoopTable.View> openLoop,
            boolean notAcceptedRead,
            Method method) {}

    record Phase(int number, long from, long to, String what, boolean disturbed) {}

    /**
     * @param backlog under open arrivals, the queue it built per target (empty for a closed loop, whose users wait)
     */
    record Disturbance(
            String label,
            long from,
            long to,
            List<Back> order,
            List<Tables.Row<Recovered>> rows,
            List<Tables.Row<Queued>> backlog) {}

    /** An open timeline's arrivals: its calm rate, its peak during a spike of arrivals, and the generator's pool. */
    record Arrivals(String rate, Optional<String> peak, int maxThreads) {}

    /** A disturbance's backlog at one target: in flight, calm and at its peak, when it drained, and what timed out. */
    record Queued(String calmInFlight, String peakInFlight, String drainedAfter, String lostToTimeouts) {}

    record Back(String name, String after) {}

    /**
     * @param faults how the errors during it read: the backend's failures passed on, requests that waited past the
     *     timeout, or both
     */
    record Recovered(
            String calmGood,
            String lowestGood,
            String calmP99,
            String highestP99,
            String backAfter,
            String errorsDuring,
            String errorsAfter,
            boolean passedOn,
            boolean waited,
            String inFlight,
            String threads,
            String rss,
            String heap,
            String notAccepted,
            boolean calm) {}

    record Whole(
            String throughput, String good, String p50, String p99, String errors, String cpu, String heapGrowth) {}

    record Method(
            int holdSeconds,
            int smoothingSeconds,
            String bandPercent,
            String sigmas,
            String lowCalm,
            String lowFloor,
            String p99Percent,
            String heapGrowth) {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return Common.TEMPLATES.render("timeline", view(results, charts));
    }

    static View view(ResultSet results, List<ChartLink> charts) {
        Plan plan = results.plan();
        Map<Target, List<Point>> byTarget = results.byTarget();
        List<Scores> scores = byTarget.entrySet().stream()
                .map(e -> new Scores(e.getKey(), e.getValue()))
                .toList();
        List<Point> all = results.points();
        List<Phase> phases = new ArrayList<>();
        int i = 1;
        for (Timeline.Segment s : plan.timeline().segments()) {
            phases.add(new Phase(
                    i++, s.start().toSeconds(), s.end().toSeconds(), Markdown.cell(s.label()), s.disturbed()));
        }
        List<Disturbance> disturbances = new ArrayList<>();
        for (Timeline.Segment d : plan.timeline().disturbances()) {
            List<Tables.Row<Recovered>> rows = new ArrayList<>();
            List<Recovery> recoveries = new ArrayList<>();
            List<String> names = new ArrayList<>();
            byTarget.forEach((target, points) -> {
                Point point = results.representative(target);
                Optional<Recovery> recovery = recovery(plan, point, d);
                recovery.ifPresent(r -> {
                    recoveries.add(r);
                    names.add(target.name());
                });
                rows.add(Tables.row(target, "", points, r -> recovered(recovery)));
            });
            List<Tables.Row<Queued>> backlog = new ArrayList<>();
            if (plan.load() instanceof LoadShape.Open) {
                byTarget.forEach((target, points) -> backlog.add(Tables.row(
                        target,
                        "",
                        points,
                        runs -> queued(Backlogs.of(plan, results.representative(target), d)
                                .orElseThrow()))));
            }
            List<Back> order = new ArrayList<>();
            for (int k = 0; k < recoveries.size(); k++) {
                order.add(new Back(names.get(k), backAfter(recoveries.get(k))));
            }
            List<Integer> byTime = new ArrayList<>();
            for (int k = 0; k < recoveries.size(); k++) {
                byTime.add(k);
            }
            byTime.sort(Comparator.comparingDouble(
                    k -> recoveries.get(k).recoveredAfter().orElse(Double.MAX_VALUE)));
            disturbances.add(new Disturbance(
                    Markdown.cell(d.label()),
                    d.start().toSeconds(),
                    d.end().toSeconds(),
                    byTime.stream().map(order::get).toList(),
                    rows,
                    backlog));
        }
        List<Tables.Row<Whole>> whole = new ArrayList<>();
        List<String> growing = new ArrayList<>();
        byTarget.forEach((target, points) -> {
            whole.add(Tables.row(target, "", points, TimelineReport::whole));
            Point point = results.representative(target);
            point.stats()
                    .flatMap(s -> HeapGrowth.of(point.series(), s.window()))
                    .filter(HeapGrowth::keepsGrowing)
                    .ifPresent(g -> growing.add(target.name() + " " + Format.fineMs(g.mibPerMinute()) + " ("
                            + Format.fineMs(g.secondHalfMibPerMinute()) + ")"));
        });
        LoadShape load = plan.load();
        return new View(
                Common.of(results, "Timeline", charts),
                Integer.toString(load instanceof LoadShape.Spike spike ? spike.users() : load.concurrency()),
                load instanceof LoadShape.Spike spike
                        ? Optional.of(Integer.toString(spike.users() * spike.factor()))
                        : Optional.empty(),
                load instanceof LoadShape.Open open
                        ? Optional.of(new Arrivals(
                                Format.level(open.ratePerSecond()),
                                open.rates().isConstant()
                                        ? Optional.empty()
                                        : Optional.of(Format.level(open.rates().peak())),
                                open.maxThreads()))
                        : Optional.empty(),
                plan.phases().warmUpSeconds() == 0 ? Optional.of(FirstSeconds.of(results)) : Optional.empty(),
                Verdict.of(scores, TailFigure.of(all, plan.phases().timeoutSeconds()), Scores.cpuFigure(all)),
                phases,
                disturbances,
                whole,
                growing,
                OpenLoopTable.of(all),
                all.stream().anyMatch(p -> p.series().notAccepted().isPresent()),
                new Method(
                        Thresholds.RECOVERY_HOLD_SECONDS,
                        Thresholds.RECOVERY_SMOOTHING_SECONDS,
                        Format.whole(100 - Thresholds.RECOVERY_BAND_PERCENT),
                        Format.whole(Thresholds.CHANCE_SIGMAS),
                        Format.whole(LOW_CALM_RATE),
                        Format.whole(100
                                * Verdicts.chanceFloor(
                                        LOW_CALM_RATE,
                                        Thresholds.RECOVERY_SMOOTHING_SECONDS,
                                        100 - Thresholds.RECOVERY_BAND_PERCENT)
                                / LOW_CALM_RATE),
                        Format.whole(Thresholds.RECOVERY_P99_RATIO * 100),
                        Format.whole(Thresholds.HEAP_GROWTH_MIB_PER_MINUTE)));
    }

    static Queued queued(Backlog b) {
        return new Queued(
                Integer.toString(b.calmInFlight()),
                Integer.toString(b.peakInFlight()),
                b.drainedAfter().isPresent() ? Integer.toString(b.drainedAfter().getAsInt()) : Deciding.NEVER,
                Integer.toString(b.lostToTimeouts()));
    }

    static Optional<Recovery> recovery(Plan plan, Point point, Timeline.Segment disturbance) {
        return point
                .stats()
                .map(stats -> Recovery.of(point.series(), stats.window().startMillis(), plan.timeline()))
                .orElse(List.of())
                .stream()
                .filter(r -> r.disturbance().equals(disturbance))
                .findFirst();
    }

    private static Recovered recovered(Optional<Recovery> recovery) {
        if (recovery.isEmpty()) {
            String na = Format.NOT_AVAILABLE;
            return new Recovered(na, na, na, na, na, na, na, false, false, na, na, na, na, na, false);
        }
        Recovery r = recovery.get();
        String na = Format.NOT_AVAILABLE;
        int non2xx = r.errorsDuring().getOrDefault(ErrorClass.NON_2XX, 0);
        int timeouts = r.errorsDuring().getOrDefault(ErrorClass.TIMEOUT, 0);
        return new Recovered(
                Format.rate(r.calmGood()),
                Format.rate(r.lowestGood()),
                Format.ms(r.calmP99Ms()),
                Format.ms(r.highestP99Ms()),
                backAfter(r),
                ErrorClass.summary(r.errorsDuring()),
                ErrorClass.summary(r.errorsAfter()),
                non2xx > 0,
                timeouts > 0,
                Integer.toString(r.peakInFlight()),
                r.peakThreads().isPresent() ? Integer.toString(r.peakThreads().getAsInt()) : na,
                r.peakRssMib().isPresent() ? Format.whole(r.peakRssMib().getAsDouble()) : na,
                r.peakHeapAfterGcMib().isPresent()
                        ? Format.whole(r.peakHeapAfterGcMib().getAsDouble())
                        : na,
                r.peakNotAccepted().isPresent()
                        ? Integer.toString(r.peakNotAccepted().getAsInt())
                        : na,
                true);
    }

    static String backAfter(Recovery r) {
        if (r.recoveredAfter().isEmpty()) {
            return r.firstRecoveredAfter().isPresent()
                    ? "relapsed (" + Format.whole(r.firstRecoveredAfter().getAsDouble()) + ", then not)"
                    : "never";
        }
        return Format.whole(r.recoveredAfter().getAsDouble())
                + (r.relapsed()
                        ? " (first " + Format.whole(r.firstRecoveredAfter().getAsDouble()) + ")"
                        : "");
    }

    private static Whole whole(List<Point> runs) {
        Point p = runs.getFirst();
        return new Whole(
                Cells.of(Figure.THROUGHPUT, runs),
                Cells.of(Figure.GOOD, runs),
                Cells.of(Figure.P50, runs),
                Cells.of(Figure.P99, runs),
                Tables.errorsByClass(runs),
                Cells.of(Figure.CPU, runs),
                HeapGrowth.of(p.series(), p.stats().orElseThrow().window())
                        .map(g -> Format.fineMs(g.mibPerMinute()) + (g.keepsGrowing() ? " " + Cells.NOISY : ""))
                        .orElse(Format.NOT_AVAILABLE));
    }
}
