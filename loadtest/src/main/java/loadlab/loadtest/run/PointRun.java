package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;

/**
 * One load of one started target, end to end: the probes started on it, the JMeter load, the target's process and this
 * JVM (and the remote engines, when they send the load) sampled for their cost, and every service watched so that a
 * death ends the load at once and fails its point. What the target's recording and the probes say about the window
 * comes later, once the target has stopped ({@link Row}). An app the lab did not start is sampled through its Actuator
 * instead, GC included, when it has a management port, and watched through HTTP.
 */
final class PointRun {

    private final Plan plan;
    private final Services services;
    private final Probes probes;
    private final Path raw;
    private final PrintStream out;

    PointRun(Plan plan, Services services, Probes probes, Path raw, PrintStream out) {
        this.plan = plan;
        this.services = services;
        this.probes = probes;
        this.raw = raw;
        this.out = out;
    }

    /** @param death why a service died during the load, when one did */
    record Measured(Row row, Optional<Death> death) {}

    /** A probe threw: the load's point fails with its name and what it threw. */
    private static final class ProbeFailure extends Exception {
        ProbeFailure(String message) {
            super(message);
        }
    }

    /**
     * A folder per point when a target has several: its run's for a repeat (the process's, {@link
     * Services#processDir}), {@code users-500} for a level.
     */
    private String pointName(LoadShape load, int run) {
        if (plan.runs() > 1) {
            return Services.runFolder(run);
        }
        return plan.loads().size() > 1 ? load.label() : "";
    }

    /** Measures one load of a started target; its death, if it died, is in the result as well as in the failed point. */
    Measured measure(StartedTarget target, LoadShape load, int run) {
        String point = pointName(load, run);
        String name = target.target().name();
        Path rawDir = point.isEmpty() ? raw.resolve(name) : raw.resolve(name).resolve(point);
        String label = point.isEmpty() ? name : name + " " + point;
        try {
            Loaded loaded = load(target, load, rawDir, label);
            SamplesCsv.write(rawDir.resolve("samples.csv"), loaded.result().samples());
            if (loaded.death().isPresent()) {
                Death death = loaded.death().get();
                out.println("FAILED [" + label + "] " + death.reason());
                return failed(target, load, run, death.failure(), loaded.death());
            }
            return judged(target, load, run, label, loaded);
        } catch (ProbeFailure e) {
            String reason = label + ": " + e.getMessage();
            out.println("FAILED " + reason);
            return failed(target, load, run, reason, Optional.empty());
        } catch (IOException | RuntimeException e) {
            String reason = label + ": the load run failed: " + e;
            out.println("FAILED " + reason);
            return failed(target, load, run, reason, Optional.empty());
        }
    }

