package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import loadlab.loadtest.measure.AddedLatency;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.Scenario;

/**
 * The "How to read this" lines: what the tables say, in numbers taken from them, so a reader need not
 * compare columns by eye. Every sentence is built from the data; none is written in advance.
 */
final class PlainReading {

    /** At or above this share of its Little's-law ceiling a target is doing all the backend lets it. */
    static final double NEAR_CEILING_PERCENT = 98.0;

    /** A median this much above direct's (relative) is called queueing rather than noise. */
    private static final double QUEUEING_MEDIAN_RATIO = 1.10;

    private final Scenario scenario;
    private final Optional<TargetResult.Measured> direct;
    private final List<TargetResult> apps;

    private PlainReading(Scenario scenario, TargetResult direct, List<TargetResult> apps) {
        this.scenario = scenario;
        this.direct = direct instanceof TargetResult.Measured measured ? Optional.of(measured) : Optional.empty();
        this.apps = apps;
    }

    static List<String> lines(Scenario scenario, TargetResult direct, List<TargetResult> apps) {
        return new PlainReading(scenario, direct, apps)
                .lines(Stream.concat(Stream.of(direct), apps.stream()).toList());
    }

    private List<String> lines(List<TargetResult> all) {
        List<TargetResult.Measured> measured = measuredWithRequests(all);
        List<String> lines = new ArrayList<>();
        ceiling(measured).ifPresent(lines::add);
        measuredWithRequests(apps).stream()
                .filter(m -> m.target().queuesAt(scenario.users()))
                .map(this::queueing)
                .flatMap(Optional::stream)
                .forEach(lines::add);
        errors(measured).ifPresent(lines::add);
        addedLatencyOfUnboundedModels().ifPresent(lines::add);
        for (TargetResult result : all) {
            if (result instanceof TargetResult.Failed failed) {
                lines.add(failed.target().name() + " FAILED and has no numbers: " + Format.cell(failed.reason())
                        + " (log: " + Format.code(failed.log().toString()) + ").");
            } else if (result instanceof TargetResult.Measured m && m.stats().requests() == 0) {
                lines.add(m.target().name() + " completed no request inside the " + scenario.windowSeconds()
                        + " s window, so it has no latencies.");
            }
        }
        if (direct.isEmpty()) {
            lines.add("direct has no measurements, so the apps cannot be compared with the bare backend.");
        }
        return lines;
    }

    private Optional<String> ceiling(List<TargetResult.Measured> measured) {
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        Predicate<TargetResult.Measured> near = m -> m.stats().efficiencyPercent() >= NEAR_CEILING_PERCENT;
        String threshold = Math.round(NEAR_CEILING_PERCENT) + "%";
        String reached =
                measured.stream().filter(near).map(PlainReading::ofCeiling).collect(Collectors.joining(", "));
        String missed = measured.stream()
                .filter(near.negate())
                .map(PlainReading::ofCeiling)
                .collect(Collectors.joining(", "));
        StringBuilder line = new StringBuilder();
        line.append(
                reached.isEmpty()
                        ? "No target reached " + threshold + " of its Little's-law ceiling."
                        : "Reached at least " + threshold + " of their Little's-law ceiling: " + reached + ".");
        if (!missed.isEmpty()) {
            line.append(" Below it: ").append(missed).append('.');
        }
        return Optional.of(line.toString());
    }

    private static String ofCeiling(TargetResult.Measured m) {
        RunStats stats = m.stats();
        return m.target().name() + " " + Format.rate(stats.throughputPerSecond()) + " of "
                + Format.rate(stats.ceilingPerSecond()) + " req/s (" + Format.percent(stats.efficiencyPercent()) + "%)";
    }

