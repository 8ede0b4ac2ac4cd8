package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import loadlab.loadtest.chart.SweepCharts;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.OpenPoint;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.OpenScenario;
import loadlab.loadtest.plan.RunOrder;
import loadlab.loadtest.plan.Target;

/**
 * Renders results/open-workload.md: every target at every fixed arrival rate, which kept up, and where requests
 * queue. A closed loop cannot show the queue: its users wait for their answers, so a slow model simply gets fewer
 * requests. Here arrivals keep coming, and the queue shows as latency and timeouts.
 */
public final class OpenWorkloadReport {

    /** At or above this share of the offered rate a target kept up with it, whatever chance says. */
    static final double KEPT_UP_PERCENT = 98.0;

    /**
     * Arrivals are random (Poisson): a window expecting n of them gets n ± √n, so a count up to this many standard
     * deviations short is chance, not a model falling behind. At 80 req/s over 30 s that is 6% of the rate.
     */
    static final double CHANCE_SIGMAS = 3.0;

    /** A p99 up to this multiple of direct's at the same rate is the backend's own tail, not queueing. */
    static final double P99_CLOSE_RATIO = 1.10;

    private OpenWorkloadReport() {}

    /**
     * @param points         every rate of every target, failed ones included, in any order
     * @param chartsMarkdown Markdown that embeds the charts ({@link SweepCharts#markdownLinks}), or empty
     */
    public static String render(OpenScenario s, Environment e, List<OpenPoint> points, String chartsMarkdown) {
        Map<Target, List<OpenPoint>> byTarget = new LinkedHashMap<>();
        for (Target target :
                RunOrder.of(s.targets(), points.stream().map(OpenPoint::target).toList())) {
            byTarget.put(
                    target,
                    points.stream()
                            .filter(p -> p.target().equals(target))
                            .sorted(Comparator.comparingDouble(OpenPoint::offeredRatePerSecond))
                            .toList());
        }
        StringBuilder md = new StringBuilder();
        md.append("# Open workload (fixed arrival rate)\n\n");
        scenario(md, s);
        SummaryReport.environment(md, e);
        table(md, s, byTarget);
        md.append("## Who kept up, and where requests queue\n\n");
        new Reading(s, byTarget)
                .lines()
                .forEach(line -> md.append("- ").append(line).append('\n'));
        md.append('\n');
        if (!chartsMarkdown.isBlank()) {
            md.append("## Charts\n\n").append(chartsMarkdown.strip()).append("\n\n");
        }
        method(md, s, e, byTarget.keySet());
        md.append(SummaryReport.FOOTER);
        return md.toString();
    }

    private static void scenario(StringBuilder md, OpenScenario s) {
        md.append("## Scenario\n\n")
                .append("- Load: requests start at a fixed rate of ")
                .append(s.ratesPerSecond().stream().map(Format::rate).collect(Collectors.joining(", ")))
                .append(" req/s, each rate a run of its own, whether or not "
                        + "earlier requests were answered; the load generator keeps at most ")
                .append(s.maxThreads())
                .append(" requests in flight. Ramp-up ")
                .append(s.rampUpSeconds())
                .append(" s, warm-up ")
                .append(s.warmUpSeconds())
                .append(" s, measured window ")
                .append(s.windowSeconds())
                .append(" s, response timeout ")
                .append(s.responseTimeoutSeconds())
                .append(" s\n")
                .append("- Backend delay: ")
                .append(s.backendDelayMinMs())
                .append("..")
                .append(s.backendDelayMaxMs())
                .append(" ms per request (mean ")
                .append(Format.ms(s.backendMeanDelayMs()))
                .append(" ms)\n")
                .append("- Targets, in run order: ")
                .append(String.join(", ", s.targets()))
                .append("\n\n");
    }

