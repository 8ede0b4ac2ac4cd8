package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.Target;

/**
 * Runs a plan: its backend once (slow-server, or db-server for a database plan unless an existing database is given),
 * then each target in turn, started and loaded with every load of the plan. A plan of several runs goes round the
 * targets once per run, each target in a fresh process each time, so that every target's repeats are spread over the
 * same stretch of the machine's drift and each repeat is as separate as a run of its own. Only one app runs at a time.
 * Every point it measures, or fails to, becomes a {@link Point}; raw samples, logs and recordings go to the staging
 * folder's {@code raw/}. A target of {@code TARGETS} (slow-server or an app the lab does not start) is loaded and
 * watched the same way, but neither started nor stopped.
 */
public final class Lab {

    /** How the per-process JFR flags read in a report (their file path differs per process). */
    public static final String JFR_FLAGS_SHOWN =
            "-XX:StartFlightRecording=filename=<raw>/<target>.jfr,dumponexit=true,settings=default,"
                    + "jdk.VirtualThreadPinned#threshold=0ms";

    static final String DIED = "died: ";

    private final Plan plan;
    private final Setup setup;
    private final ResultsFolder staging;
    private final PrintStream out;
    private final Services services;
    private LabProcess backend;
    /** The backend as the health watch sees it: the lab's own process, a remote slow-server, or none (a database). */
    private HealthWatch.Service backendWatched;
    /** Why the backend died during a load, once it has: no target after it can be measured. */
    private String backendDeath;

    public Lab(Plan plan, Setup setup, ResultsFolder staging, PrintStream out, String runId) {
        this.plan = plan;
        this.setup = setup;
        this.staging = staging;
        this.out = out;
        this.services = new Services(plan, setup, staging.raw(), runId);
    }

    /** Every point of the plan, in run order; a target that could not be measured keeps its points, failed. */
    public List<Point> run() {
        List<Point> points = new ArrayList<>();
        List<String> missingJars = Jars.ensure(setup.projectDir(), services.modules(), out);
        if (!missingJars.isEmpty()) {
            missingJars.forEach(reason -> out.println("FAILED " + reason));
            Outcome.Failed notRun = new Outcome.Failed(
                    "not run: " + String.join("; ", missingJars),
                    setup.projectDir().resolve("pom.xml"));
            plan.targets().forEach(target -> points.addAll(failedEverywhere(target, notRun)));
            return points;
        }
        services.noteRemotes();
        Path backendRecording = services.backendRecording();
        Optional<RemoteService> remoteBackend = services.remoteBackend();
        Optional<LabProcess> backendProcess;
        try {
            backendProcess = services.startBackend();
        } catch (LabProcess.StartFailure backendDown) {
            return failedToStart(backendDown);
        }
        // PostgreSQL is a process per connection, not db-server's JVM: the direct row of a database plan has no one
        // process to sample.
        try (Affinity.Pinned pinned = Affinity.pinThisJvm(plan.cpus());
                LabProcess started = backendProcess.orElse(null);
                ProcessSampler backendSampler =
                        started == null || services.usesDatabase() ? null : ProcessSampler.start(started.pid())) {
            backend = started;
            backendWatched = started != null ? started : remoteBackend.orElse(null);
            if (started != null) {
                out.printf("%s up on port %d (pid %d)%n", started.name(), backendPort(), started.pid());
            } else if (remoteBackend.isPresent()) {
                out.printf(
                        "%s at %s, not started by the lab%n",
                        Target.SLOW_SERVER, remoteBackend.get().remote().base());
            } else {
                DirectDatabase.checkExisting(setup.database(), plan);
                out.println("using the existing database " + setup.database().jdbc());
            }
            Map<Target, String> deaths = new HashMap<>();
            for (int run = 1; run <= plan.runs(); run++) {
                for (Target target : plan.targets()) {
                    if (backendDeath != null) {
                        points.addAll(failedEverywhere(
                                target, run, new Outcome.Failed("not run: " + backendDeath, services.backendLog())));
                    } else if (deaths.containsKey(target)) {
                        points.addAll(failedEverywhere(
                                target,
                                run,
                                new Outcome.Failed("not run: " + deaths.get(target), services.logOf(target, run))));
                    } else {
                        TargetRun measured = measure(target, run, backendSampler);
                        points.addAll(measured.points());
                        measured.death().ifPresent(death -> deaths.put(target, death));
                    }
                }
            }
        } catch (LabProcess.StartFailure backendDown) {
            return failedToStart(backendDown);
        }
        // slow-server writes its recording when it stops, so the direct row's JFR figures come only now; a remote
        // one has none the lab could read.
        if (!services.usesDatabase() && remoteBackend.isEmpty()) {
            points.replaceAll(p -> p.target().isApp() ? p : withRecording(p, backendRecording));
        }
        return points;
    }

