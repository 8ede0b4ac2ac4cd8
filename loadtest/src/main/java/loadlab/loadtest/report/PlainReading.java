package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.AddedLatency;
import loadlab.loadtest.measure.BeforeWindow;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * The summary's "How to read this" lines: what the tables say, in numbers taken from them, so a reader need not
 * compare columns by eye. Every sentence is built from the data and the verdicts; none is written in advance.
 */
final class PlainReading {

    private final Plan plan;
    private final Optional<Point> direct;
    private final List<Point> rows;
    private final Map<Target, List<Point>> runs;

    private PlainReading(Plan plan, List<Point> rows, Map<Target, List<Point>> runs) {
        this.plan = plan;
        this.rows = rows;
        this.runs = runs;
        this.direct =
                rows.stream().filter(p -> !p.target().isApp() && !p.failed()).findFirst();
    }

    /**
     * @param rows every target's representative point, direct first
     * @param runs every target's points, in run order ({@link loadlab.loadtest.measure.ResultSet#byTarget})
     */
    static List<String> lines(Plan plan, List<Point> rows, Map<Target, List<Point>> runs) {
        return new PlainReading(plan, rows, runs).lines();
    }

    private List<String> lines() {
        List<Point> measured = withRequests(rows);
        List<String> lines = new ArrayList<>();
        ceiling(measured).ifPresent(lines::add);
        cpuLimited(measured).ifPresent(lines::add);
        withRequests(rows).stream()
                .filter(p -> p.target().isApp() && Ceiling.queues(p.target(), p.load()))
                .map(this::queueing)
                .flatMap(Optional::stream)
                .forEach(lines::add);
        errors(measured).ifPresent(lines::add);
        errorsBeforeTheWindows().ifPresent(lines::add);
        addedLatencyOfUnboundedModels().ifPresent(lines::add);
        CostRanking.line(measured, runs).ifPresent(lines::add);
        for (Point row : rows) {
            if (row.outcome() instanceof Outcome.Failed failed) {
                lines.add(row.target().name() + " FAILED and has no numbers: " + Sections.failedText(failed) + ".");
            } else if (!row.outcome().hasRequests()) {
                lines.add(row.target().name() + " completed no request inside the "
                        + plan.phases().windowSeconds() + " s window, so it has no latencies.");
            }
        }
        if (direct.isEmpty()) {
            lines.add("direct has no measurements, so the apps cannot be compared with the bare backend.");
        }
        return lines;
    }

    private Optional<String> ceiling(List<Point> measured) {
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        String threshold = Math.round(Thresholds.AT_CEILING_PERCENT) + "%";
        String reached = measured.stream()
                .filter(p -> Verdicts.atCeiling(stats(p)))
                .map(PlainReading::ofCeiling)
                .collect(Collectors.joining(", "));
        String missed = measured.stream()
                .filter(p -> !Verdicts.atCeiling(stats(p)))
                .map(PlainReading::ofCeiling)
                .collect(Collectors.joining(", "));
        StringBuilder line = new StringBuilder(
                reached.isEmpty()
                        ? "No target reached " + threshold + " of its Little's-law ceiling."
                        : "Reached at least " + threshold + " of their Little's-law ceiling: " + reached + ".");
        if (!missed.isEmpty()) {
            line.append(" Below it: ").append(missed).append('.');
        }
        return Optional.of(line.toString());
    }

