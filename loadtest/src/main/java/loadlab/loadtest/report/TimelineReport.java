package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.HeapGrowth;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Recovery;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Timeline;

/**
 * Renders a timeline scenario's timeline.md: one closed load through disturbances (a slower or failing backend, a
 * spike of users), and per target what it lost, the peaks it reached, and how long it took to be itself again.
 */
public final class TimelineReport {

    /** The calm rate the method names as its example of a floor that chance widens. */
    private static final double LOW_CALM_RATE = 50;

    private TimelineReport() {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        Plan plan = results.plan();
        List<Point> rows = results.representatives();
        StringBuilder md = new StringBuilder();
        Sections.title(md, plan, "Timeline");
        Sections.scenario(md, plan, load(plan));
        phases(md, plan.timeline());
        Sections.environment(md, plan, results.environment());
        for (Timeline.Segment disturbance : plan.timeline().disturbances()) {
            recoveryTable(md, plan, rows, disturbance);
        }
        md.append("## Whole window\n\n");
        wholeWindow(rows).appendTo(md);
        md.append("## What each model did\n\n");
        Sections.bullets(md, TimelineReading.lines(plan, rows));
        Sections.charts(md, charts);
        method(md, plan);
        md.append(Sections.FOOTER);
        return md.toString();
    }

    private static String load(Plan plan) {
        String users = plan.load() instanceof LoadShape.Spike spike
                ? spike.users() + " closed-loop users, " + spike.users() * spike.factor() + " during the spike"
                : plan.load().concurrency() + " closed-loop users";
        return users + ", ramp-up " + plan.phases().rampUpSeconds() + " s, " + Sections.warmUp(plan.phases())
                + ", then the " + plan.phases().windowSeconds() + " s of the phases below as the measured window, "
                + "response timeout " + plan.phases().timeoutSeconds() + " s";
    }

    private static void phases(StringBuilder md, Timeline timeline) {
        MarkdownTable table = new MarkdownTable("Phase|r", "From (s)|r", "To (s)|r", "What", "Disturbance");
        int i = 1;
        for (Timeline.Segment segment : timeline.segments()) {
            table.row(
                    Integer.toString(i++),
                    Long.toString(segment.start().toSeconds()),
                    Long.toString(segment.end().toSeconds()),
                    Format.cell(segment.label()),
                    segment.disturbed() ? "yes" : "");
        }
        table.appendTo(md);
    }

    /** The recovery of each target from one disturbance. */
    static List<Recovery> recoveries(Plan plan, Point point) {
        return point.stats()
                .map(stats -> Recovery.of(point.series(), stats.window().startMillis(), plan.timeline()))
                .orElse(List.of());
    }

    static Optional<Recovery> recovery(Plan plan, Point point, Timeline.Segment disturbance) {
        return recoveries(plan, point).stream()
                .filter(r -> r.disturbance().equals(disturbance))
                .findFirst();
    }

    private static void recoveryTable(StringBuilder md, Plan plan, List<Point> rows, Timeline.Segment disturbance) {
        md.append("## ")
                .append(Format.cell(disturbance.label()))
                .append(", ")
                .append(disturbance.start().toSeconds())
                .append(" s to ")
                .append(disturbance.end().toSeconds())
                .append(" s\n\n");
        MarkdownTable table = new MarkdownTable(
                "Target",
                "Calm good (req/s)|r",
                "Calm p99 (ms)|r",
                "Lowest good (req/s)|r",
                "Highest p99 (ms)|r",
                "Back after (s)|r",
                "Peak in flight|r",
                "Peak threads|r",
                "Peak RSS (MiB)|r",
                "Peak heap after GC (MiB)|r",
                "Errors during",
                "Errors after");
        String na = Format.NOT_AVAILABLE;
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            Optional<Recovery> recovery = recovery(plan, row, disturbance);
            if (row.outcome() instanceof Outcome.Failed failed) {
                table.failed(List.of(name), Sections.failedCell(failed));
            } else if (recovery.isEmpty()) {
                table.failed(List.of(name), "no calm stretch before it to compare with");
            } else {
                Recovery r = recovery.get();
                table.row(
                        name,
                        Format.rate(r.calmGood()),
                        Format.ms(r.calmP99Ms()),
                        Format.rate(r.lowestGood()),
                        Format.ms(r.highestP99Ms()),
                        backAfter(r),
                        Integer.toString(r.peakInFlight()),
                        r.peakThreads().isPresent()
                                ? Integer.toString(r.peakThreads().getAsInt())
                                : na,
                        r.peakRssMib().isPresent() ? Format.whole(r.peakRssMib().getAsDouble()) : na,
                        r.peakHeapAfterGcMib().isPresent()
                                ? Format.whole(r.peakHeapAfterGcMib().getAsDouble())
                                : na,
                        ErrorClass.summary(r.errorsDuring()),
                        ErrorClass.summary(r.errorsAfter()));
            }
        }
        table.appendTo(md);
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

