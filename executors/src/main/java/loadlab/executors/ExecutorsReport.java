package loadlab.executors;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.reporting.Templates;

/** Renders results/executors.md from the rows of one JMH run. Pure: the same input gives the same text. */
public final class ExecutorsReport {

    /** Where the charts sit, relative to the report. */
    public static final String CHARTS = "executors/charts";

    public static final String RESULT_JSON = "executors/jmh-result.json";

    private ExecutorsReport() {}

    private static final Templates TEMPLATES = Templates.in(ExecutorsReport.class, "templates/executors");

    record View(
            Scenario scenario,
            RunEnvironment env,
            String jvm,
            String jvmFlags,
            String wallClock,
            Optional<Group> blocking,
            Optional<Group> hashing,
            Optional<Published> published,
            Reading reading,
            List<Code> code,
            String charts,
            String blockingChart,
            String hashingChart,
            String resultJson) {}

    record Scenario(
            long tasks,
            Optional<Long> delayMs,
            Optional<Long> hashRounds,
            String jmhVersion,
            int threads,
            boolean oneThread,
            int forks,
            boolean oneFork,
            int warmupIterations,
            String warmupTime,
            int measurementIterations,
            String measurementTime,
            String profiler) {}

    record Group(long tasks, long per, int cores, List<Row> rows) {}

    record Row(
            String label,
            String seconds,
            String batches,
            String floor,
            String efficiency,
            String threads,
            String rss,
            String allocated) {}

    record Published(int threads, List<PublishedRow> rows, int runThreads, boolean oneThread, Optional<Other> other) {}

    record PublishedRow(
            String label, String published, String perBatch, String seconds, String batches, String floor) {}

    record Other(long tasks, long delayMs) {}

    record Reading(
            Optional<Unbounded> unbounded,
            Optional<Platform> platform,
            List<Pool> pools,
            Optional<Hashing> hashing,
            List<Noisy> noisy) {}

    record Unbounded(String worst, String floor, List<Named> rows) {}

    record Named(String label, String seconds, String over) {}

    record Platform(String floor, long tasks, List<PlatformRow> rows, List<String> perTask) {}

    record PlatformRow(String label, String seconds, String times, String threads) {}

    record Pool(
            String label,
            long tasks,
            long waves,
            boolean oneWave,
            long delayMs,
            String floor,
            String seconds,
            String efficiency) {}

    record Hashing(
            long tasks,
            String serial,
            String perTask,
            String floor,
            int cores,
            Optional<Virtual> virtual,
            Optional<Spread> platform,
            Optional<Against> against) {}

    record Virtual(String seconds, String efficiency, String threads) {}

    record Spread(
            String fewest,
            String most,
            int cores,
            String fastest,
            String fastestLabel,
            String slowest,
            String slowestLabel) {}

    record Against(String times, String virtual, String cached, boolean atFloor) {}

    record Noisy(String label, boolean blocking, String value) {}

    record Code(String benchmark, String code) {}

    public static String render(List<JmhResult> results, RunEnvironment env) {
        return TEMPLATES.render("executors", view(results, env));
    }

    /** The report's two tables alone: the docs' generated block of the headline figures. */
    public static String headline(List<JmhResult> results, RunEnvironment env) {
        return TEMPLATES.render("headline", view(results, env));
    }