    private static void table(StringBuilder md, OpenScenario s, Map<Target, List<OpenPoint>> byTarget) {
        md.append("## Results\n\n")
                .append("| Target | Offered (req/s) | Throughput (req/s) | Good (req/s) | Ceiling (req/s) | p50 (ms) "
                        + "| p90 (ms) | p99 (ms) | Max (ms) | Error % | Errors by class | CPU cores (avg) |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|\n");
        byTarget.forEach((target, rates) -> {
            for (OpenPoint point : rates) {
                md.append("| ")
                        .append(Format.cell(target.name()))
                        .append(" | ")
                        .append(Format.rate(point.offeredRatePerSecond()))
                        .append(" | ");
                switch (point.result()) {
                    case TargetResult.Failed failed ->
                        md.append(SweepReport.failedCell(failed))
                                .append(SweepReport.dashes(9))
                                .append('\n');
                    case TargetResult.Measured measured -> {
                        RunStats stats = measured.stats();
                        Optional<ResponseTimes> times = stats.responseTimes();
                        md.append(Format.rate(stats.throughputPerSecond()))
                                .append(" | ")
                                .append(Format.rate(stats.goodPerSecond()))
                                .append(" | ")
                                .append(Format.rate(point.ceilingPerSecond(s.backendMeanDelayMs())))
                                .append(" | ")
                                .append(times.map(t -> Format.ms(t.p50Ms())).orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(times.map(t -> Format.ms(t.p90Ms())).orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(times.map(t -> Format.ms(t.p99Ms())).orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(times.map(t -> Format.ms(t.maxMs())).orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(
                                        stats.requests() == 0
                                                ? Format.NOT_AVAILABLE
                                                : Format.percent(stats.errorPercent()))
                                .append(" | ")
                                .append(Format.errorsByClass(stats.errorsByClass()))
                                .append(" | ")
                                .append(point.cost()
                                        .process()
                                        .map(p -> Format.hundredths(p.averageCores()))
                                        .orElse(Format.NOT_AVAILABLE))
                                .append(" |\n");
                    }
                }
            }
        });
        md.append('\n');
    }

    /** The generated lines: per rate who kept up, then every overloaded target and what its queue cost. */
    private record Reading(OpenScenario s, Map<Target, List<OpenPoint>> byTarget) {

        List<String> lines() {
            List<String> lines = new ArrayList<>();
            List<Double> rates = byTarget.values().stream()
                    .flatMap(List::stream)
                    .map(OpenPoint::offeredRatePerSecond)
                    .distinct()
                    .sorted()
                    .toList();
            for (double rate : rates) {
                lines.add(atRate(rate));
            }
            boolean overloaded = false;
            for (List<OpenPoint> points : byTarget.values()) {
                for (OpenPoint point : points) {
                    Optional<String> line = overload(point).or(() -> queueingBelowCapacity(point));
                    if (line.isPresent()) {
                        lines.add(line.get());
                        overloaded |= point.offeredRatePerSecond() > capacity(point);
                    }
                }
            }
            if (overloaded) {
                lines.add("A closed loop hides this queue: its users wait for their answers before sending again, so a "
                        + "model that is too slow just receives fewer requests, and its latency stays near the "
                        + "backend's. Open arrivals keep coming at the offered rate whatever the model does.");
            }
            if (lines.isEmpty()) {
                lines.add("No target was run, so there is nothing to read.");
            }
            return lines;
        }

        private String atRate(double rate) {
            List<OpenPoint> here = byTarget.values().stream()
                    .flatMap(List::stream)
                    .filter(p -> p.offeredRatePerSecond() == rate)
                    .toList();
            Optional<ResponseTimes> direct = directAt(rate);
            String yardstick = direct.map(d -> ", p99 within " + Math.round((P99_CLOSE_RATIO - 1) * 100)
                            + "% of direct's " + Format.ms(d.p99Ms()) + " ms")
                    .orElse("; no direct at this rate to compare p99 with");
            String floor = Format.percent(100 * keptUpFloor(rate, s.windowSeconds()) / rate);
            List<String> kept = new ArrayList<>();
            List<String> missed = new ArrayList<>();
            List<String> failed = new ArrayList<>();
            for (OpenPoint point : here) {
                switch (point.result()) {
                    case TargetResult.Failed f ->
                        failed.add(point.target().name() + " (" + Format.cell(f.reason()) + ", log: "
                                + Format.code(f.log().toString()) + ")");
                    case TargetResult.Measured m
                    when m.stats().requests() == 0 ->
                        missed.add(point.target().name() + " completed no request inside the " + s.windowSeconds()
                                + " s window");
                    case TargetResult.Measured m -> {
                        if (keptUp(point, m.stats(), direct)) {
                            kept.add(point.target().name() + " "
                                    + Format.rate(m.stats().goodPerSecond()));
                        } else {
                            missed.add(missedBy(point, m.stats(), direct));
                        }
                    }
                }
            }
            StringBuilder line =
                    new StringBuilder("At ").append(Format.rate(rate)).append(" req/s offered: ");
            line.append(
                    kept.isEmpty()
                            ? "no target kept up"
                            : "kept up (good throughput ≥ " + floor
                                    + "% of offered, under " + Format.percent(SweepReport.ERROR_PERCENT_LIMIT)
                                    + "% errors" + yardstick
                                    + "): " + String.join(", ", kept) + " req/s");
            line.append('.');
            if (!missed.isEmpty()) {
                line.append(" Did not: ").append(String.join("; ", missed)).append('.');
            }
            if (!failed.isEmpty()) {
                line.append(" FAILED: ").append(String.join("; ", failed)).append('.');
            }
            return line.toString();
        }

        private boolean keptUp(OpenPoint point, RunStats stats, Optional<ResponseTimes> direct) {
            boolean rate = stats.goodPerSecond() >= keptUpFloor(point.offeredRatePerSecond(), s.windowSeconds());
            boolean clean = stats.errorPercent() < SweepReport.ERROR_PERCENT_LIMIT;
            boolean tail = direct.isEmpty()
                    || stats.responseTimes()
                            .map(t -> t.p99Ms() <= direct.get().p99Ms() * P99_CLOSE_RATIO)
                            .orElse(false);
            return rate && clean && tail;
        }

        private String missedBy(OpenPoint point, RunStats stats, Optional<ResponseTimes> direct) {
            List<String> parts = new ArrayList<>();
            parts.add(Format.rate(stats.throughputPerSecond()) + " req/s"
                    + (stats.errors() > 0 ? ", " + Format.rate(stats.goodPerSecond()) + " of them good" : "") + " ("
                    + Format.percent(100 * stats.goodPerSecond() / point.offeredRatePerSecond()) + "% of offered)");
            stats.responseTimes()
                    .ifPresent(t -> parts.add("p99 " + Format.ms(t.p99Ms()) + " ms"
                            + direct.filter(d -> point.target().isApp())
                                    .map(d -> " (" + signedPercent(t.p99Ms(), d.p99Ms()) + " on direct's)")
                                    .orElse("")));
            if (stats.errors() > 0) {
                parts.add(Format.percent(stats.errorPercent()) + "% errors ("
                        + Format.errorsByClass(stats.errorsByClass()) + ")");
            }
            return point.target().name() + " " + String.join(", ", parts);
        }

        /** More offered than the model can have in flight: the excess can only queue. */
        private Optional<String> overload(OpenPoint point) {
            if (!(point.result() instanceof TargetResult.Measured m)
                    || point.offeredRatePerSecond() <= capacity(point)) {
                return Optional.empty();
            }
            RunStats stats = m.stats();
            double rate = point.offeredRatePerSecond();
            String bound = point.generatorBound()
                    ? "what the load generator's " + point.maxThreads() + " threads allow (" + point.maxThreads()
                            + " / " + Format.seconds(s.backendMeanDelayMs()) + " = " + Format.rate(capacity(point))
                            + " req/s), so here the load generator, not the model, is the bound"
                    : "its capacity of " + Format.rate(capacity(point)) + " req/s ("
                            + point.target().threadLimit().getAsInt() + " threads / "
                            + Format.seconds(s.backendMeanDelayMs()) + ")";
            StringBuilder line = new StringBuilder(point.target().name())
                    .append(" at ")
                    .append(Format.rate(rate))
                    .append(" req/s offered is above ")
                    .append(bound)
                    .append(": it completed ")
                    .append(Format.rate(stats.throughputPerSecond()))
                    .append(" req/s")
                    .append(
                            stats.errors() > 0
                                    ? ", " + Format.rate(stats.goodPerSecond()) + " of them successfully"
                                    : "");
            double excess = rate - stats.throughputPerSecond();
            if (excess > 0) {
                line.append(", and the other ")
                        .append(Format.rate(excess))
                        .append(point.generatorBound() ? " req/s could not even be sent on time" : " req/s queue");
            }
            stats.responseTimes()
                    .ifPresent(t -> line.append("; p99 ")
                            .append(Format.ms(t.p99Ms()))
                            .append(" ms")
                            .append(directAt(rate)
                                    .filter(d -> point.target().isApp())
                                    .map(d -> " against direct's " + Format.ms(d.p99Ms()) + " ms at the same rate")
                                    .orElse("")));
            line.append(
                    stats.errors() > 0
                            ? ", " + Format.percent(stats.errorPercent()) + "% errors ("
                                    + Format.errorsByClass(stats.errorsByClass())
                                    + ")"
                                    + (stats.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0) > 0
                                            ? ": requests that waited past the " + s.responseTimeoutSeconds()
                                                    + " s response timeout"
                                            : "")
                            : ", no errors yet within the " + s.windowSeconds() + " s window");
            return Optional.of(line.append('.').toString());
        }

        /**
         * Within capacity on average, a thread pool can still make requests wait: arrivals are bursty, and a pool that
         * is busy most of the time has no thread free for some of them. Shown only when the p99 says so.
         */
        private Optional<String> queueingBelowCapacity(OpenPoint point) {
            if (!(point.result() instanceof TargetResult.Measured m)
                    || point.target().threadLimit().isEmpty()
                    || point.offeredRatePerSecond() > capacity(point)) {
                return Optional.empty();
            }
            Optional<ResponseTimes> own = m.stats().responseTimes();
            Optional<ResponseTimes> direct = directAt(point.offeredRatePerSecond());
            if (own.isEmpty()
                    || direct.isEmpty()
                    || own.get().p99Ms() <= direct.get().p99Ms() * P99_CLOSE_RATIO) {
                return Optional.empty();
            }
            int threads = point.target().threadLimit().getAsInt();
            double inFlight = point.offeredRatePerSecond() * s.backendMeanDelayMs() / 1000;
            return Optional.of(point.target().name() + " at " + Format.rate(point.offeredRatePerSecond())
                    + " req/s offered is within its capacity of " + Format.rate(capacity(point))
                    + " req/s, yet its p99 is "
                    + Format.ms(own.get().p99Ms()) + " ms against direct's "
                    + Format.ms(direct.get().p99Ms())
                    + " ms: on average " + Format.rate(point.offeredRatePerSecond()) + " × "
                    + Format.seconds(s.backendMeanDelayMs()) + " = " + Format.whole(inFlight)
                    + " requests are in flight "
                    + "for its " + threads + " threads (" + Format.percent(100 * inFlight / threads) + "% busy), so "
                    + "bursts wait for a thread.");
        }

        private double capacity(OpenPoint point) {
            return point.capacityPerSecond(s.backendMeanDelayMs());
        }

        private Optional<ResponseTimes> directAt(double rate) {
            return byTarget.getOrDefault(Target.DIRECT, List.of()).stream()
                    .filter(p -> p.offeredRatePerSecond() == rate)
                    .flatMap(p -> p.result() instanceof TargetResult.Measured m
                            ? m.stats().responseTimes().stream()
                            : Stream.empty())
                    .findFirst();
        }

        private static String signedPercent(long value, long base) {
            if (base == 0) {
                return "+" + value + " ms";
            }
            String change = Format.whole(100.0 * (value - base) / base);
            return change.equals("0") || change.equals("-0")
                    ? "±0%"
                    : (change.startsWith("-") ? "" : "+") + change + "%";
        }
    }

    /**
     * The least good throughput that still counts as keeping up with {@code rate}: {@link #KEPT_UP_PERCENT} of it, or
     * less when random arrivals alone can fall that short over the window ({@link #CHANCE_SIGMAS}).
     */
    static double keptUpFloor(double rate, int windowSeconds) {
        double expected = rate * windowSeconds;
        double byChance = expected - CHANCE_SIGMAS * Math.sqrt(expected);
        return Math.min(expected * KEPT_UP_PERCENT / 100, byChance) / windowSeconds;
    }

    private static void method(StringBuilder md, OpenScenario s, Environment e, Collection<Target> targets) {
        double delaySeconds = s.backendMeanDelayMs() / 1000;
        // The example uses a limit this run actually had, so its number can be found in the table.
        OptionalInt threads = targets.stream()
                .map(Target::threadLimit)
                .filter(OptionalInt::isPresent)
                .mapToInt(OptionalInt::getAsInt)
                .filter(limit -> limit < s.maxThreads())
                .min();
        String limited = threads.isEmpty()
                ? ""
                : " and " + threads.getAsInt() + " / "
                        + Format.seconds(s.backendMeanDelayMs()) + " = "
                        + Format.rate(threads.getAsInt() / delaySeconds)
                        + " req/s with " + threads.getAsInt() + " threads";
        md.append("## Method\n\n")
                .append(
                        "- Each rate is a run of its own: the load generator starts requests on a fixed schedule at the "
                                + "offered rate (an open workload), with at most ")
                .append(s.maxThreads())
                .append(" in flight; ")
                .append(s.rampUpSeconds())
                .append(" s of ramp-up and ")
                .append(s.warmUpSeconds())
                .append(" s of warm-up, then only requests that completed inside the ")
                .append(s.windowSeconds())
                .append(" s window [start, end) count. Throughput = counted requests / ")
                .append(s.windowSeconds())
                .append(" s, errors included; Good = the successful ones / ")
                .append(s.windowSeconds())
                .append(" s.\n")
                .append("- Capacity (Little's law) = min(")
                .append(s.maxThreads())
                .append(", the model's threads) / mean " + "backend delay, e.g. ")
                .append(s.maxThreads())
                .append(" / ")
                .append(Format.seconds(s.backendMeanDelayMs()))
                .append(" = ")
                .append(Format.rate(s.maxThreads() / delaySeconds))
                .append(" req/s without a thread limit")
                .append(limited)
                .append(". Ceiling = min(offered rate, capacity): an open load never sends more than " + "its rate.\n")
                .append("- Kept up: good throughput at least ")
                .append(Math.round(KEPT_UP_PERCENT))
                .append("% of the offered "
                        + "rate, or less when random arrivals explain the shortfall: a window expecting n = rate × ")
                .append(s.windowSeconds())
                .append(" s arrivals gets n ± √n, so up to ")
                .append(Format.whole(CHANCE_SIGMAS))
                .append(" √n short still counts (e.g. ")
                .append(Format.percent(100
                        * keptUpFloor(s.ratesPerSecond().getFirst(), s.windowSeconds())
                        / s.ratesPerSecond().getFirst()))
                .append("% at ")
                .append(Format.rate(s.ratesPerSecond().getFirst()))
                .append(" req/s); under ")
                .append(Format.percent(SweepReport.ERROR_PERCENT_LIMIT))
                .append("% errors, " + "and p99 at most ")
                .append(Math.round(P99_CLOSE_RATIO * 100))
                .append("% of direct's at the "
                        + "same rate (direct's p99 is the backend's own tail: its delay is random).\n")
                .append("- Percentiles are exact, by nearest rank, over every counted request, errors included. Errors "
                        + "are classed as in the summary: timeout, connection, non-2xx, bad body, other.\n")
                .append("- CPU cores = the process's CPU time over the window / window seconds, out of the machine's ")
                .append(e.cores())
                .append(". n/a: not sampled.\n\n");
    }
}
