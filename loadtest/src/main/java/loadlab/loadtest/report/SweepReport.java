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
import loadlab.loadtest.chart.SweepCharts;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.SweepPoint;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.RunOrder;
import loadlab.loadtest.plan.SweepScenario;
import loadlab.loadtest.plan.Target;

/**
 * Renders results/sweep.md: every target at every user level, and where each model stops keeping up and why, as far
 * as the numbers say. A pure function of the sweep's data, like {@link SummaryReport}, so it is tested without load.
 */
public final class SweepReport {

    /** At or above this share of its Little's-law ceiling a model still does what its threads and the backend allow. */
    static final double HOLDS_PERCENT = 90.0;

    /** Errors at or above this share of a level's requests mean the level failed, not a stray reset. */
    static final double ERROR_PERCENT_LIMIT = 1.0;

    /** A process averaging this share of the machine's cores leaves the others too little to call CPU no factor. */
    static final double BUSY_CPU_SHARE = 0.8;

    /** A thread pool's mean time per request at or above this share of the timeout already predicts timeouts. */
    static final double NEAR_TIMEOUT = 0.8;

    private static final String DASH = "—";

    private SweepReport() {}

    /**
     * @param points         every level of every target, failed ones included, in any order
     * @param chartsMarkdown Markdown that embeds the sweep's charts ({@link SweepCharts#markdownLinks}), or empty
     */
    public static String render(SweepScenario s, Environment e, List<SweepPoint> points, String chartsMarkdown) {
        Map<Target, List<SweepPoint>> byTarget = byTarget(s, points);
        StringBuilder md = new StringBuilder();
        md.append("# Concurrency sweep\n\n");
        scenario(md, s);
        SummaryReport.environment(md, e);
        table(md, byTarget);
        md.append("## Where each model saturates\n\n");
        readings(s, e, byTarget).forEach(line -> md.append("- ").append(line).append('\n'));
        md.append('\n');
        if (!chartsMarkdown.isBlank()) {
            md.append("## Charts\n\n").append(chartsMarkdown.strip()).append("\n\n");
        }
        method(md, s, e, byTarget.keySet());
        md.append(SummaryReport.FOOTER);
        return md.toString();
    }

    /** Targets in run order, each with its levels by ascending users. */
    private static Map<Target, List<SweepPoint>> byTarget(SweepScenario s, List<SweepPoint> points) {
        Map<Target, List<SweepPoint>> byTarget = new LinkedHashMap<>();
        for (Target target :
                RunOrder.of(s.targets(), points.stream().map(SweepPoint::target).toList())) {
            byTarget.put(
                    target,
                    points.stream()
                            .filter(p -> p.target().equals(target))
                            .sorted(Comparator.comparingInt(SweepPoint::users))
                            .toList());
        }
        return byTarget;
    }