    private static View view(List<JmhResult> results, RunEnvironment env) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("the JMH result has no benchmarks");
        }
        List<ReportRow> rows = ReportRow.of(results, env.cores());
        List<ReportRow> blocking = group(rows, Variant.Group.BLOCKING);
        List<ReportRow> hashing = group(rows, Variant.Group.HASHING);
        JmhResult first = results.getFirst();
        return new View(
                new Scenario(
                        first.param("tasks"),
                        blocking.isEmpty()
                                ? Optional.empty()
                                : Optional.of(blocking.getFirst().result().param("delayMs")),
                        hashing.isEmpty()
                                ? Optional.empty()
                                : Optional.of(hashing.getFirst().result().param("hashRounds")),
                        first.jmhVersion(),
                        first.threads(),
                        first.threads() == 1,
                        first.forks(),
                        first.forks() == 1,
                        first.warmupIterations(),
                        first.warmupTime(),
                        first.measurementIterations(),
                        first.measurementTime(),
                        PeakProfiler.class.getName()),
                env,
                first.jvm(),
                String.join(" ", first.jvmArgs()),
                minutes(env.wallTime()),
                blocking.isEmpty()
                        ? Optional.empty()
                        : Optional.of(
                                group(blocking, blocking.getFirst().result().param("delayMs"), env, "—")),
                hashing.isEmpty()
                        ? Optional.empty()
                        : Optional.of(group(hashing, hashing.getFirst().result().param("hashRounds"), env, "—")),
                published(blocking),
                new Reading(
                        unbounded(blocking),
                        platform(blocking),
                        pools(blocking),
                        hashingReading(blocking, hashing, env),
                        noisy(blocking, hashing)),
                rows.stream()
                        .map(r -> new Code(r.variant().benchmark(), r.variant().code()))
                        .toList(),
                CHARTS,
                ExecutorsCharts.BLOCKING,
                ExecutorsCharts.HASHING,
                RESULT_JSON);
    }

    private static Group group(List<ReportRow> rows, long per, RunEnvironment env, String none) {
        return new Group(
                rows.getFirst().result().param("tasks"),
                per,
                env.cores(),
                rows.stream()
                        .map(row -> new Row(
                                row.variant().label(),
                                withError(row.seconds(), row.secondsError()),
                                withError(row.batchesPerSecond(), row.batchesPerSecondError()),
                                format(row.floorSeconds(), "%.3f", "reference"),
                                format(percent(row.efficiency()), "%.1f", none),
                                format(row.peakThreads(), "%.0f", "n/a"),
                                format(row.peakRssMiB(), "%.0f", "n/a"),
                                format(row.allocatedMiBPerBatch(), "%.1f", "n/a")))
                        .toList());
    }

    private static Optional<Published> published(List<ReportRow> blocking) {
        List<ReportRow> comparable = blocking.stream()
                .filter(r -> r.variant().published().isPresent())
                .toList();
        if (comparable.isEmpty()) {
            return Optional.empty();
        }
        JmhResult r = comparable.getFirst().result();
        return Optional.of(new Published(
                Variant.Published.BENCHMARK_THREADS,
                comparable.stream()
                        .map(row -> {
                            Variant.Published p = row.variant().published().orElseThrow();
                            return new PublishedRow(
                                    row.variant().label(),
                                    withError(p.opsPerSecond(), p.error()),
                                    fmt("%.3f", p.secondsPerBatch()),
                                    withError(row.seconds(), row.secondsError()),
                                    withError(row.batchesPerSecond(), row.batchesPerSecondError()),
                                    format(row.floorSeconds(), "%.3f", "—"));
                        })
                        .toList(),
                r.threads(),
                r.threads() == 1,
                r.param("tasks") != 10_000 || r.param("delayMs") != 200
                        ? Optional.of(new Other(r.param("tasks"), r.param("delayMs")))
                        : Optional.empty()));
    }

    private static Optional<Unbounded> unbounded(List<ReportRow> blocking) {
        List<ReportRow> unbounded = blocking.stream()
                .filter(r -> oneOf(
                        r,
                        Variant.BLOCKING_VIRTUAL_THREAD_PER_TASK,
                        Variant.BLOCKING_SCHEDULED_EXECUTOR,
                        Variant.BLOCKING_MONO_DELAY))
                .toList();
        if (unbounded.isEmpty()) {
            return Optional.empty();
        }
        double worst = unbounded.stream()
                .mapToDouble(r -> r.seconds() / r.floorSeconds().orElseThrow() - 1)
                .max()
                .orElseThrow();
        return Optional.of(new Unbounded(
                fmt("%.1f", 100 * Math.max(0, worst)),
                millis(unbounded.getFirst().floorSeconds().orElseThrow()),
                unbounded.stream()
                        .map(r -> new Named(
                                r.variant().label(),
                                fmt("%.3f", r.seconds()),
                                signedMillis(r.seconds() - r.floorSeconds().orElseThrow())))
                        .toList()));
    }

    private static Optional<Platform> platform(List<ReportRow> blocking) {
        List<ReportRow> platform = blocking.stream()
                .filter(r -> oneOf(r, Variant.BLOCKING_PLATFORM_THREAD_PER_TASK, Variant.BLOCKING_CACHED_POOL))
                .toList();
        if (platform.isEmpty()) {
            return Optional.empty();
        }
        long tasks = platform.getFirst().result().param("tasks");
        double floor = platform.getFirst().floorSeconds().orElseThrow();
        return Optional.of(new Platform(
                millis(floor),
                tasks,
                platform.stream()
                        .map(r -> new PlatformRow(
                                r.variant().label(),
                                fmt("%.3f", r.seconds()),
                                fmt("%.1f", r.seconds() / floor),
                                format(r.peakThreads(), "%.0f", "n/a")))
                        .toList(),
                platform.stream()
                        .map(r -> fmt("%.0f", (r.seconds() - floor) * 1e6 / tasks))
                        .toList()));
    }

    private static List<Pool> pools(List<ReportRow> blocking) {
        return blocking.stream()
                .filter(r -> oneOf(r, Variant.BLOCKING_FIXED_POOL_200, Variant.BLOCKING_FIXED_POOL_400))
                .map(r -> {
                    long tasks = r.result().param("tasks");
                    long waves =
                            (tasks + r.variant().threads() - 1) / r.variant().threads();
                    return new Pool(
                            r.variant().label(),
                            tasks,
                            waves,
                            waves == 1,
                            r.result().param("delayMs"),
                            fmt("%.3f", r.floorSeconds().orElseThrow()),
                            fmt("%.3f", r.seconds()),
                            format(percent(r.efficiency()), "%.1f", "—"));
                })
                .toList();
    }

    private static Optional<Hashing> hashingReading(
            List<ReportRow> blocking, List<ReportRow> hashing, RunEnvironment env) {
        Optional<ReportRow> serial = find(hashing, Variant.HASHING_SERIAL);
        if (serial.isEmpty()) {
            return Optional.empty();
        }
        long tasks = serial.get().result().param("tasks");
        Optional<ReportRow> virtual = find(hashing, Variant.HASHING_VIRTUAL_THREAD_PER_TASK);
        List<ReportRow> platform = hashing.stream()
                .filter(r ->
                        r.variant() != Variant.HASHING_SERIAL && r.variant() != Variant.HASHING_VIRTUAL_THREAD_PER_TASK)
                .toList();
        Optional<Spread> spread = Optional.empty();
        if (!platform.isEmpty()) {
            ReportRow fastest = platform.stream()
                    .min(Comparator.comparingDouble(ReportRow::seconds))
                    .orElseThrow();
            ReportRow slowest = platform.stream()
                    .max(Comparator.comparingDouble(ReportRow::seconds))
                    .orElseThrow();
            spread = Optional.of(new Spread(
                    fmt(
                            "%.0f",
                            platform.stream()
                                    .mapToDouble(r -> r.peakThreads().orElse(Double.NaN))
                                    .min()
                                    .orElse(Double.NaN)),
                    fmt(
                            "%.0f",
                            platform.stream()
                                    .mapToDouble(r -> r.peakThreads().orElse(Double.NaN))
                                    .max()
                                    .orElse(Double.NaN)),
                    env.cores(),
                    fmt("%.3f", fastest.seconds()),
                    fastest.variant().label(),
                    fmt("%.3f", slowest.seconds()),
                    slowest.variant().label()));
        }
        Optional<ReportRow> blockingVirtual = find(blocking, Variant.BLOCKING_VIRTUAL_THREAD_PER_TASK);
        Optional<ReportRow> blockingCached = find(blocking, Variant.BLOCKING_CACHED_POOL);
        Optional<Against> against = virtual.isPresent() && blockingVirtual.isPresent() && blockingCached.isPresent()
                ? Optional.of(new Against(
                        fmt(
                                "%.1f",
                                blockingCached.get().seconds()
                                        / blockingVirtual.get().seconds()),
                        fmt("%.3f", blockingVirtual.get().seconds()),
                        fmt("%.3f", blockingCached.get().seconds()),
                        virtual.get().efficiency().orElse(0) >= 0.9))
                : Optional.empty();
        return Optional.of(new Hashing(
                tasks,
                fmt("%.3f", serial.get().seconds()),
                fmt("%.0f", serial.get().seconds() * 1e6 / tasks),
                fmt("%.3f", Floor.cpuSeconds(serial.get().seconds(), env.cores())),
                env.cores(),
                virtual.map(v -> new Virtual(
                        fmt("%.3f", v.seconds()),
                        format(percent(v.efficiency()), "%.1f", "—"),
                        format(v.peakThreads(), "%.0f", "n/a"))),
                spread,
                against));
    }

    /** Rows whose JMH error is above a tenth of their score: read them as ranges. */
    private static List<Noisy> noisy(List<ReportRow> blocking, List<ReportRow> hashing) {
        List<ReportRow> all = new ArrayList<>(blocking);
        all.addAll(hashing);
        return all.stream()
                .filter(r -> r.secondsError() > 0.1 * r.seconds())
                .map(r -> new Noisy(
                        r.variant().label(),
                        r.variant().group() == Variant.Group.BLOCKING,
                        withError(r.seconds(), r.secondsError())))
                .toList();
    }

    private static List<ReportRow> group(List<ReportRow> rows, Variant.Group group) {
        return rows.stream().filter(r -> r.variant().group() == group).toList();
    }

    private static Optional<ReportRow> find(List<ReportRow> rows, Variant variant) {
        return rows.stream().filter(r -> r.variant() == variant).findFirst();
    }

    private static boolean oneOf(ReportRow row, Variant... variants) {
        return List.of(variants).contains(row.variant());
    }

    private static OptionalDouble percent(OptionalDouble fraction) {
        return fraction.isPresent() ? OptionalDouble.of(100 * fraction.getAsDouble()) : OptionalDouble.empty();
    }

    static String withError(double value, double error) {
        return Double.isNaN(error) ? fmt("%.3f", value) : fmt("%.3f", value) + " ± " + fmt("%.3f", error);
    }

    private static String format(OptionalDouble value, String pattern, String absent) {
        return value.isPresent() ? fmt(pattern, value.getAsDouble()) : absent;
    }

    private static String millis(double seconds) {
        return fmt("%.0f", seconds * 1000) + " ms";
    }

    private static String signedMillis(double seconds) {
        return (seconds >= 0 ? "+" : "−") + fmt("%.0f", Math.abs(seconds) * 1000) + " ms";
    }

    static String minutes(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? (s / 60) + " min " + (s % 60) + " s" : s + " s";
    }

    private static String fmt(String pattern, double value) {
        return String.format(Locale.ROOT, pattern, value);
    }
}
