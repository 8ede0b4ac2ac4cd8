package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * Renders results/open-workload.md: every target at every fixed arrival rate, which kept up, and where requests
 * queue. A closed loop cannot show the queue: its users wait for their answers, so a slow model simply gets fewer
 * requests. Here arrivals keep coming, and the queue shows as latency and timeouts.
 */
final class OpenWorkloadReport {

    private OpenWorkloadReport() {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        Plan plan = results.plan();
        Map<Target, List<Point>> byTarget = results.byTarget();
        StringBuilder md = new StringBuilder();
        Sections.title(md, plan, "Open workload (fixed arrival rate)");
        Sections.scenario(md, plan, load(plan));
        Sections.environment(md, plan, results.environment());
        md.append("## Results\n\n");
        table(plan, byTarget).appendTo(md);
        GeneratorTable.append(md, results, "Offered (req/s)");
        md.append("## Who kept up, and where requests queue\n\n");
        Sections.bullets(md, new OpenReading(plan, byTarget).lines());
        Sections.charts(md, charts);
        method(md, plan, results.environment(), List.copyOf(byTarget.keySet()), Sections.ownHostCores(byTarget));
        md.append(Sections.FOOTER);
        return md.toString();
    }

    private static String load(Plan plan) {
        return "requests start at a fixed rate of "
                + plan.loads().stream().map(l -> Format.rate(l.level())).collect(Collectors.joining(", "))
                + " req/s, each rate a run of its own, whether or not earlier requests were answered; the load "
                + "generator keeps at most " + plan.load().concurrency() + " requests in flight. Ramp-up "
                + plan.phases().rampUpSeconds() + " s, " + Sections.warmUp(plan.phases())
                + ", measured window " + plan.phases().windowSeconds() + " s, response timeout "
                + plan.phases().timeoutSeconds() + " s";
    }

    private static MarkdownTable table(Plan plan, Map<Target, List<Point>> byTarget) {
        MarkdownTable table = new MarkdownTable(
                "Target",
                "Offered (req/s)|r",
                "Throughput (req/s)|r",
                "Good (req/s)|r",
                "Ceiling (req/s)|r",
                "p50 (ms)|r",
                "p90 (ms)|r",
                "p99 (ms)|r",
                "Max (ms)|r",
                "Error %|r",
                "Errors by class",
                "CPU cores (avg)|r");
        byTarget.forEach((target, rates) -> {
            for (Point point : rates) {
                List<String> lead = List.of(
                        Format.cell(target.name()), Format.rate(point.load().level()));
                switch (point.outcome()) {
                    case Outcome.Failed failed -> table.failed(lead, Sections.failedCell(failed));
                    case Outcome.Measured measured -> table.row(cells(lead, measured.stats(), point, plan));
                }
            }
        });
        return table;
    }

    private static List<String> cells(List<String> lead, RunStats stats, Point point, Plan plan) {
        Optional<ResponseTimes> times = stats.responseTimes();
        List<String> cells = new ArrayList<>(lead);
        cells.addAll(List.of(
                Format.rate(stats.throughputPerSecond()),
                Format.rate(stats.goodPerSecond()),
                Format.rate(Ceiling.perSecond(point.target(), point.load(), plan, point.cores(plan))),
                times.map(t -> Format.ms(t.p50Ms())).orElse(Format.NOT_AVAILABLE),
                times.map(t -> Format.ms(t.p90Ms())).orElse(Format.NOT_AVAILABLE),
                times.map(t -> Format.ms(t.p99Ms())).orElse(Format.NOT_AVAILABLE),
                times.map(t -> Format.ms(t.maxMs())).orElse(Format.NOT_AVAILABLE),
                stats.requests() == 0 ? Format.NOT_AVAILABLE : Format.percent(stats.errorPercent()),
                Format.errorsByClass(stats.errorsByClass()),
                point.cost()
                        .process()
                        .map(p -> Format.hundredths(p.averageCores()))
                        .orElse(Format.NOT_AVAILABLE)));
        return cells;
    }

    /** @param ownHostCores what follows the machine's cores for a remote app judged against its own host's */
    private static void method(StringBuilder md, Plan plan, Environment e, List<Target> targets, String ownHostCores) {
        int maxThreads = plan.load().concurrency();
        int window = plan.phases().windowSeconds();
        String delay = Format.seconds(plan.meanDelayMs());
        String limited = Sections.threadLimitExample(targets, maxThreads, plan);
        double firstRate = plan.loads().getFirst().level();
        md.append("## Method\n\n")
                .append(
                        "- Each rate is a run of its own: the load generator starts requests on a fixed schedule at the "
                                + "offered rate (an open workload), with at most ")
                .append(maxThreads)
                .append(" in flight; ")
                .append(plan.phases().rampUpSeconds())
                .append(" s of ramp-up and ")
                .append(plan.phases().warmUpSeconds())
                .append(" s of warm-up, then only requests that completed inside the ")
                .append(window)
                .append(" s window [start, end) count. Throughput = counted requests / ")
                .append(window)
                .append(" s, errors included; Good = the successful ones / ")
                .append(window)
                .append(" s.\n")
                .append("- Capacity (Little's law) = min(")
                .append(maxThreads)
                .append(", the model's threads) / mean backend delay, e.g. ")
                .append(maxThreads)
                .append(" / ")
                .append(delay)
                .append(" = ")
                .append(Format.rate(Ceiling.littlesLaw(maxThreads, plan.meanDelayMs())))
                .append(" req/s without a thread limit")
                .append(limited)
                .append(". Ceiling = min(offered rate, capacity): an open load never sends more than its rate.\n")
                .append("- Kept up: good throughput at least ")
                .append(Math.round(Thresholds.KEPT_UP_PERCENT))
                .append("% of the offered rate, or less when random arrivals explain the shortfall: a window "
                        + "expecting n = rate × ")
                .append(window)
                .append(" s arrivals gets n ± √n, so up to ")
                .append(Format.whole(Thresholds.CHANCE_SIGMAS))
                .append(" √n short still counts (e.g. ")
                .append(Format.percent(100 * Verdicts.keptUpFloor(firstRate, window) / firstRate))
                .append("% at ")
                .append(Format.rate(firstRate))
                .append(" req/s); under ")
                .append(Format.percent(Thresholds.ERROR_PERCENT_LIMIT))
                .append("% errors, and p99 at most ")
                .append(Math.round(Thresholds.P99_CLOSE_RATIO * 100))
                .append("% of direct's at the same rate (direct's p99 is the backend's own tail: its delay is "
                        + "random).\n")
                .append("- Percentiles are exact, by nearest rank, over every counted request, errors included. Errors "
                        + "are classed as in the summary: timeout, connection, non-2xx, bad body, other.\n")
                .append("- CPU cores = the process's CPU time over the window / window seconds, out of the machine's ")
                .append(e.cores())
                .append(ownHostCores)
                .append(". n/a: not sampled.\n\n");
    }
}
