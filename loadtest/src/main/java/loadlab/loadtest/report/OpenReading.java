package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
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

/** The open workload's generated lines: per rate who kept up, then every overloaded target and what its queue cost. */
record OpenReading(Plan plan, Map<Target, List<Point>> byTarget) {

    List<String> lines() {
        List<String> lines = new ArrayList<>();
        List<Double> rates = byTarget.values().stream()
                .flatMap(List::stream)
                .map(p -> p.load().level())
                .distinct()
                .sorted()
                .toList();
        for (double rate : rates) {
            lines.add(atRate(rate));
        }
        boolean overloaded = false;
        for (List<Point> points : byTarget.values()) {
            for (Point point : points) {
                Optional<String> line = overload(point).or(() -> queueingBelowCapacity(point));
                if (line.isPresent()) {
                    lines.add(line.get());
                    overloaded |= rate(point) > capacity(point);
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
        List<Point> here = byTarget.values().stream()
                .flatMap(List::stream)
                .filter(p -> p.load().level() == rate)
                .toList();
        Optional<ResponseTimes> direct = directAt(rate);
        String yardstick = direct.map(d -> ", p99 within " + Math.round((Thresholds.P99_CLOSE_RATIO - 1) * 100)
                        + "% of direct's " + Format.ms(d.p99Ms()) + " ms")
                .orElse("; no direct at this rate to compare p99 with");
        String floor =
                Format.percent(100 * Verdicts.keptUpFloor(rate, plan.phases().windowSeconds()) / rate);
        List<String> kept = new ArrayList<>();
        List<String> missed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Point point : here) {
            switch (point.outcome()) {
                case Outcome.Failed f ->
                    failed.add(point.target().name() + " (" + Format.cell(f.reason()) + ", log: "
                            + Format.code(f.log().toString()) + ")");
                case Outcome.Measured m
                when m.stats().requests() == 0 ->
                    missed.add(point.target().name() + " completed no request inside the "
                            + plan.phases().windowSeconds() + " s window");
                case Outcome.Measured m -> {
                    if (keptUp(point, m.stats(), direct)) {
                        kept.add(point.target().name() + " "
                                + Format.rate(m.stats().goodPerSecond()));
                    } else {
                        missed.add(missedBy(point, m.stats(), direct));
                    }
                }
            }
        }
        StringBuilder line = new StringBuilder("At ").append(Format.rate(rate)).append(" req/s offered: ");
        line.append(
                kept.isEmpty()
                        ? "no target kept up"
                        : "kept up (good throughput ≥ " + floor
                                + "% of offered, under " + Format.percent(Thresholds.ERROR_PERCENT_LIMIT)
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

    private boolean keptUp(Point point, RunStats stats, Optional<ResponseTimes> direct) {
        return Verdicts.keptUp(rate(point), plan.phases().windowSeconds(), stats, direct);
    }

    private String missedBy(Point point, RunStats stats, Optional<ResponseTimes> direct) {
        List<String> parts = new ArrayList<>();
        parts.add(Format.rate(stats.throughputPerSecond()) + " req/s"
                + (stats.errors() > 0 ? ", " + Format.rate(stats.goodPerSecond()) + " of them good" : "") + " ("
                + Format.percent(100 * stats.goodPerSecond() / rate(point)) + "% of offered)");
        stats.responseTimes()
                .ifPresent(t -> parts.add("p99 " + Format.ms(t.p99Ms()) + " ms"
                        + direct.filter(d -> point.target().isApp())
                                .map(d -> " (" + signedPercent(t.p99Ms(), d.p99Ms()) + " on direct's)")
                                .orElse("")));
        if (stats.errors() > 0) {
            parts.add(Format.percent(stats.errorPercent()) + "% errors (" + Format.errorsByClass(stats.errorsByClass())
                    + ")");
        }
        return point.target().name() + " " + String.join(", ", parts);
    }

    /** More offered than the model can have in flight: the excess can only queue. */
    private Optional<String> overload(Point point) {
        if (!(point.outcome() instanceof Outcome.Measured m) || rate(point) <= capacity(point)) {
            return Optional.empty();
        }
        RunStats stats = m.stats();
        double rate = rate(point);
        String bound = generatorBound(point)
                ? "what the load generator's " + point.load().concurrency() + " threads allow ("
                        + point.load().concurrency()
                        + " / " + Format.seconds(plan.meanDelayMs()) + " = " + Format.rate(capacity(point))
                        + " req/s), so here the load generator, not the model, is the bound"
                : "its capacity of " + Format.rate(capacity(point)) + " req/s ("
                        + point.target().threadLimit().getAsInt() + " threads / "
                        + Format.seconds(plan.meanDelayMs()) + ")";
        StringBuilder line = new StringBuilder(point.target().name())
                .append(" at ")
                .append(Format.rate(rate))
                .append(" req/s offered is above ")
                .append(bound)
                .append(": it completed ")
                .append(Format.rate(stats.throughputPerSecond()))
                .append(" req/s")
                .append(stats.errors() > 0 ? ", " + Format.rate(stats.goodPerSecond()) + " of them successfully" : "");
        double excess = rate - stats.throughputPerSecond();
        if (excess > 0) {
            line.append(", and the other ")
                    .append(Format.rate(excess))
                    .append(generatorBound(point) ? " req/s could not even be sent on time" : " req/s queue");
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
                                        ? ": requests that waited past the "
                                                + plan.phases().timeoutSeconds() + " s response timeout"
                                        : "")
                        : ", no errors yet within the " + plan.phases().windowSeconds() + " s window");
        return Optional.of(line.append('.').toString());
    }

    /**
     * Within capacity on average, a thread pool can still make requests wait: arrivals are bursty, and a pool that
     * is busy most of the time has no thread free for some of them. Shown only when the p99 says so.
     */
    private Optional<String> queueingBelowCapacity(Point point) {
        if (!(point.outcome() instanceof Outcome.Measured m)
                || point.target().threadLimit().isEmpty()
                || rate(point) > capacity(point)) {
            return Optional.empty();
        }
        Optional<ResponseTimes> own = m.stats().responseTimes();
        Optional<ResponseTimes> direct = directAt(rate(point));
        if (own.isEmpty() || direct.isEmpty() || Verdicts.tailClose(own.get(), direct.get())) {
            return Optional.empty();
        }
        int threads = point.target().threadLimit().getAsInt();
        double inFlight = rate(point) * plan.meanDelayMs() / 1000;
        return Optional.of(point.target().name() + " at " + Format.rate(rate(point))
                + " req/s offered is within its capacity of " + Format.rate(capacity(point))
                + " req/s, yet its p99 is "
                + Format.ms(own.get().p99Ms()) + " ms against direct's "
                + Format.ms(direct.get().p99Ms())
                + " ms: on average " + Format.rate(rate(point)) + " × "
                + Format.seconds(plan.meanDelayMs()) + " = " + Format.whole(inFlight)
                + " requests are in flight "
                + "for its " + threads + " threads (" + Format.percent(100 * inFlight / threads) + "% busy), so "
                + "bursts wait for a thread.");
    }

    private double capacity(Point point) {
        return Ceiling.capacity(point.target(), point.load(), plan, point.cores(plan));
    }

    private Optional<ResponseTimes> directAt(double rate) {
        return byTarget.getOrDefault(Target.DIRECT, List.of()).stream()
                .filter(p -> p.load().level() == rate)
                .flatMap(p ->
                        p.outcome() instanceof Outcome.Measured m ? m.stats().responseTimes().stream() : Stream.empty())
                .findFirst();
    }

    private static String signedPercent(long value, long base) {
        if (base == 0) {
            return "+" + value + " ms";
        }
        String change = Format.whole(100.0 * (value - base) / base);
        return change.equals("0") || change.equals("-0") ? "±0%" : (change.startsWith("-") ? "" : "+") + change + "%";
    }

    private static double rate(Point point) {
        return point.load().level();
    }

    /** Whether the load generator's thread bound, not the model's threads, sets the capacity. */
    private static boolean generatorBound(Point point) {
        return point.target().threadLimit().isEmpty()
                || point.target().threadLimit().getAsInt() > point.load().concurrency();
    }
}