    /** A thread-pool model against direct: fewer threads than users must show up as waiting in the latencies. */
    private Optional<String> queueing(TargetResult.Measured app) {
        Optional<ResponseTimes> base = direct.flatMap(d -> d.stats().responseTimes());
        Optional<ResponseTimes> own = app.stats().responseTimes();
        if (base.isEmpty() || own.isEmpty()) {
            return Optional.empty();
        }
        ResponseTimes d = base.get();
        ResponseTimes a = own.get();
        RunStats stats = app.stats();
        RunStats directStats = direct.get().stats();
        String line = app.target().name() + " has " + app.target().threadLimit().getAsInt() + " threads for "
                + scenario.users() + " users, so its ceiling is " + Format.rate(stats.ceilingPerSecond())
                + " req/s against direct's " + Format.rate(directStats.ceilingPerSecond()) + "; it delivered "
                + Format.rate(stats.throughputPerSecond()) + " req/s, "
                + Format.percent(100 * stats.throughputPerSecond() / directStats.throughputPerSecond())
                + "% of direct's " + Format.rate(directStats.throughputPerSecond()) + "; p50 " + Format.ms(a.p50Ms())
                + " ms and p99 " + Format.ms(a.p99Ms()) + " ms against direct's "
                + Format.ms(d.p50Ms()) + " ms and " + Format.ms(d.p99Ms()) + " ms ("
                + signedMs(a.p50Ms() - d.p50Ms()) + " at p50, " + signedMs(a.p99Ms() - d.p99Ms()) + " at p99)";
        boolean queueing = a.p50Ms() > d.p50Ms() * QUEUEING_MEDIAN_RATIO;
        return Optional.of(
                line + (queueing ? ": requests queue for a free thread." : ": no queueing visible at the median."));
    }

    private Optional<String> errors(List<TargetResult.Measured> measured) {
        if (measured.isEmpty()) {
            return Optional.empty();
        }
        List<TargetResult.Measured> failing =
                measured.stream().filter(m -> m.stats().errors() > 0).toList();
        if (failing.isEmpty()) {
            int total = measured.stream().mapToInt(m -> m.stats().requests()).sum();
            return Optional.of(
                    "No errors: all " + total + " requests in the windows were 2xx with the backend's delay.");
        }
        StringBuilder line = new StringBuilder("Errors: ");
        line.append(failing.stream().map(this::ofErrors).collect(Collectors.joining("; ")))
                .append('.');
        if (failing.stream().anyMatch(m -> m.stats().errorsByClass().get(ErrorClass.TIMEOUT) > 0)) {
            line.append(" A timeout is a request that got no answer within the ")
                    .append(scenario.responseTimeoutSeconds())
                    .append(" s response timeout.");
        }
        String clean = measured.stream()
                .filter(m -> m.stats().errors() == 0)
                .map(m -> m.target().name())
                .collect(Collectors.joining(", "));
        if (!clean.isEmpty()) {
            line.append(" No errors: ").append(clean).append('.');
        }
        return Optional.of(line.toString());
    }

    private String ofErrors(TargetResult.Measured m) {
        RunStats stats = m.stats();
        return m.target().name() + " " + stats.errors() + " of " + stats.requests() + " requests ("
                + Format.percent(stats.errorPercent()) + "%: " + Format.errorsByClass(stats.errorsByClass()) + ")";
    }

    /** Without a thread limit nothing should queue, so what an app adds is the cost of the model itself. */
    private Optional<String> addedLatencyOfUnboundedModels() {
        String unbounded = apps.stream()
                .filter(r -> r.target().threadLimit().isEmpty())
                .flatMap(r -> r instanceof TargetResult.Measured m ? Stream.of(m) : Stream.empty())
                .flatMap(m -> m.stats().addedLatency().map(added -> m.target().name() + " " + ofAdded(added)).stream())
                .collect(Collectors.joining("; "));
        if (unbounded.isEmpty()) {
            return Optional.empty();
        }
        String baseline = direct.flatMap(d -> d.stats().addedLatency())
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

    private static List<TargetResult.Measured> measuredWithRequests(List<TargetResult> all) {
        return all.stream()
                .flatMap(r -> r instanceof TargetResult.Measured m && m.stats().requests() > 0
                        ? Stream.of(m)
                        : Stream.empty())
                .toList();
    }
}