    /**
     * Where a row below its ceiling ran out of CPU, whose: its own (the model's cost per request is the limit) or the
     * lab's (the load generator and slow-server could not offer more). Nothing when no such row was busy.
     */
    private Optional<String> cpuLimited(List<Point> measured) {
        List<String> busy = measured.stream()
                .filter(p -> !Verdicts.atCeiling(stats(p)))
                .map(p -> CpuShare.of(p, plan.cpus()))
                .flatMap(Optional::stream)
                .filter(CpuShare::busy)
                .map(CpuShare::text)
                .toList();
        if (busy.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("CPU, not the backend, held back the rows below their ceiling (busy: at least "
                + Math.round(Thresholds.BUSY_CPU_SHARE * 100) + "% of the cores each side may use): "
                + String.join("; ", busy) + ".");
    }

    private static String ofCeiling(Point p) {
        RunStats stats = stats(p);
        // Efficiency is good throughput over the ceiling; a row whose users timed out shows both figures.
        String good = stats.errors() == 0
                ? Format.rate(stats.throughputPerSecond())
                : Format.rate(stats.goodPerSecond()) + " good (" + Format.rate(stats.throughputPerSecond())
                        + " completed)";
        return p.target().name() + " " + good + " of " + Format.rate(stats.ceilingPerSecond()) + " req/s ("
                + Format.percent(stats.efficiencyPercent()) + "%)";
    }

    /** A thread-pool model against direct: fewer threads than users must show up as waiting in the latencies. */
    private Optional<String> queueing(Point app) {
        Optional<ResponseTimes> base = direct.flatMap(d -> stats(d).responseTimes());
        Optional<ResponseTimes> own = stats(app).responseTimes();
        if (base.isEmpty() || own.isEmpty()) {
            return Optional.empty();
        }
        ResponseTimes d = base.get();
        ResponseTimes a = own.get();
        RunStats stats = stats(app);
        RunStats directStats = stats(direct.get());
        String line = app.target().name() + " has " + app.target().threadLimit().getAsInt() + " threads for "
                + plan.load().concurrency() + " users, so its ceiling is " + Format.rate(stats.ceilingPerSecond())
                + " req/s against direct's " + Format.rate(directStats.ceilingPerSecond()) + "; it delivered "
                + Format.rate(stats.throughputPerSecond()) + " req/s, "
                + Format.percent(100 * stats.throughputPerSecond() / directStats.throughputPerSecond())
                + "% of direct's " + Format.rate(directStats.throughputPerSecond()) + "; p50 " + Format.ms(a.p50Ms())
                + " ms and p99 " + Format.ms(a.p99Ms()) + " ms against direct's " + Format.ms(d.p50Ms()) + " ms and "
                + Format.ms(d.p99Ms()) + " ms (" + signedMs(a.p50Ms() - d.p50Ms()) + " at p50, "
                + signedMs(a.p99Ms() - d.p99Ms()) + " at p99)";
        return Optional.of(line
                + (Verdicts.queuesAtMedian(a, d)
                        ? ": requests queue for a free thread."
                        : ": no queueing visible at the median."));
    }

    private Optional<String> errors(List<Point> measured) {
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        List<Point> failing =
                measured.stream().filter(p -> stats(p).errors() > 0).toList();
        if (failing.isEmpty()) {
            int total = measured.stream().mapToInt(p -> stats(p).requests()).sum();
            return Optional.of(
                    "No errors: all " + total + " requests in the windows were 2xx with the backend's delay.");
        }
        StringBuilder line = new StringBuilder("Errors: ");
        line.append(failing.stream().map(PlainReading::ofErrors).collect(Collectors.joining("; ")))
                .append('.');
        if (failing.stream().anyMatch(p -> stats(p).errorsByClass().get(ErrorClass.TIMEOUT) > 0)) {
            line.append(" A timeout is a request that got no answer within the ")
                    .append(plan.phases().timeoutSeconds())
                    .append(" s response timeout.");
        }
        String clean = measured.stream()
                .filter(p -> stats(p).errors() == 0)
                .map(p -> p.target().name())
                .collect(Collectors.joining(", "));
        if (!clean.isEmpty()) {
            line.append(" No errors: ").append(clean).append('.');
        }
        return Optional.of(line.toString());
    }

    /**
     * A service that fails its first users while it warms up passes every check of its window; only the seconds
     * before it show that, so they are named here, run by run.
     */
    private Optional<String> errorsBeforeTheWindows() {
        boolean repeated = runs.values().stream().anyMatch(points -> points.size() > 1);
        List<String> failing = new ArrayList<>();
        for (Point p : runs.values().stream().flatMap(List::stream).toList()) {
            BeforeWindow.of(p)
                    .filter(before -> before.errors() > 0)
                    .ifPresent(before -> failing.add(p.target().name() + (repeated ? " run " + p.run() : "") + " "
                            + before.errors() + " of " + before.requests() + " requests ("
                            + Format.errorsByClass(before.errorsByClass()) + ") " + seconds(before)));
        }
        if (failing.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("Failed before the windows, in the ramp-up and warm-up that no figure above counts: "
                + String.join("; ", failing) + ".");
    }

    private static String seconds(BeforeWindow before) {
        return before.firstErrorSecond() == before.lastErrorSecond()
                ? "in second " + before.firstErrorSecond() + " of its load"
                : "in seconds " + before.firstErrorSecond() + "-" + before.lastErrorSecond() + " of its load";
    }

    private static String ofErrors(Point p) {
        RunStats stats = stats(p);
        return p.target().name() + " " + stats.errors() + " of " + stats.requests() + " requests ("
                + Format.percent(stats.errorPercent()) + "%: " + Format.errorsByClass(stats.errorsByClass()) + ")";
    }

    /** Without a thread limit nothing should queue, so what an app adds is the cost of the model itself. */
    private Optional<String> addedLatencyOfUnboundedModels() {
        String unbounded = rows.stream()
                .filter(p -> p.target().isApp() && p.target().threadLimit().isEmpty())
                .flatMap(p -> p.stats().flatMap(RunStats::addedLatency).stream()
                        .map(added -> p.target().name() + " " + ofAdded(added)))
                .collect(Collectors.joining("; "));
        if (unbounded.isEmpty()) {
            return Optional.empty();
        }
        String baseline = direct.flatMap(d -> stats(d).addedLatency())
                .map(added -> "; direct alone (load generator and loopback) " + ofAdded(added))
                .orElse("");
        return Optional.of(
                "Added latency over the backend's own delay, unbounded models: " + unbounded + baseline + ".");
    }

    private static String ofAdded(AddedLatency added) {
        return "mean " + Format.fineMs(added.meanMs()) + " ms, p99 " + Format.ms(added.p99Ms()) + " ms";
    }

    private static String signedMs(long millis) {
        return (millis >= 0 ? "+" : "") + millis + " ms";
    }

    private static RunStats stats(Point p) {
        return p.stats().orElseThrow();
    }

    private static List<Point> withRequests(List<Point> all) {
        return all.stream().filter(p -> p.outcome().hasRequests()).toList();
    }
}
