package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * Renders results/sweep.md: every target at every user level, and where each model stops keeping up and why, as far
 * as the numbers say. A pure function of the sweep's result set, like {@link SummaryReport}.
 */
final class SweepReport {

    private SweepReport() {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        Plan plan = results.plan();
        Environment e = results.environment();
        Map<Target, List<Point>> byTarget = results.byTarget();
        StringBuilder md = new StringBuilder();
        Sections.title(md, plan, "Concurrency sweep");
        Sections.scenario(md, plan, load(plan));
        Sections.environment(md, plan, e);
        md.append("## Results\n\n");
        table(byTarget).appendTo(md);
        if (PoolSection.applies(plan)) {
            PoolSection.append(
                    md, plan, byTarget.values().stream().flatMap(List::stream).toList());
        }
        GeneratorTable.append(md, results, "Users");
        md.append("## Where each model saturates\n\n");
        Sections.bullets(md, readings(plan, e, byTarget));
        MemoryTable.append(md, results);
        Sections.charts(md, charts);
        method(md, plan, e, byTarget.keySet().stream().toList(), Sections.ownHostCores(byTarget));
        md.append(Sections.FOOTER);
        return md.toString();
    }

    private static String load(Plan plan) {
        return "closed-loop users at "
                + plan.loads().stream()
                        .map(l -> String.valueOf(l.concurrency()))
                        .collect(Collectors.joining(", "))
                + ", each level a run of its own: ramp-up " + plan.phases().rampUpSeconds() + " s, "
                + Sections.warmUp(plan.phases()) + ", measured window "
                + plan.phases().windowSeconds()
                + " s, response timeout " + plan.phases().timeoutSeconds() + " s";
    }

    private static MarkdownTable table(Map<Target, List<Point>> byTarget) {
        MarkdownTable table = new MarkdownTable(
                "Target",
                "Users|r",
                "Throughput (req/s)|r",
                "Good (req/s)|r",
                "Ceiling (req/s)|r",
                "Efficiency %|r",
                "p50 (ms)|r",
                "p99 (ms)|r",
                "Error %|r",
                "Errors by class",
                "CPU cores (avg)|r",
                "Peak platform threads|r");
        byTarget.forEach((target, levels) -> {
            for (Point point : levels) {
                List<String> lead = List.of(
                        Format.cell(target.name()),
                        Integer.toString(point.load().concurrency()));
                switch (point.outcome()) {
                    case Outcome.Failed failed -> table.failed(lead, Sections.failedCell(failed));
                    case Outcome.Measured measured -> table.row(cells(lead, measured.stats(), point));
                }
            }
        });
        return table;
    }

    private static List<String> cells(List<String> lead, RunStats stats, Point point) {
        Optional<ResponseTimes> times = stats.responseTimes();
        Optional<ResourceUsage> process = point.cost().process();
        boolean any = stats.requests() > 0;
        List<String> cells = new ArrayList<>(lead);
        cells.addAll(List.of(
                Format.rate(stats.throughputPerSecond()),
                Format.rate(stats.goodPerSecond()),
                Format.rate(stats.ceilingPerSecond()),
                any ? Format.percent(stats.efficiencyPercent()) : Format.NOT_AVAILABLE,
                times.map(t -> Format.ms(t.p50Ms())).orElse(Format.NOT_AVAILABLE),
                times.map(t -> Format.ms(t.p99Ms())).orElse(Format.NOT_AVAILABLE),
                any ? Format.percent(stats.errorPercent()) : Format.NOT_AVAILABLE,
                Format.errorsByClass(stats.errorsByClass()),
                process.map(p -> Format.hundredths(p.averageCores())).orElse(Format.NOT_AVAILABLE),
                process.map(p -> Integer.toString(p.peakThreads())).orElse(Format.NOT_AVAILABLE)));
        return cells;
    }

    private static List<String> readings(Plan plan, Environment e, Map<Target, List<Point>> byTarget) {
        List<String> lines = new ArrayList<>();
        byTarget.forEach((target, levels) -> lines.add(new SaturationReading(plan, target, levels).line()));
        for (String name : plan.targetNames()) {
            if (byTarget.keySet().stream().noneMatch(t -> t.name().equals(name))) {
                lines.add(name + " has no levels in this sweep.");
            }
        }
        if (lines.isEmpty()) {
            lines.add("No target was run, so there is nothing to read.");
        }
        return lines;
    }

    /** @param ownHostCores what follows the machine's cores for a remote app judged against its own host's */
    private static void method(StringBuilder md, Plan plan, Environment e, List<Target> targets, String ownHostCores) {
        int top = plan.loads().getLast().concurrency();
        int window = plan.phases().windowSeconds();
        int timeout = plan.phases().timeoutSeconds();
        String delay = Format.seconds(plan.meanDelayMs());
        String limited = Sections.threadLimitExample(targets, top, plan);
        md.append("## Method\n\n")
                .append("- Each level is a run of its own with a fresh set of users: ")
                .append(plan.phases().rampUpSeconds())
                .append(" s of ramp-up and ")
                .append(plan.phases().warmUpSeconds())
                .append(" s of warm-up, then only requests that completed inside the ")
                .append(window)
                .append(" s window [start, end) count. Throughput = counted requests / ")
                .append(window)
                .append(" s, errors included; Good = the successful ones / ")
                .append(window)
                .append(" s. A user whose request times out asks again at once, so U users can complete up to U / ")
                .append(timeout)
                .append(" s timeouts per second whatever the model does: that is how Throughput can pass the ceiling "
                        + "while Good falls.\n")
                .append("- Ceiling (Little's law) = min(users, threads) / mean backend delay, e.g. ")
                .append(top)
                .append(" / ")
                .append(delay)
                .append(" = ")
                .append(Format.rate(Ceiling.littlesLaw(top, plan.meanDelayMs())))
                .append(" req/s without a thread limit")
                .append(limited)
                .append(". Efficiency = good / ceiling.\n")
                .append("- A level holds when its efficiency is at least ")
                .append(Math.round(Thresholds.HOLDS_PERCENT))
                .append("% and under ")
                .append(Format.percent(Thresholds.ERROR_PERCENT_LIMIT))
                .append("% of its requests are errors; each model's line names the last level that held before the "
                        + "first that did not.\n")
                .append("- With U users and T < U threads, each request waits about U / T × mean delay for a thread "
                        + "and the backend together (Little's law again), so timeouts are expected once that exceeds "
                        + "the ")
                .append(timeout)
                .append(" s response timeout.\n")
                .append("- Percentiles are exact, by nearest rank, over every counted request, errors included. Errors "
                        + "are classed as in the summary: timeout, connection, non-2xx, bad body, other.\n")
                .append("- CPU cores = the process's CPU time over the window / window seconds, out of the machine's ")
                .append(e.cores())
                .append(ownHostCores)
                .append("; CPU counts as a cause when the target, or the target and the load generator together, "
                        + "average at least ")
                .append(Math.round(Thresholds.BUSY_CPU_SHARE * 100))
                .append("% of them. Peak platform threads = the most OS threads sampled in the window (virtual "
                        + "threads are not OS threads). n/a: not sampled.\n\n");
    }
}