    private int backendPort() {
        return services.usesDatabase() ? setup.database().port() : setup.backendPort();
    }

    /** Every point failed: the backend did not start, or the existing database is not one the plan can use. */
    private List<Point> failedToStart(LabProcess.StartFailure backendDown) {
        out.println("FAILED " + backendDown.getMessage());
        Outcome.Failed failed = new Outcome.Failed(
                services.backendName() + " did not start: " + backendDown.getMessage(), services.backendLog());
        List<Point> points = new ArrayList<>();
        for (Target target : plan.targets()) {
            points.addAll(failedEverywhere(target, failed));
        }
        return points;
    }

    /**
     * @param points the target's points of one run
     * @param death  why its process died during that run, when it did: its later runs are not run
     */
    private record TargetRun(List<Point> points, Optional<String> death) {}

    /**
     * One target under every load of the plan in one run, started once for it. For an app, its process is sampled
     * during each load and its JFR recording read once it has stopped; for the direct row the backend's sampler,
     * running for the whole plan, is cut to each window.
     */
    private TargetRun measure(Target target, int run, ProcessSampler backendSampler) {
        LabProcess app = null;
        Optional<RemoteService> remoteApp = services.remoteApp(target);
        OptionalInt hostCores = OptionalInt.empty();
        try {
            if (remoteApp.isPresent()) {
                out.printf(
                        "[%s] at %s, not started by the lab%n",
                        target.name(), remoteApp.get().remote().base());
            } else if (target.isApp()) {
                app = services.startApp(target, run);
                out.printf("[%s] up on port %d (pid %d)%n", target.name(), setup.port(target), app.pid());
            }
            Optional<DirectDatabase> direct = services.direct(target);
            if (direct.isPresent()) {
                try (DirectDatabase check = direct.get()) {
                    ContractCheck.check(target, check);
                }
            } else {
                ContractCheck.check(target, services.url(target), plan);
            }
            if (remoteApp.isPresent()) {
                checkMetrics(remoteApp.get());
                hostCores = hostCores(remoteApp.get());
            }
        } catch (LabProcess.StartFailure failure) {
            if (app != null) {
                app.close();
            }
            out.println("FAILED " + failure.getMessage());
            Outcome.Failed failed = new Outcome.Failed(failure.getMessage(), services.logOf(target, run));
            return new TargetRun(failedEverywhere(target, run, failed), Optional.of(failure.getMessage()));
        }
        List<Point> points = new ArrayList<>();
        String death = null;
        try {
            for (LoadShape load : plan.loads()) {
                Point point = death == null
                        ? measureOnce(target, load, run, app, remoteApp, hostCores, backendSampler)
                        : Point.failed(
                                target,
                                load,
                                run,
                                new Outcome.Failed("not run: " + death, services.logOf(target, run)));
                if (death == null && point.outcome() instanceof Outcome.Failed failed && deathOf(failed)) {
                    death = failed.reason();
                }
                points.add(point);
            }
        } finally {
            if (app != null) {
                app.close(); // the JVM writes its recording on the way out
            }
        }
        if (app != null) {
            Path recording = services.recordingOf(target, run);
            points.replaceAll(p -> withRecording(p, recording));
        }
        return new TargetRun(points, Optional.ofNullable(death));
    }

