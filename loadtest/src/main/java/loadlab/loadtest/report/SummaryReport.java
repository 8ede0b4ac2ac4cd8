package loadlab.loadtest.report;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import loadlab.loadtest.measure.AddedLatency;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Repeats;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * Renders results/summary.md, the comparison: a pure function of its result set, so what the file says can be
 * tested without running any load. Each target shows one run (its representative, {@link ResultSet#representative});
 * with repeats, a Repeats section gives every run's spread.
 */
final class SummaryReport {

    private SummaryReport() {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return render(results, charts, ProbeColumns.ALL);
    }

    /** @param probeColumns the columns of the probes' figures it may show */
    static String render(ResultSet results, List<ChartLink> charts, List<ProbeColumn<?>> probeColumns) {
        Plan plan = results.plan();
        List<Point> rows = results.representatives();
        Map<Target, Repeats> repeats = results.repeated();
        int runs = RepeatsSection.runsPerTarget(repeats);
        StringBuilder md = new StringBuilder();
        Sections.title(md, results.plan(), "loadlab results");
        Sections.scenario(md, plan, load(plan, runs, results.repeatsTakenInTurns()));
        Sections.environment(md, plan, results.environment());
        md.append("## Results\n\n");
        classicTable(rows).appendTo(md);
        deeperTable(rows).appendTo(md);
        if (rows.stream().anyMatch(p -> !p.cost().equals(ResourceCost.NONE))) {
            ResourceTable.append(md, rows, plan, results.environment());
        }
        ProbeColumns.append(md, rows, probeColumns);
        if (PoolSection.applies(plan)) {
            PoolSection.append(md, plan, rows);
        }
        if (runs > 1) {
            RepeatsSection.append(md, rows, repeats);
        }
        md.append("## How to read this\n\n");
        Sections.bullets(md, PlainReading.lines(plan, rows, results.byTarget()));
        Sections.charts(md, charts);
        method(md, plan, rows);
        md.append(Sections.FOOTER);
        return md.toString();
    }

    private static String load(Plan plan, int runs, boolean inTurns) {
        return plan.load().concurrency() + " closed-loop users, ramp-up "
                + plan.phases().rampUpSeconds()
                + " s, " + Sections.warmUp(plan.phases()) + ", measured window "
                + plan.phases().windowSeconds() + " s, response timeout "
                + plan.phases().timeoutSeconds() + " s"
                + (runs > 1
                        ? "; " + runs + " runs per target, "
                                + (inTurns
                                        ? "taken in turns (every target's first run, then every target's second, ...),"
                                                + " each in a fresh process"
                                        : "one after another in the same process, each")
                                + " with its own ramp-up, warm-up and window"
                        : "");
    }

    private static MarkdownTable classicTable(List<Point> rows) {
        MarkdownTable table = new MarkdownTable(
                "Target",
                "Model",
                "Threads|r",
                "Requests|r",
                "Throughput (req/s)|r",
                "Avg (ms)|r",
                "Min (ms)|r",
                "p90 (ms)|r",
                "Max (ms)|r",
                "Error %|r");
        for (Point row : rows) {
            Target target = row.target();
            List<String> lead =
                    List.of(Format.cell(target.name()), Format.cell(target.model()), threads(target.threadLimit()));
            switch (row.outcome()) {
                case Outcome.Failed failed -> table.failed(lead, Sections.failedCell(failed));
                case Outcome.Measured measured -> {
                    RunStats stats = measured.stats();
                    Optional<ResponseTimes> times = stats.responseTimes();
                    table.row(
                            lead.get(0),
                            lead.get(1),
                            lead.get(2),
                            Integer.toString(stats.requests()),
                            Format.rate(stats.throughputPerSecond()),
                            times.map(t -> Format.ms(t.meanMs())).orElse(Format.NOT_AVAILABLE),
                            times.map(t -> Format.ms(t.minMs())).orElse(Format.NOT_AVAILABLE),
                            times.map(t -> Format.ms(t.p90Ms())).orElse(Format.NOT_AVAILABLE),
                            times.map(t -> Format.ms(t.maxMs())).orElse(Format.NOT_AVAILABLE),
                            stats.requests() == 0 ? Format.NOT_AVAILABLE : Format.percent(stats.errorPercent()));
                }
            }
        }
        return table;
    }

    private static MarkdownTable deeperTable(List<Point> rows) {
        MarkdownTable table = new MarkdownTable(
                "Target",
                "p50 (ms)|r",
                "p95 (ms)|r",
                "p99 (ms)|r",
                "Ceiling (req/s)|r",
                "Efficiency %|r",
                "Added mean (ms)|r",
                "Added p99 (ms)|r",
                "Errors by class");
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            switch (row.outcome()) {
                case Outcome.Failed ignored -> table.failed(List.of(name), Sections.failedShort());
                case Outcome.Measured measured -> {
                    RunStats stats = measured.stats();
                    Optional<ResponseTimes> times = stats.responseTimes();
                    Optional<AddedLatency> added = stats.addedLatency();
                    table.row(
                            name,
                            times.map(t -> Format.ms(t.p50Ms())).orElse(Format.NOT_AVAILABLE),
                            times.map(t -> Format.ms(t.p95Ms())).orElse(Format.NOT_AVAILABLE),
                            times.map(t -> Format.ms(t.p99Ms())).orElse(Format.NOT_AVAILABLE),
                            Format.rate(stats.ceilingPerSecond()),
                            stats.requests() == 0 ? Format.NOT_AVAILABLE : Format.percent(stats.efficiencyPercent()),
                            added.map(a -> Format.fineMs(a.meanMs())).orElse(Format.NOT_AVAILABLE),
                            added.map(a -> Format.ms(a.p99Ms())).orElse(Format.NOT_AVAILABLE),
                            Format.errorsByClass(stats.errorsByClass()));
                }
            }
        }
        return table;
    }

    private static void method(StringBuilder md, Plan plan, List<Point> rows) {
        int users = plan.load().concurrency();
        double unboundedCeiling = Ceiling.littlesLaw(users, plan.meanDelayMs());
        int window = plan.phases().windowSeconds();
        md.append("## Method\n\n")
                .append("- Window: only requests that completed inside the ")
                .append(window)
                .append(" s window [start, end) that follows ")
                .append(plan.phases().rampUpSeconds())
                .append(" s of ramp-up and ")
                .append(warmUps(plan, rows))
                .append(" of warm-up count; requests completing earlier, or in the drain after the window, are "
                        + "discarded. Throughput = counted requests / ")
                .append(window)
                .append(" s.\n")
                .append("- Percentiles are exact, from every counted request's response time, by nearest rank: the "
                        + "p-th percentile of n sorted values is the one at rank ceil(p/100 × n). Response-time columns "
                        + "include failed requests, as JMeter's do.\n")
                .append("- Added latency = response time − the delay the backend reported in its body (`delayMs`), "
                        + "over successful requests only: what the app adds; direct's value is the load generator's "
                        + "own share.\n")
                .append(
                        PoolSection.applies(plan)
                                ? "- Ceiling (Little's law) = min(users, threads, pool) / mean query time, e.g. "
                                : "- Ceiling (Little's law) = min(users, threads) / mean backend delay, e.g. ")
                .append(users)
                .append(" / ")
                .append(Format.seconds(plan.meanDelayMs()))
                .append(" = ")
                .append(Format.rate(unboundedCeiling))
                .append(" req/s without a thread limit. Efficiency = good throughput (successful requests / window) / "
                        + "ceiling; with no errors it equals throughput / ceiling.\n")
                .append("- Errors: a request is good only if it is a 2xx that JMeter passed and whose body names the "
                        + "backend's delay. Classes: timeout (connect or read), connection (refused, reset, closed), "
                        + "non-2xx, bad body (2xx without `delayMs`), other.\n\n");
    }

    /** The warm-up: the plan's, or, when it lasts until the JIT settles, each target's own. */
    private static String warmUps(Plan plan, List<Point> rows) {
        if (!plan.phases().untilJitSettles()) {
            return plan.phases().warmUpSeconds() + " s";
        }
        List<String> each = rows.stream()
                .filter(p -> p.stats().isPresent() && !p.series().seconds().isEmpty())
                .map(p -> p.target().name() + " "
                        + Math.round(p.series()
                                        .secondOf(
                                                p.stats().orElseThrow().window().startMillis())
                                - plan.phases().rampUpSeconds())
                        + " s")
                .toList();
        return "the warm-up it took the target's JIT to settle"
                + (each.isEmpty() ? "" : " (" + String.join(", ", each) + ")");
    }

    static String threads(OptionalInt limit) {
        return limit.isPresent() ? Integer.toString(limit.getAsInt()) : "none";
    }

    static Optional<Double> boxed(OptionalDouble value) {
        return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
    }
}
