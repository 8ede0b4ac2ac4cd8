package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;

/**
 * "Where requests wait", for a database plan: per target and load, the ceiling min(users, threads, pool) / mean query
 * time and what was delivered, the pool's two gauges (connections in use, requests waiting) with the mean wait they
 * give by Little's law, the added latency beside it, the pool timeouts as their own error class, the client that ran
 * (driver and pool versions) and the virtual-thread pinning JFR recorded (0 when none).
 */
final class PoolSection {

    private PoolSection() {}

    static boolean applies(Plan plan) {
        return plan.request().usesDatabase();
    }

    static void append(StringBuilder md, Plan plan, List<Point> points) {
        explain(md, plan);
        boolean levels = points.stream().map(Point::load).distinct().count() > 1;
        List<String> columns = new ArrayList<>(List.of("Target"));
        if (levels) {
            columns.add("Users|r");
        }
        columns.addAll(List.of(
                "Ceiling (req/s)|r",
                "Good (req/s)|r",
                "In use|r",
                "Waiting|r",
                "Most waiting|r",
                "Mean wait (ms)|r",
                "Added mean (ms)|r",
                "Pool timeouts|r",
                "Other errors|r",
                "Pinned|r",
                "Client"));
        MarkdownTable table = new MarkdownTable(columns);
        for (Point point : points) {
            List<String> lead = levels
                    ? List.of(
                            Format.cell(point.target().name()),
                            Integer.toString(point.load().concurrency()))
                    : List.of(Format.cell(point.target().name()));
            Optional<RunStats> stats = point.stats();
            if (stats.isEmpty()) {
                table.failed(lead, Sections.failedShort());
                continue;
            }
            table.row(cells(lead, stats.get(), point));
        }
        table.appendTo(md);
    }

    private static void explain(StringBuilder md, Plan plan) {
        md.append("## Where requests wait\n\n")
                .append("Each request holds one of its target's ")
                .append(plan.dbPool().getAsInt())
                .append(" pool connections for its whole query, so the ceiling is min(users, threads, pool) / mean "
                        + "query time (")
                .append(Format.seconds(plan.meanDelayMs()))
                .append(")")
                .append(": ")
                .append(plan.dbPool().getAsInt())
                .append(" / ")
                .append(Format.seconds(plan.meanDelayMs()))
                .append(" = ")
                .append(Format.rate(Ceiling.littlesLaw(plan.dbPool().getAsInt(), plan.meanDelayMs())))
                .append(" req/s wherever the pool is the smallest. In use and waiting are the pool's own gauges read "
                        + "once a second over the window (the apps' `hikaricp.connections.active`/`.pending` or "
                        + "`r2dbc.pool.acquired`/`.pending` through Actuator, the direct row's Hikari pool in the load "
                        + "generator); mean wait = mean waiting / requests per second (Little's law). A pool timeout "
                        + "is a request that found no free connection within ")
                .append(Plan.DB_ACQUIRE_TIMEOUT.toSeconds())
                .append(" s and was answered `503` at once.\n\n");
    }

    private static List<String> cells(List<String> lead, RunStats stats, Point point) {
        Optional<PoolWait> pool = point.cost().poolWait();
        int poolTimeouts = stats.errorsByClass().getOrDefault(ErrorClass.POOL_TIMEOUT, 0);
        List<String> cells = new ArrayList<>(lead);
        cells.addAll(List.of(
                Format.rate(stats.ceilingPerSecond()),
                Format.rate(stats.goodPerSecond()),
                tenths(pool.map(PoolWait::meanInUse)),
                tenths(pool.map(PoolWait::meanPending)),
                pool.flatMap(p -> p.maxPending().isPresent()
                                ? Optional.of(Integer.toString(p.maxPending().getAsInt()))
                                : Optional.empty())
                        .orElse(Format.NOT_AVAILABLE),
                pool.flatMap(p -> boxed(p.meanWaitMs())).map(Format::ms).orElse(Format.NOT_AVAILABLE),
                stats.addedLatency().map(a -> Format.ms(a.meanMs())).orElse(Format.NOT_AVAILABLE),
                Integer.toString(poolTimeouts),
                Integer.toString(stats.errors() - poolTimeouts),
                point.cost()
                        .jfr()
                        .map(JfrFigures::pinnedEvents)
                        .filter(java.util.OptionalInt::isPresent)
                        .map(p -> Integer.toString(p.getAsInt()))
                        .orElse(Format.NOT_AVAILABLE),
                pool.map(p -> Format.cell(p.client())).orElse(Format.NOT_AVAILABLE)));
        return cells;
    }

    private static String tenths(Optional<OptionalDouble> value) {
        return value.flatMap(PoolSection::boxed).map(Format::tenths).orElse(Format.NOT_AVAILABLE);
    }

    private static Optional<Double> boxed(OptionalDouble value) {
        return value.isPresent() ? Optional.of(value.getAsDouble()) : Optional.empty();
    }
}