    /** Every point of the target failed, in every run. */
    private List<Point> failedEverywhere(Target target, Outcome.Failed failed) {
        List<Point> points = new ArrayList<>();
        for (int run = 1; run <= plan.runs(); run++) {
            points.addAll(failedEverywhere(target, run, failed));
        }
        return points;
    }

    /** Every load of the target failed in one run. */
    private List<Point> failedEverywhere(Target target, int run, Outcome.Failed failed) {
        return plan.loads().stream()
                .map(load -> Point.failed(target, load, run, failed))
                .toList();
    }

    /**
     * A remote app's figures are read through its Actuator: one that does not answer fails the target's rows before
     * any load, as a missing jar fails one of the lab's own.
     */
    private static void checkMetrics(RemoteService remote) throws LabProcess.StartFailure {
        if (remote.metrics().isPresent()) {
            Optional<String> unreadable = remote.metrics().get().unreadable();
            if (unreadable.isPresent()) {
                throw new LabProcess.StartFailure(remote.name() + ": its Actuator metrics cannot be read: "
                        + unreadable.get() + " (start it with --management.server.port=<port>"
                        + " --management.endpoints.web.exposure.include=health,metrics)");
            }
        }
    }

    /**
     * How many processors a remote app has on its own host, read once through its Actuator, and a line saying which
     * count its CPU figures and CPU-bound ceiling are judged against: those, or, when they cannot be read, the cores an
     * app started here may use, as before. Empty without a management port, which gives no figures to judge.
     */
    private OptionalInt hostCores(RemoteService remote) {
        if (remote.metrics().isEmpty()) {
            return OptionalInt.empty();
        }
        OptionalInt processors = remote.metrics().get().processors();
        if (processors.isPresent()) {
            out.printf(
                    "[%s] %d cores on its host (%s): its CPU is judged against them%n",
                    remote.name(), processors.getAsInt(), ActuatorMetrics.CPU_COUNT);
        } else {
            out.printf(
                    "[%s] its host's cores could not be read (%s): its CPU is judged against the %d an app started"
                            + " here may use%n",
                    remote.name(), remote.metrics().get().url(ActuatorMetrics.CPU_COUNT), plan.appCores());
        }
        return processors;
    }

    /** @param hostCores a remote app's processors on its own host, when read */
    private Point measureOnce(
            Target target,
            LoadShape load,
            int run,
            LabProcess app,
            Optional<RemoteService> remoteApp,
            OptionalInt hostCores,
            ProcessSampler backendSampler) {
        PointRun.Measured measured = new PointRun(
                        plan, services, staging.raw(), out, backend, backendWatched, backendSampler)
                .measure(target, load, run, app, remoteApp, hostCores);
        measured.death().ifPresent(death -> {
            if (backendWatched != null
                    && (backendWatched.exit().isPresent() || death.startsWith(backendWatched.name()))) {
                backendDeath = death;
            }
        });
        return measured.point();
    }

    /** A reason that begins with {@link #DIED}: the target's process is gone, so its later loads cannot run. */
    private static boolean deathOf(Outcome.Failed failed) {
        return failed.reason().startsWith(DIED);
    }

    /** The point with GC and pinning figures from a stopped JVM's recording; as it was if it cannot be read. */
    private Point withRecording(Point point, Path recording) {
        if (point.stats().isEmpty()) {
            return point;
        }
        try {
            JfrFigures jfr = JfrFigures.read(recording, point.stats().get().window());
            return point.withCost(point.cost().withJfr(Optional.of(jfr.withoutHistory())))
                    .withSeries(point.series().withHeapAfterGc(jfr.heapAfterGc()));
        } catch (IOException | RuntimeException e) {
            out.println("[" + point.target().name() + "] JFR figures unavailable: " + e.getMessage());
            return point;
        }
    }

    static void createParent(Path file) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
