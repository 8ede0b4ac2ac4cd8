package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * One load of one target, end to end: the JMeter load, the target's process and this JVM (and the remote engines, when
 * they send the load) sampled for their cost, and every service watched so that a death ends the load at once and
 * fails its point. The JFR figures come later, once the target's JVM has stopped and written its recording. An app the lab did not start is sampled through its Actuator
 * instead, GC included, when it has a management port, and watched through HTTP.
 */
final class PointRun {

    private final Plan plan;
    private final Services services;
    private final Path raw;
    private final PrintStream out;
    private final LabProcess backend;
    private final HealthWatch.Service backendWatched;
    private final ProcessSampler backendSampler;

    /**
     * @param backend        the backend's process when the lab started it, else null
     * @param backendWatched the backend as the health watch sees it: that process, a remote slow-server, or null
     */
    PointRun(
            Plan plan,
            Services services,
            Path raw,
            PrintStream out,
            LabProcess backend,
            HealthWatch.Service backendWatched,
            ProcessSampler backendSampler) {
        this.plan = plan;
        this.services = services;
        this.raw = raw;
        this.out = out;
        this.backend = backend;
        this.backendWatched = backendWatched;
        this.backendSampler = backendSampler;
    }

    /** @param death why a service died during the load, when one did */
    record Measured(Point point, Optional<String> death) {}

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