    /**
     * A span with no load on the target, just before its load, over which its sampler measures its idle CPU: what it
     * would cost without requests (timers, JFR, the JVM's housekeeping), which a request's cost must not include.
     */
    private static MeasurementWindow quietSpan(Duration span) {
        long start = System.currentTimeMillis();
        try {
            Thread.sleep(span.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new MeasurementWindow(start, Math.max(start + 1, System.currentTimeMillis()));
    }

    private Loaded load(StartedTarget target, LoadShape load, Path rawDir, String label)
            throws IOException, ProbeFailure {
        Optional<DirectDatabase> direct = services.direct(target.target());
        try (Closer opened = new Closer()) {
            direct.ifPresent(opened::add);
            RunningProbes running = opened.add(RunningProbes.start(probes, target.probed(label, direct)));
            if (running.failure().isPresent()) {
                throw new ProbeFailure(running.failure().get());
            }
            Optional<ProcessSampler> ownSampler = target.startSampler();
            ownSampler.ifPresent(opened::add);
            ProcessSampler generator = opened.add(ProcessSampler.startThisJvm());
            EngineSamplers engines = opened.add(services.generator().sampleEngines(out, label));
            // An app's own sampler; for direct, the backend's, which runs for the whole plan.
            Optional<ProcessSampler> targetSampler = target.target().isApp() ? ownSampler : target.backendSampler();
            WindowClock.WindowStart windowStart = services.windowStart();
            MeasurementWindow idle = quietSpan(plan.phases().idleSpan());
            LoadRun loadRun = new LoadRun(
                    label,
                    services.sampler(target.target(), direct),
                    load,
                    plan.phases(),
                    rawDir,
                    plan.kind() == Plan.Kind.COMPARISON,
                    out,
                    // PostgreSQL, the direct row's target in a database plan, has no JIT to wait for.
                    () -> targetSampler
                            .map(sampler -> Verdicts.jitSettled(sampler.samples(), System.currentTimeMillis()))
                            .orElse(true),
                    running.alsoAt(windowStart),
                    services.generator());
            LoadRun.Result result;
            Optional<Death> death;
            try (HealthWatch watch = HealthWatch.of(target.watched(), loadRun::lastAnswerMillis, loadRun::stop)) {
                result = loadRun.run();
                death = watch.death().map(target::death);
            }
            Optional<ResourceSamples> targetSamples = target.target().isApp()
                    ? ownSampler.map(ProcessSampler::stop)
                    : target.backendSampler().map(ProcessSampler::samples);
            ResourceSamples generatorSamples = generator.stop();
            List<EngineUsage.Readings> engineReadings = engines.stop(out, label);
            for (ProcessSampler sampler : List.of(ownSampler, target.backendSampler(), Optional.of(generator)).stream()
                    .flatMap(Optional::stream)
                    .toList()) {
                sampler.problem()
                        .ifPresent(
                                problem -> out.println("[" + label + "] resource sampling stopped early: " + problem));
            }
            if (!result.jitSettled()) {
                out.println("[" + label + "] the JIT was still compiling after the longest warm-up, "
                        + Phases.MAX_WARM_UP.toSeconds() + " s: measured anyway");
            }
            if (windowStart instanceof BackendSchedule schedule
                    && schedule.failure().isPresent()
                    && death.isEmpty()) {
                death = Optional.of(target.death("the backend's schedule could not be started: "
                        + schedule.failure().get()));
            }
            // A load that died has no figures: its probes are closed without being asked for them.
            List<RunningProbes.Stopped<?>> stopped = death.isEmpty() ? running.stop() : List.of();
            if (death.isEmpty() && running.failure().isPresent()) {
                throw new ProbeFailure(running.failure().get());
            }
            return new Loaded(result, targetSamples, generatorSamples, engineReadings, death, idle, stopped);
        }
    }

    /** The statistics of a load that ran to its end, unless its throughput is made of errors that came back at once. */
    private Measured judged(StartedTarget target, LoadShape load, int run, String label, Loaded loaded) {
        LoadRun.Result result = loaded.result();
        MeasurementWindow window = new MeasurementWindow(result.windowStartMillis(), result.windowEndMillis());
        RunStats stats = RunStats.compute(
                result.samples(),
                window,
                Ceiling.perSecond(
                        target.target(), load, plan, target.hostCores().orElse(plan.appCores())));
        out.printf(
                Locale.ROOT,
                "[%s] done: %d requests in the window, %.1f req/s, %.1f good (ceiling %.1f), %d errors%n",
                label,
                stats.requests(),
                stats.throughputPerSecond(),
                stats.goodPerSecond(),
                stats.ceilingPerSecond(),
                stats.errors());
        if (Verdicts.failedFast(stats)) {
            String reason = String.format(
                    Locale.ROOT,
                    "%s completed %.1f req/s, above its ceiling of %.1f, with %d errors that came back at once (%s): it"
                            + " failed rather than served",
                    label,
                    stats.throughputPerSecond(),
                    stats.ceilingPerSecond(),
                    stats.errors(),
                    ErrorClass.summary(stats.errorsByClass()));
            out.println("FAILED " + reason);
            return failed(target, load, run, reason, Optional.empty());
        }
        ResourceCost cost = loaded.cost(
                window,
                stats.requests(),
                // slow-server's CPU behind an app; in a database plan the backend's work is PostgreSQL's processes,
                // which are not sampled.
                target.target().isApp() ? target.backendSampler().map(ProcessSampler::samples) : Optional.empty());
        if (target.remote()) {
            // No recording of a process on another host: its collections come from the Actuator's readings.
            cost = cost.withJfr(loaded.targetSamples().flatMap(samples -> JfrFigures.ofGcCounters(samples, window)))
                    .withHostCores(target.hostCores());
        }
        Series series = Series.of(result.samples(), result.runStartMillis());
        if (loaded.targetSamples().isPresent()) {
            series = series.withResources(loaded.targetSamples().get());
        }
        Point point = new Point(target.target(), load, run, new Outcome.Measured(stats), cost, series);
        return new Measured(
                Row.measured(point, label, target.log(), loaded.targetSamples(), loaded.probes()), Optional.empty());
    }

    private Measured failed(StartedTarget target, LoadShape load, int run, String reason, Optional<Death> death) {
        return new Measured(
                Row.failed(Point.failed(target.target(), load, run, new Outcome.Failed(reason, target.log()))), death);
    }
}