    private static void scenario(StringBuilder md, SweepScenario s) {
        md.append("## Scenario\n\n")
                .append("- Load: closed-loop users at ")
                .append(s.userLevels().stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .append(", each level a run of its own: ramp-up ")
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

    private static void table(StringBuilder md, Map<Target, List<SweepPoint>> byTarget) {
        md.append("## Results\n\n")
                .append(
                        "| Target | Users | Throughput (req/s) | Good (req/s) | Ceiling (req/s) | Efficiency % | p50 (ms) "
                                + "| p99 (ms) | Error % | Errors by class | CPU cores (avg) | Peak platform threads |\n")
                .append("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|--:|--:|\n");
        byTarget.forEach((target, levels) -> {
            for (SweepPoint point : levels) {
                md.append("| ")
                        .append(Format.cell(target.name()))
                        .append(" | ")
                        .append(point.users())
                        .append(" | ");
                switch (point.result()) {
                    case TargetResult.Failed failed ->
                        md.append(failedCell(failed)).append(dashes(9)).append('\n');
                    case TargetResult.Measured measured -> {
                        RunStats stats = measured.stats();
                        Optional<ResponseTimes> times = stats.responseTimes();
                        Optional<ResourceUsage> process = point.cost().process();
                        boolean any = stats.requests() > 0;
                        md.append(Format.rate(stats.throughputPerSecond()))
                                .append(" | ")
                                .append(Format.rate(stats.goodPerSecond()))
                                .append(" | ")
                                .append(Format.rate(stats.ceilingPerSecond()))
                                .append(" | ")
                                .append(any ? Format.percent(stats.efficiencyPercent()) : Format.NOT_AVAILABLE)
                                .append(" | ")
                                .append(times.map(t -> Format.ms(t.p50Ms())).orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(times.map(t -> Format.ms(t.p99Ms())).orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(any ? Format.percent(stats.errorPercent()) : Format.NOT_AVAILABLE)
                                .append(" | ")
                                .append(Format.errorsByClass(stats.errorsByClass()))
                                .append(" | ")
                                .append(process.map(p -> Format.hundredths(p.averageCores()))
                                        .orElse(Format.NOT_AVAILABLE))
                                .append(" | ")
                                .append(process.map(p -> Integer.toString(p.peakThreads()))
                                        .orElse(Format.NOT_AVAILABLE))
                                .append(" |\n");
                    }
                }
            }
        });
        md.append('\n');
    }

    static String failedCell(TargetResult.Failed failed) {
        return "**FAILED**: " + Format.cell(failed.reason()) + " (log: "
                + Format.code(failed.log().toString()).replace("|", "\\|") + ")";
    }

    static String dashes(int cells) {
        return (" | " + DASH).repeat(cells) + " |";
    }

    private static List<String> readings(SweepScenario s, Environment e, Map<Target, List<SweepPoint>> byTarget) {
        List<String> lines = new ArrayList<>();
        byTarget.forEach((target, levels) -> lines.add(new Saturation(s, e, target, levels).line()));
        for (String name : s.targets()) {
            if (byTarget.keySet().stream().noneMatch(t -> t.name().equals(name))) {
                lines.add(name + " has no levels in this sweep.");
            }
        }
        if (lines.isEmpty()) {
            lines.add("No target was run, so there is nothing to read.");
        }
        return lines;
    }

    /** One target's line of "Where each model saturates". */
    private record Saturation(SweepScenario s, Environment e, Target target, List<SweepPoint> levels) {

        String line() {
            int firstShort = indexOfFirstShort();
            StringBuilder line = new StringBuilder(target.name());
            if (firstShort < 0) {
                SweepPoint top = levels.getLast();
                line.append(" holds at least ")
                        .append(threshold())
                        .append(" of its ceiling at every level, up to ")
                        .append(top.users())
                        .append(" users (")
                        .append(ofCeiling(stats(top)))
                        .append(").");
                cpuAt(top)
                        .filter(cpu -> cpu.busy())
                        .ifPresent(cpu -> line.append(" At ")
                                .append(top.users())
                                .append(" users ")
                                .append(cpu.text())
                                .append(", so little CPU headroom is left."));
            } else {
                SweepPoint bad = levels.get(firstShort);
                if (firstShort == 0) {
                    line.append(" already at its first level, ")
                            .append(bad.users())
                            .append(" users, ");
                } else {
                    SweepPoint good = levels.get(firstShort - 1);
                    line.append(" holds at least ")
                            .append(threshold())
                            .append(" of its ceiling up to ")
                            .append(good.users())
                            .append(" users (")
                            .append(ofCeiling(stats(good)))
                            .append("); at ")
                            .append(bad.users())
                            .append(" users it ");
                }
                line.append(shortfall(bad)).append('.');
                List<String> why = why(bad);
                if (!why.isEmpty()) {
                    line.append(" Why: ").append(String.join("; ", why)).append('.');
                }
                List<String> heldAgain = levels.subList(firstShort + 1, levels.size()).stream()
                        .filter(this::holds)
                        .map(p -> Integer.toString(p.users()))
                        .toList();
                if (!heldAgain.isEmpty()) {
                    line.append(" It held again at ")
                            .append(String.join(", ", heldAgain))
                            .append(" users.");
                }
                for (SweepPoint later : levels.subList(firstShort + 1, levels.size())) {
                    if (later.result() instanceof TargetResult.Failed failed) {
                        line.append(" At ")
                                .append(later.users())
                                .append(" users the run FAILED: ")
                                .append(Format.cell(failed.reason()))
                                .append(" (log: ")
                                .append(Format.code(failed.log().toString()))
                                .append(").");
                    }
                }
            }
            threadLimit().ifPresent(text -> line.append(' ').append(text));
            return line.toString();
        }

        private int indexOfFirstShort() {
            for (int i = 0; i < levels.size(); i++) {
                if (!holds(levels.get(i))) {
                    return i;
                }
            }
            return -1;
        }

        private boolean holds(SweepPoint point) {
            return point.result() instanceof TargetResult.Measured m
                    && m.stats().requests() > 0
                    && m.stats().efficiencyPercent() >= HOLDS_PERCENT
                    && m.stats().errorPercent() < ERROR_PERCENT_LIMIT;
        }

        private String shortfall(SweepPoint bad) {
            return switch (bad.result()) {
                case TargetResult.Failed failed ->
                    "FAILED: " + Format.cell(failed.reason()) + " (log: "
                            + Format.code(failed.log().toString()) + ")";
                case TargetResult.Measured m
                when m.stats().requests() == 0 -> "completed no request inside the " + s.windowSeconds() + " s window";
                case TargetResult.Measured m -> {
                    RunStats stats = m.stats();
                    String good = Format.rate(stats.goodPerSecond()) + " of " + Format.rate(stats.ceilingPerSecond())
                            + " req/s (" + Format.percent(stats.efficiencyPercent()) + "% of its ceiling)";
                    if (stats.errorPercent() < ERROR_PERCENT_LIMIT) {
                        yield "falls short: " + good;
                    }
                    yield "has " + Format.percent(stats.errorPercent()) + "% errors ("
                            + Format.errorsByClass(stats.errorsByClass()) + "): of the "
                            + Format.rate(stats.throughputPerSecond()) + " req/s it completed, " + good + " succeeded";
                }
            };
        }

        /** The causes the figures of the first short level point to, in the order a reader would check them. */
        private List<String> why(SweepPoint bad) {
            if (!(bad.result() instanceof TargetResult.Measured m) || m.stats().requests() == 0) {
                return List.of();
            }
            RunStats stats = m.stats();
            List<String> why = new ArrayList<>();
            int timeouts = stats.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0);
            String p99 = stats.responseTimes()
                    .map(t -> "p99 " + Format.ms(t.p99Ms()) + " ms")
                    .orElse("no p99");
            if (timeouts > 0) {
                if (target.queuesAt(bad.users())) {
                    int threads = target.threadLimit().getAsInt();
                    double waitMs = (double) bad.users() / threads * s.backendMeanDelayMs();
                    String wait = bad.users() + " users / " + threads + " threads × "
                            + Format.seconds(s.backendMeanDelayMs()) + " = " + Format.seconds(waitMs);
                    double timeoutMs = s.responseTimeoutSeconds() * 1000.0;
                    // The product is a mean: single requests spread around it, so from about 80% of the timeout on,
                    // the slower ones already exceed it.
                    why.add(
                            waitMs > timeoutMs
                                    ? "timeouts, as the thread limit predicts (" + wait
                                            + " of queueing and backend per request, " + "over the "
                                            + s.responseTimeoutSeconds() + " s response timeout)"
                                    : waitMs >= NEAR_TIMEOUT * timeoutMs
                                            ? "timeouts, as the thread limit predicts (" + wait
                                                    + " of queueing and backend per request "
                                                    + "on average, so close to the " + s.responseTimeoutSeconds()
                                                    + " s response timeout "
                                                    + "that the slower requests exceed it; " + p99 + ")"
                                            : "timeouts that the thread limit alone does not predict (" + wait
                                                    + " per request is well " + "within the "
                                                    + s.responseTimeoutSeconds() + " s response timeout; " + p99 + ")");
                } else {
                    why.add("timeouts with no thread limit in reach (" + p99 + " against the "
                            + s.responseTimeoutSeconds() + " s response timeout)");
                }
            }
            for (ErrorClass errorClass : ErrorClass.values()) {
                int count = stats.errorsByClass().getOrDefault(errorClass, 0);
                if (errorClass != ErrorClass.TIMEOUT && count > 0) {
                    why.add(count + " " + describe(errorClass));
                }
            }
            Optional<Cpu> cpu = cpuAt(bad);
            cpu.filter(c -> c.busy()).ifPresent(c -> why.add("CPU (" + c.text() + ")"));
            if (why.isEmpty()) {
                why.add("not the thread limit, CPU or errors, as far as these figures go (no errors, "
                        + cpu.map(c -> c.text()).orElse("CPU not sampled") + ", " + p99 + ")");
            }
            return why;
        }

        /** With more users than threads the ceiling stops growing; said once per target, with what it cost. */
        private Optional<String> threadLimit() {
            List<SweepPoint> queueing = levels.stream()
                    .filter(p -> target.queuesAt(p.users()))
                    .filter(p -> p.result() instanceof TargetResult.Measured m
                            && m.stats().responseTimes().isPresent())
                    .toList();
            if (queueing.isEmpty()) {
                return Optional.empty();
            }
            int threads = target.threadLimit().getAsInt();
            SweepPoint first = queueing.getFirst();
            SweepPoint last = queueing.getLast();
            String good = queueing.stream()
                    .map(p -> Format.rate(stats(p).goodPerSecond()))
                    .collect(Collectors.joining(" → "));
            String span = first == last
                    ? "at " + first.users() + " users"
                    : "from " + first.users() + " to " + last.users() + " users";
            StringBuilder line = new StringBuilder("Thread limit: with more users than its ")
                    .append(threads)
                    .append(" threads its ceiling is flat at ")
                    .append(threads)
                    .append(" / ")
                    .append(Format.seconds(s.backendMeanDelayMs()))
                    .append(" = ")
                    .append(Format.rate(threads / (s.backendMeanDelayMs() / 1000)))
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
                    && worst.efficiencyPercent() < HOLDS_PERCENT) {
                // Nothing takes a queued request away when its user gives up, so the threads keep serving it.
                line.append(", and once that wait passes the ")
                        .append(s.responseTimeoutSeconds())
                        .append(" s timeout")
                        .append(" its threads still serve queued requests whose users have given up, so fewer of its ")
                        .append("answers arrive in time");
            }
            return Optional.of(line.append('.').toString());
        }

        private Optional<Cpu> cpuAt(SweepPoint point) {
            Optional<ResourceUsage> process = point.cost().process();
            if (process.isEmpty()) {
                return Optional.empty();
            }
            double app = process.get().averageCores();
            int cores = e.cores();
            Optional<ResourceUsage> generator = point.cost().loadGenerator();
            if (app >= BUSY_CPU_SHARE * cores || generator.isEmpty()) {
                return Optional.of(new Cpu(
                        app >= BUSY_CPU_SHARE * cores,
                        target.name() + " used " + Format.hundredths(app) + " of the machine's " + cores + " cores"));
            }
            double both = app + generator.get().averageCores();
            // The load generator shares the machine: together they can starve each other with neither busy alone.
            return Optional.of(new Cpu(
                    both >= BUSY_CPU_SHARE * cores,
                    target.name() + " " + Format.hundredths(app)
                            + " + load generator "
                            + Format.hundredths(generator.get().averageCores()) + " = "
                            + Format.hundredths(both) + " of the machine's " + cores + " cores"));
        }

        private static String p99(SweepPoint point) {
            return Format.ms(stats(point).responseTimes().orElseThrow().p99Ms()) + " ms";
        }

        private static RunStats stats(SweepPoint point) {
            return ((TargetResult.Measured) point.result()).stats();
        }

        private static String ofCeiling(RunStats stats) {
            return Format.rate(stats.goodPerSecond()) + " of " + Format.rate(stats.ceilingPerSecond()) + " req/s, "
                    + Format.percent(stats.efficiencyPercent()) + "%";
        }

        private static String threshold() {
            return Math.round(HOLDS_PERCENT) + "%";
        }
    }

    private record Cpu(boolean busy, String text) {}

    static String describe(ErrorClass errorClass) {
        return switch (errorClass) {
            case TIMEOUT -> "timeouts";
            case CONNECTION -> "connection errors (refused, reset or closed)";
            case NON_2XX -> "non-2xx answers";
            case BAD_BODY -> "2xx answers without the backend's delay";
            case OTHER -> "other failures";
        };
    }

    private static void method(StringBuilder md, SweepScenario s, Environment e, Collection<Target> targets) {
        int top = s.userLevels().getLast();
        double delaySeconds = s.backendMeanDelayMs() / 1000;
        // The example uses a limit this sweep actually had, so its number can be found in the table.
        OptionalInt threads = targets.stream()
                .map(Target::threadLimit)
                .filter(OptionalInt::isPresent)
                .mapToInt(OptionalInt::getAsInt)
                .filter(limit -> limit < top)
                .min();
        String limited = threads.isEmpty()
                ? ""
                : " and " + threads.getAsInt() + " / "
                        + Format.seconds(s.backendMeanDelayMs()) + " = "
                        + Format.rate(threads.getAsInt() / delaySeconds)
                        + " req/s with " + threads.getAsInt() + " threads";
        md.append("## Method\n\n")
                .append("- Each level is a run of its own with a fresh set of users: ")
                .append(s.rampUpSeconds())
                .append(" s of ramp-up and ")
                .append(s.warmUpSeconds())
                .append(" s of warm-up, then only requests that " + "completed inside the ")
                .append(s.windowSeconds())
                .append(" s window [start, end) count. " + "Throughput = counted requests / ")
                .append(s.windowSeconds())
                .append(" s, errors included; " + "Good = the successful ones / ")
                .append(s.windowSeconds())
                .append(" s. A user whose request "
                        + "times out asks again at once, so U users can complete up to U / ")
                .append(s.responseTimeoutSeconds())
                .append(" s timeouts per second whatever the model does: that is how "
                        + "Throughput can pass the ceiling while Good falls.\n")
                .append("- Ceiling (Little's law) = min(users, threads) / mean backend delay, e.g. ")
                .append(top)
                .append(" / ")
                .append(Format.seconds(s.backendMeanDelayMs()))
                .append(" = ")
                .append(Format.rate(top / delaySeconds))
                .append(" req/s without a thread limit")
                .append(limited)
                .append(". Efficiency = good / ceiling.\n")
                .append("- A level holds when its efficiency is at least ")
                .append(Math.round(HOLDS_PERCENT))
                .append("% and under ")
                .append(Format.percent(ERROR_PERCENT_LIMIT))
                .append("% of its requests are "
                        + "errors; each model's line names the last level that held before the first that did not.\n")
                .append("- With U users and T < U threads, each request waits about U / T × mean delay for a thread "
                        + "and the backend together (Little's law again), so timeouts are expected once that exceeds "
                        + "the ")
                .append(s.responseTimeoutSeconds())
                .append(" s response timeout.\n")
                .append("- Percentiles are exact, by nearest rank, over every counted request, errors included. Errors "
                        + "are classed as in the summary: timeout, connection, non-2xx, bad body, other.\n")
                .append("- CPU cores = the process's CPU time over the window / window seconds, out of the machine's ")
                .append(e.cores())
                .append("; CPU counts as a cause when the target, or the target and the load "
                        + "generator together, average at least ")
                .append(Math.round(BUSY_CPU_SHARE * 100))
                .append("% of them. Peak platform threads = the most OS threads sampled in the window (virtual "
                        + "threads are not OS threads). n/a: not sampled.\n\n");
    }
}