    /**
     * Measures one load of one target; its death, if it died, is in the result as well as in the failed point.
     *
     * @param app       the app's process, when the lab started it
     * @param remoteApp the app, when it is one the lab did not start
     * @param hostCores the remote app's processors on its own host, when read: its ceiling and CPU count those
     */
    Measured measure(
            Target target,
            LoadShape load,
            int run,
            LabProcess app,
            Optional<RemoteService> remoteApp,
            OptionalInt hostCores) {
        String point = pointName(load, run);
        Path rawDir = point.isEmpty()
                ? raw.resolve(target.name())
                : raw.resolve(target.name()).resolve(point);
        String label = point.isEmpty() ? target.name() : target.name() + " " + point;
        try {
            Loaded loaded = load(target, load, app, remoteApp, rawDir, label);
            SamplesCsv.write(rawDir.resolve("samples.csv"), loaded.result().samples());
            if (loaded.death().isPresent()) {
                String death = loaded.death().get();
                out.println("FAILED [" + label + "] " + death);
                return failed(target, load, run, Lab.DIED + death, loaded.death());
            }
            return judged(target, load, run, label, loaded, remoteApp.isPresent(), hostCores);
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
    private static MeasurementWindow quietSpan() {
        long start = System.currentTimeMillis();
        try {
            Thread.sleep(Phases.IDLE_SPAN.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return new MeasurementWindow(start, Math.max(start + 1, System.currentTimeMillis()));
    }

    private Loaded load(
            Target target, LoadShape load, LabProcess app, Optional<RemoteService> remoteApp, Path rawDir, String label)
            throws IOException {
        Optional<DirectDatabase> direct = services.direct(target);
        try (LiveMemoryProbe memory = memoryProbe(target, app);
                ProcessSampler appSampler = appSampler(target, app, remoteApp);
                ProcessSampler generator = ProcessSampler.startThisJvm();
                EngineSamplers engines = services.generator().sampleEngines(out, label);
                CpuSpeedProbe speed = speedProbe(target, app);
                DirectDatabase directPool = direct.orElse(null);
                PoolWatch pool = services.usesDatabase()
                        ? PoolWatch.start(
                                direct.isPresent() ? directPool::read : PoolWatch.actuator(services.baseUrl(target)))
                        : null) {
            ProcessSampler targetSampler = target.isApp() ? appSampler : backendSampler;
            WindowClock.WindowStart windowStart = services.windowStart();
            MeasurementWindow idle = quietSpan();
            LoadRun loadRun = new LoadRun(
                    label,
                    services.sampler(target, direct),
                    load,
                    plan.phases(),
                    rawDir,
                    plan.kind() == Plan.Kind.COMPARISON,
                    out,
                    // PostgreSQL, the direct row's target in a database plan, has no JIT to wait for.
                    () -> targetSampler == null
                            || Verdicts.jitSettled(targetSampler.samples(), System.currentTimeMillis()),
                    memory.alsoAtEndOf(windowStart, plan.phases().window()),
                    services.generator());
            LoadRun.Result result;
            Optional<String> death;
            try (HealthWatch watch =
                    HealthWatch.of(watched(app, remoteApp), loadRun::lastAnswerMillis, loadRun::stop)) {
                result = loadRun.run();
                death = watch.death();
            }
            Optional<ResourceSamples> targetSamples = target.isApp()
                    ? Optional.ofNullable(appSampler).map(ProcessSampler::stop)
                    : Optional.ofNullable(backendSampler).map(ProcessSampler::samples);
            ResourceSamples generatorSamples = generator.stop();
            List<EngineUsage.Readings> engineReadings = engines.stop(out, label);
            List<CpuSpeed.Timing> speedTimings = speed == null ? List.of() : speed.stop();
            if (speed != null) {
                speed.problem()
                        .ifPresent(problem -> out.println("[" + label + "] the CPU yardstick did not run: " + problem));
            }
            for (ProcessSampler sampler : new ProcessSampler[] {appSampler, backendSampler, generator}) {
                if (sampler != null) {
                    sampler.problem()
                            .ifPresent(problem ->
                                    out.println("[" + label + "] resource sampling stopped early: " + problem));
                }
            }
            if (!result.jitSettled()) {
                out.println("[" + label + "] the JIT was still compiling after the longest warm-up, "
                        + Phases.MAX_WARM_UP.toSeconds() + " s: measured anyway");
            }
            if (windowStart instanceof BackendSchedule schedule
                    && schedule.failure().isPresent()
                    && death.isEmpty()) {
                death = Optional.of("the backend's schedule could not be started: "
                        + schedule.failure().get());
            }
            return new Loaded(
                    result,
                    targetSamples,
                    generatorSamples,
                    engineReadings,
                    death,
                    idle,
                    pool == null ? List.of() : pool.readings(),
                    death.isEmpty() ? memory.result() : Optional.empty(),
                    speedTimings);
        }
    }

    /**
     * What times the target's CPUs during its load: on the app's CPUs, or for direct on the rest of the lab's, where
     * slow-server runs; nothing for a target whose process is not on this machine or not sampled (PostgreSQL behind a
     * database plan's direct row), whose CPU figures it could not speak for.
     */
    private CpuSpeedProbe speedProbe(Target target, LabProcess app) {
        if (app != null) {
            return CpuSpeedProbe.start(plan.cpus().appCpus());
        }
        return target.isApp() || backend == null || services.usesDatabase()
                ? null
                : CpuSpeedProbe.start(plan.cpus().labCpus());
    }

    /**
     * What samples an app: its process through {@code /proc} when the lab started it, its Actuator when it did not and
     * has a management port; nothing otherwise, and nothing for direct, whose backend's sampler runs for the whole plan.
     */
    private static ProcessSampler appSampler(Target target, LabProcess app, Optional<RemoteService> remoteApp) {
        if (app != null) {
            return ProcessSampler.start(app.pid());
        }
        return remoteApp
                .flatMap(RemoteService::metrics)
                .map(metrics -> ProcessSampler.of(target.name(), metrics::read))
                .orElse(null);
    }

    /**
     * What reads the target's live memory: the app's JVM, or for direct slow-server's; nothing for a database plan's
     * direct row, whose work is done by PostgreSQL's processes, not db-server's JVM, nor for a target the lab did not
     * start, whose JVM is not on this machine for {@code jcmd} to ask.
     */
    private LiveMemoryProbe memoryProbe(Target target, LabProcess app) {
        if (app != null) {
            return LiveMemoryProbe.atRest(app.pid());
        }
        return target.isApp() || backend == null || services.usesDatabase()
                ? LiveMemoryProbe.NONE
                : LiveMemoryProbe.atRest(backend.pid());
    }

    /**
     * The services a load depends on, the target last: the backend (none for an existing database) and the app,
     * whether the lab started them or not.
     */
    private List<HealthWatch.Service> watched(LabProcess app, Optional<RemoteService> remoteApp) {
        List<HealthWatch.Service> watched = new ArrayList<>();
        if (backendWatched != null) {
            watched.add(backendWatched);
        }
        if (app != null) {
            watched.add(app);
        }
        remoteApp.ifPresent(watched::add);
        return watched;
    }

    /** The statistics of a load that ran to its end, unless its throughput is made of errors that came back at once. */
    private Measured judged(
            Target target,
            LoadShape load,
            int run,
            String label,
            Loaded loaded,
            boolean remote,
            OptionalInt hostCores) {
        LoadRun.Result result = loaded.result();
        MeasurementWindow window = new MeasurementWindow(result.windowStartMillis(), result.windowEndMillis());
        RunStats stats = RunStats.compute(
                result.samples(), window, Ceiling.perSecond(target, load, plan, hostCores.orElse(plan.appCores())));
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
        Optional<PoolWait> poolWait = services.usesDatabase()
                ? Optional.of(PoolWait.of(
                        services.dbClient(target),
                        plan.dbPool().getAsInt(),
                        loaded.poolReadings(),
                        window,
                        stats.throughputPerSecond()))
                : Optional.empty();
        ResourceCost cost = loaded.cost(
                window,
                stats.requests(),
                // slow-server's CPU; in a database plan the backend's work is PostgreSQL's processes, which are not
                // sampled.
                target.isApp() && !services.usesDatabase()
                        ? Optional.ofNullable(backendSampler).map(ProcessSampler::samples)
                        : Optional.empty(),
                poolWait);
        if (remote) {
            // No recording of a process on another host: its collections come from the Actuator's readings.
            cost = cost.withJfr(loaded.targetSamples().flatMap(samples -> JfrFigures.ofGcCounters(samples, window)))
                    .withHostCores(hostCores);
        }
        Series series = Series.of(result.samples(), result.runStartMillis());
        if (loaded.targetSamples().isPresent()) {
            series = series.withResources(loaded.targetSamples().get());
        }
        return new Measured(new Point(target, load, run, new Outcome.Measured(stats), cost, series), Optional.empty());
    }

    private Measured failed(Target target, LoadShape load, int run, String reason, Optional<String> death) {
        return new Measured(
                Point.failed(target, load, run, new Outcome.Failed(reason, services.logOf(target, run))), death);
    }
}
