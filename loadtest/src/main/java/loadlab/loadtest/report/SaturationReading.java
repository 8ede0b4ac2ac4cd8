package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * One target's line of the sweep's "Where each model saturates": the last level that held, the first that did not,
 * and what the figures blame (the thread limit's queue past the timeout, CPU, an error class).
 *
 * @param levels the target's points by ascending users
 */
record SaturationReading(Plan plan, Target target, List<Point> levels) {

    String line() {
        int firstShort = indexOfFirstShort();
        StringBuilder line = new StringBuilder(target.name());
        if (firstShort < 0) {
            Point top = levels.getLast();
            line.append(" holds at least ")
                    .append(threshold())
                    .append(" of its ceiling at every level, up to ")
                    .append(users(top))
                    .append(" users (")
                    .append(ofCeiling(stats(top)))
                    .append(").");
            CpuShare.of(top, plan.cpus())
                    .filter(CpuShare::busy)
                    .ifPresent(cpu -> line.append(" At ")
                            .append(users(top))
                            .append(" users ")
                            .append(cpu.text())
                            .append(", so little CPU headroom is left."));
        } else {
            shortLevel(line, firstShort);
        }
        threadLimit().ifPresent(text -> line.append(' ').append(text));
        return line.toString();
    }

    private void shortLevel(StringBuilder line, int firstShort) {
        Point bad = levels.get(firstShort);
        if (firstShort == 0) {
            line.append(" already at its first level, ").append(users(bad)).append(" users, ");
        } else {
            Point good = levels.get(firstShort - 1);
            line.append(" holds at least ")
                    .append(threshold())
                    .append(" of its ceiling up to ")
                    .append(users(good))
                    .append(" users (")
                    .append(ofCeiling(stats(good)))
                    .append("); at ")
                    .append(users(bad))
                    .append(" users it ");
        }
        line.append(shortfall(bad)).append('.');
        List<String> why = why(bad);
        if (!why.isEmpty()) {
            line.append(" Why: ").append(String.join("; ", why)).append('.');
        }
        List<Point> later = levels.subList(firstShort + 1, levels.size());
        List<String> heldAgain = later.stream()
                .filter(Verdicts::holds)
                .map(p -> Integer.toString(users(p)))
                .toList();
        if (!heldAgain.isEmpty()) {
            line.append(" It held again at ")
                    .append(String.join(", ", heldAgain))
                    .append(" users.");
        }
        for (Point point : later) {
            if (point.outcome() instanceof Outcome.Failed failed) {
                line.append(" At ")
                        .append(users(point))
                        .append(" users the run FAILED: ")
                        .append(Sections.failedText(failed))
                        .append('.');
            }
        }
    }

    private int indexOfFirstShort() {
        for (int i = 0; i < levels.size(); i++) {
            if (!Verdicts.holds(levels.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private String shortfall(Point bad) {
        return switch (bad.outcome()) {
            case Outcome.Failed failed -> "FAILED: " + Sections.failedText(failed);
            case Outcome.Measured m
            when m.stats().requests() == 0 ->
                "completed no request inside the " + plan.phases().windowSeconds() + " s window";
            case Outcome.Measured m -> {
                RunStats stats = m.stats();
                String good = Format.rate(stats.goodPerSecond()) + " of " + Format.rate(stats.ceilingPerSecond())
                        + " req/s (" + Format.percent(stats.efficiencyPercent()) + "% of its ceiling)";
                if (Verdicts.clean(stats)) {
                    yield "falls short: " + good;
                }
                yield "has " + Format.percent(stats.errorPercent()) + "% errors ("
                        + Format.errorsByClass(stats.errorsByClass()) + "): of the "
                        + Format.rate(stats.throughputPerSecond()) + " req/s it completed, " + good + " succeeded";
            }
        };
    }

    /** The causes the figures of the first short level point to, in the order a reader would check them. */
    private List<String> why(Point bad) {
        if (!bad.outcome().hasRequests()) {
            return List.of();
        }
        RunStats stats = stats(bad);
        List<String> why = new ArrayList<>();
        String p99 = stats.responseTimes()
                .map(t -> "p99 " + Format.ms(t.p99Ms()) + " ms")
                .orElse("no p99");
        if (stats.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0) > 0) {
            why.add(timeouts(bad, p99));
        }
        for (ErrorClass errorClass : ErrorClass.values()) {
            int count = stats.errorsByClass().getOrDefault(errorClass, 0);
            if (errorClass != ErrorClass.TIMEOUT && count > 0) {
                why.add(count + " " + errorClass.plural());
            }
        }
        Optional<CpuShare> cpu = CpuShare.of(bad, plan.cpus());
        cpu.filter(CpuShare::busy).ifPresent(c -> why.add("CPU (" + c.text() + ")"));
        if (why.isEmpty()) {
            why.add("not the thread limit, CPU or errors, as far as these figures go (no errors, "
                    + cpu.map(CpuShare::text).orElse("CPU not sampled") + ", " + p99 + ")");
        }
        return why;
    }

    private String timeouts(Point bad, String p99) {
        int timeout = plan.phases().timeoutSeconds();
        if (!Ceiling.queues(target, bad.load())) {
            return "timeouts with no thread limit in reach (" + p99 + " against the " + timeout
                    + " s response timeout)";
        }
        int threads = target.threadLimit().getAsInt();
        double waitMs = (double) users(bad) / threads * plan.meanDelayMs();
        String wait = users(bad) + " users / " + threads + " threads × " + Format.seconds(plan.meanDelayMs()) + " = "
                + Format.seconds(waitMs);
        // The product is a mean: single requests spread around it, so from near the timeout on the slower ones
        // already exceed it.
        return switch (Verdicts.timeoutForecast(waitMs, timeout * 1000.0)) {
            case OVER ->
                "timeouts, as the thread limit predicts (" + wait + " of queueing and backend per request, over the "
                        + timeout + " s response timeout)";
            case NEAR ->
                "timeouts, as the thread limit predicts (" + wait + " of queueing and backend per request on "
                        + "average, so close to the " + timeout + " s response timeout that the slower requests "
                        + "exceed it; " + p99 + ")";
            case WITHIN ->
                "timeouts that the thread limit alone does not predict (" + wait + " per request is well within the "
                        + timeout + " s response timeout; " + p99 + ")";
        };
    }

    /** With more users than threads the ceiling stops growing; said once per target, with what it cost. */
    private Optional<String> threadLimit() {
        List<Point> queueing = levels.stream()
                .filter(p -> Ceiling.queues(target, p.load()))
                .filter(p -> p.stats().flatMap(RunStats::responseTimes).isPresent())
                .toList();
        if (queueing.isEmpty()) {
            return Optional.empty();
        }
        int threads = target.threadLimit().getAsInt();
        Point first = queueing.getFirst();
        Point last = queueing.getLast();
        String good = queueing.stream()
                .map(p -> Format.rate(stats(p).goodPerSecond()))
                .collect(Collectors.joining(" → "));
        String span = first == last
                ? "at " + users(first) + " users"
                : "from " + users(first) + " to " + users(last) + " users";
        // A database pool smaller than the threads caps the ceiling first: min(users, threads, pool).
        int flat = Ceiling.concurrency(target, last.load(), plan);
        StringBuilder line = new StringBuilder("Thread limit: with more users than its ")
                .append(threads)
                .append(" threads")
                .append(flat < threads ? " (and a pool of " + flat + " connections below them)" : "")
                .append(" its ceiling is flat at ")
                .append(flat)
                .append(" / ")
                .append(Format.seconds(plan.meanDelayMs()))
                .append(" = ")
                .append(Format.rate(Ceiling.littlesLaw(flat, plan.meanDelayMs())))
                .append(" req/s; ")
                .append(span)
                .append(" its good throughput went ")
                .append(good)
                .append(" req/s and p99 ")
                .append(p99(first))
                .append(" → ")
                .append(p99(last))
                .append(": more users only wait longer for a thread");
        RunStats worst = stats(last);
        if (worst.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0) > 0
                && worst.efficiencyPercent() < Thresholds.HOLDS_PERCENT) {
            // Nothing takes a queued request away when its user gives up, so the threads keep serving it.
            line.append(", and once that wait passes the ")
                    .append(plan.phases().timeoutSeconds())
                    .append(" s timeout its threads still serve queued requests whose users have given up, so fewer "
                            + "of its answers arrive in time");
        }
        return Optional.of(line.append('.').toString());
    }

    private static int users(Point point) {
        return point.load().concurrency();
    }

    private static String p99(Point point) {
        return Format.ms(stats(point).responseTimes().orElseThrow().p99Ms()) + " ms";
    }

    private static RunStats stats(Point point) {
        return point.stats().orElseThrow();
    }

    private static String ofCeiling(RunStats stats) {
        return Format.rate(stats.goodPerSecond()) + " of " + Format.rate(stats.ceilingPerSecond()) + " req/s, "
                + Format.percent(stats.efficiencyPercent()) + "%";
    }

    private static String threshold() {
        return Math.round(Thresholds.HOLDS_PERCENT) + "%";
    }
}
