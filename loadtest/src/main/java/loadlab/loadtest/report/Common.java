package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.reporting.Markdown;
import loadlab.reporting.Templates;

/**
 * What every report of a result set says alike (its title, scenario, environment, charts and phases), as values for
 * the shared partials of {@code templates/loadtest}; and the renderer they all go through.
 */
record Common(
        String title,
        Optional<String> about,
        Backend backend,
        Optional<Database> database,
        Optional<String> path,
        String targets,
        PhasesView phases,
        Env env,
        List<ChartLink> charts,
        Rules rules,
        Optional<Clients> clients) {

    static final Templates TEMPLATES = Templates.in(Common.class, "templates/loadtest");

    record Backend(boolean database, int min, int max, String mean) {}

    /**
     * How the load's clients connected to each target, as counted at its port over the window; none in data from
     * before connections were counted.
     *
     * @param inSlices the run was interleaved: counted over each slice's span after its settle, added up
     */
    record Clients(List<Connections> targets, boolean inSlices) {

        /** Over a target's runs: connections opened per 1,000 requests counted in the window, and the most at once. */
        record Connections(String name, String perThousand, int peakOpen) {}

        static Optional<Clients> of(ResultSet results) {
            List<Connections> targets = new ArrayList<>();
            results.byTarget().forEach((target, points) -> {
                long opened = 0;
                long requests = 0;
                int peak = 0;
                boolean counted = false;
                for (Point point : points) {
                    Optional<ConnectionFigures> figures = point.cost().probes().get(ConnectionFigures.KEY);
                    if (figures.isPresent() && point.stats().isPresent()) {
                        counted = true;
                        opened += figures.get().opened();
                        requests += point.stats().get().requests();
                        peak = Math.max(peak, figures.get().peakOpen());
                    }
                }
                if (counted) {
                    targets.add(new Connections(
                            target.name(),
                            Format.tenths(1000 * new ConnectionFigures((int) opened, peak).perRequest(requests)),
                            peak));
                }
            });
            return targets.isEmpty()
                    ? Optional.empty()
                    : Optional.of(new Clients(targets, results.sideBySide().isPresent()));
        }
    }

    record Database(int pool, long acquireTimeoutSeconds, String poolCeiling) {}

    /** The thresholds the Method names, from {@link Thresholds}, as the text shows them. */
    record Rules(
            String busyPercent,
            String z,
            String throughputNoise,
            String latencyNoise,
            String costNoise,
            String memoryNoise,
            String servedPercent,
            String tailModes,
            String tailMultiple,
            String sameRate,
            String noisy,
            String costNoisy,
            String nearTimeout) {

        static final Rules THRESHOLDS = new Rules(
                Format.whole(Thresholds.BUSY_CPU_SHARE * 100),
                Format.hundredths(Thresholds.CONFIDENCE_Z),
                Format.whole(Thresholds.THROUGHPUT_NOISE_PERCENT),
                Format.whole(Thresholds.LATENCY_NOISE_PERCENT),
                Format.whole(Thresholds.COST_NOISE_PERCENT),
                Format.whole(Thresholds.MEMORY_NOISE_PERCENT),
                Format.whole(Thresholds.SERVED_SHARE * 100),
                Format.whole(Thresholds.TAIL_MODES_RATIO),
                Format.whole(Thresholds.TAIL_SHARE_P95_MULTIPLE),
                Format.whole(Thresholds.SAME_RATE_PERCENT),
                Format.whole(Thresholds.NOISY_PERCENT),
                Format.whole(Thresholds.COST_NOISE_PERCENT),
                Format.whole(Thresholds.NEAR_TIMEOUT * 100));
    }

    /**
     * @param untilJit the warm-up lasts until the target's JIT compiler threads are quiet, at least {@code warmUp}
     */
    record PhasesView(
            int rampUp,
            int warmUp,
            int window,
            int timeout,
            boolean untilJit,
            long jitPercent,
            long jitSpan,
            long maxWarmUp) {}

    record Env(
            String dateTime,
            String command,
            String commit,
            String jdk,
            String os,
            int cores,
            String memory,
            String pinning,
            boolean pinnedHereOnly,
            String appJvmFlags,
            String generator,
            List<String> remoteTargets) {}

    /**
     * @param classic the title of the kind's report at the top of the results folder; others add the scenario's name
     */
    static Common of(ResultSet results, String classic, List<ChartLink> charts) {
        Plan plan = results.plan();
        Environment e = results.environment();
        Phases p = plan.phases();
        return new Common(
                plan.folder().equals(".") ? classic : classic + ": " + plan.name(),
                plan.about().isEmpty() ? Optional.empty() : Optional.of(plan.about()),
                new Backend(
                        plan.request().usesDatabase(),
                        plan.backend().minDelayMs(),
                        plan.backend().maxDelayMs(),
                        Format.ms(plan.meanDelayMs())),
                plan.request().usesDatabase()
                        ? Optional.of(new Database(
                                plan.dbPool().getAsInt(),
                                Plan.DB_ACQUIRE_TIMEOUT.toSeconds(),
                                plan.dbPool().getAsInt() + " / " + Format.seconds(plan.meanDelayMs()) + " = "
                                        + Format.rate(
                                                Ceiling.littlesLaw(plan.dbPool().getAsInt(), plan.meanDelayMs()))))
                        : Optional.empty(),
                plan.request().isProxy() || plan.request().usesDatabase()
                        ? Optional.empty()
                        : Optional.of(plan.request().path()),
                String.join(", ", plan.targetNames()),
                new PhasesView(
                        p.rampUpSeconds(),
                        p.warmUpSeconds(),
                        p.windowSeconds(),
                        p.timeoutSeconds(),
                        p.untilJitSettles(),
                        Math.round(Thresholds.JIT_SETTLED_CORES * 100),
                        Thresholds.JIT_SETTLE_SPAN.toSeconds(),
                        Phases.MAX_WARM_UP.toSeconds()),
                new Env(
                        e.dateTime(),
                        Markdown.code(e.commandLine()),
                        Markdown.code(e.gitCommit()),
                        e.jdk(),
                        e.os(),
                        e.cores(),
                        e.memory(),
                        plan.cpus().describe(),
                        // taskset reaches only the processes of this machine that the lab starts.
                        plan.cpus().pinned() && !e.remoteTargets().isEmpty(),
                        Markdown.code(e.appJvmFlags()),
                        e.loadGeneratorJvm(),
                        e.remoteTargets()),
                charts,
                Rules.THRESHOLDS,
                Clients.of(results));
    }

    /** A failed row's reason and log, as the tables and lines show them. */
    record Failure(String name, String reason, String log) {

        static Failure of(String name, Outcome.Failed failed) {
            return new Failure(
                    name,
                    Markdown.cell(failed.reason()),
                    Markdown.codeCell(failed.log().toString()));
        }
    }
}