    private static MarkdownTable wholeWindow(List<Point> rows) {
        MarkdownTable table = new MarkdownTable(
                "Target",
                "Throughput (req/s)|r",
                "Good (req/s)|r",
                "p50 (ms)|r",
                "p99 (ms)|r",
                "Errors by class",
                "CPU s / 1000 req|r",
                "Heap after GC growth (MiB/min)|r");
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            switch (row.outcome()) {
                case Outcome.Failed failed -> table.failed(List.of(name), Sections.failedShort());
                case Outcome.Measured measured -> {
                    RunStats s = measured.stats();
                    String na = Format.NOT_AVAILABLE;
                    table.row(
                            name,
                            Format.rate(s.throughputPerSecond()),
                            Format.rate(s.goodPerSecond()),
                            s.responseTimes().map(t -> Format.ms(t.p50Ms())).orElse(na),
                            s.responseTimes().map(t -> Format.ms(t.p99Ms())).orElse(na),
                            ErrorClass.summary(s.errorsByClass()),
                            row.cost()
                                    .process()
                                    .flatMap(p -> SummaryReport.boxed(p.cpuSecondsPer1000Requests()))
                                    .map(Format::hundredths)
                                    .orElse(na),
                            HeapGrowth.of(row.series(), s.window())
                                    .map(g -> Format.fineMs(g.mibPerMinute()) + (g.keepsGrowing() ? " ⚠" : ""))
                                    .orElse(na));
                }
            }
        }
        return table;
    }

    private static void method(StringBuilder md, Plan plan) {
        md.append("## Method\n\n")
                .append("- The measured window is the timeline: its second 0 is when slow-server's schedule started "
                        + "(for a spike, the first request + ramp-up + warm-up), the same for every target.\n")
                .append("- Calm good and calm p99: the medians of the per-second good throughput and p99 in the calm "
                        + "phase before the disturbance. Back after: seconds from the disturbance's end until the "
                        + "target was within the band for ")
                .append(Thresholds.RECOVERY_HOLD_SECONDS)
                .append(" s in a row and stayed there: good throughput, averaged over ")
                .append(Thresholds.RECOVERY_SMOOTHING_SECONDS)
                .append(" s, at least ")
                .append(Format.whole(100 - Thresholds.RECOVERY_BAND_PERCENT))
                .append("% of calm (or less where chance alone falls that short: a count of n completions varies by "
                        + "√n, and ")
                .append(Format.whole(Thresholds.CHANCE_SIGMAS))
                .append(" of those below calm still count; at a calm ")
                .append(Format.whole(LOW_CALM_RATE))
                .append(" req/s the floor is ")
                .append(Format.whole(100
                        * Verdicts.chanceFloor(
                                LOW_CALM_RATE,
                                Thresholds.RECOVERY_SMOOTHING_SECONDS,
                                100 - Thresholds.RECOVERY_BAND_PERCENT)
                        / LOW_CALM_RATE))
                .append("%), and the median p99 of the same seconds at most ")
                .append(Format.whole(Thresholds.RECOVERY_P99_RATIO * 100))
                .append("% of calm. \"never\": not within the seconds watched (to the next disturbance or the end); "
                        + "\"relapsed\": back once, then out of the band again.\n")
                .append("- Peaks are taken over the disturbance and what follows it: requests in flight (sent, not "
                        + "yet answered) at each second's end, the process's OS threads and RSS sampled every second, "
                        + "heap in use after each collection (JFR). Errors are by class, as they completed.\n")
                .append("- Heap after GC growth: the least-squares slope of the heap after each collection over the "
                        + "window, ⚠ when it and the slope over the window's second half are both above ")
                .append(Format.whole(Thresholds.HEAP_GROWTH_MIB_PER_MINUTE))
                .append(" MiB a minute: it keeps growing. n/a: too few collections to fit a line.\n\n");
    }

    /** The errors of a map in a phrase, e.g. {@code 120 non-2xx answers and 8 timeouts}, or empty for none. */
    static String phrase(Map<ErrorClass, Integer> errors) {
        List<String> parts = new ArrayList<>();
        errors.forEach((c, n) -> {
            if (n > 0) {
                parts.add(n + " " + c.plural());
            }
        });
        return String.join(" and ", parts);
    }
}
