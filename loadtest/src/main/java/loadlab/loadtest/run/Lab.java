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
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.plan.Launch;
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
    private static final String JFR_FLAGS_SHOWN =
            "-XX:StartFlightRecording=filename=<raw>/<target>.jfr,dumponexit=true,settings=default,"
                    + "jdk.VirtualThreadPinned#threshold=0ms," + JfrFigures.CPU_TIME_SAMPLING
                    + " -XX:FlightRecorderOptions=repository=<raw>";

    /** How the JVM flags of the services the lab starts read in a report: the plan's, its recording's, the launch's. */
    public static String jvmFlagsShown(Plan plan, Launch launch) {
        return String.join(" ", plan.appJvmFlags()) + " " + JFR_FLAGS_SHOWN
                + (launch == Launch.CDS ? " " + LaunchedJar.CDS_FLAGS_SHOWN : "");
    }

    private final Plan plan;
    private final Setup setup;
    private final PrintStream out;
    private final Services services;
    private final PointRun loads;
    private final Path raw;
    /** An interleaved plan's slices, once it has run. */
    private Optional<SideBySide> sideBySide = Optional.empty();

    /** @param probes what every load runs on its target ({@link Probes#ALL} but in tests) */
    public Lab(Plan plan, Setup setup, ResultsFolder staging, PrintStream out, String runId, Probes probes) {
        this.plan = plan;
        this.setup = setup;
        this.out = out;
        this.services = new Services(plan, setup, staging.raw(), runId);
        this.loads = new PointRun(plan, services, probes, staging.raw(), out);
        this.raw = staging.raw();
    }

    /** The slices of an interleaved plan, after {@link #run}; empty for a plan of targets one after another. */
    public Optional<SideBySide> sideBySide() {
        return sideBySide;
    }

    /** Every point of the plan, in run order; a target that could not be measured keeps its points, failed. */
    public List<Point> run() {
        List<String> unlaunchable = new ArrayList<>(Jars.ensure(setup.projectDir(), services.modules(), out));
        if (unlaunchable.isEmpty()) {
            unlaunchable.addAll(LaunchedJar.prepare(
                    setup.projectDir(), services.modules(), setup.launch(), plan.appJvmFlags(), services.runId()));
        }
        if (!unlaunchable.isEmpty()) {
            unlaunchable.forEach(reason -> out.println("FAILED " + reason));
            Outcome.Failed notRun = new Outcome.Failed(
                    "not run: " + String.join("; ", unlaunchable),
                    setup.projectDir().resolve("pom.xml"));
            return failedEverywhere(notRun);
        }
        services.noteRemotes();
        StartedTarget started;
        try {
            started = StartedTarget.backend(plan, setup, services, out);
        } catch (LabProcess.StartFailure backendDown) {
            return failedToStart(backendDown);
        }
        if (plan.interleave().isPresent()) {
            // Side by side: every target up at once, the load moving between them (Interleaved).
            try (StartedTarget backend = started;
                    Affinity.Pinned pinned = Affinity.pinThisJvm(plan.cpus())) {
                Interleaved.Result result = new Interleaved(plan, setup, services, raw, out).run(backend);
                sideBySide = result.sideBySide();
                return result.points();
            }
        }
        List<Row> rows = new ArrayList<>();
        // Closed last: slow-server writes its recording as it stops, which makes the direct row's points final.
        try (StartedTarget backend = started;
                Affinity.Pinned pinned = Affinity.pinThisJvm(plan.cpus())) {
            Map<Target, String> lost = new HashMap<>();
            Optional<String> backendLost = Optional.empty();
            for (int run = 1; run <= plan.runs(); run++) {
                for (Target target : plan.targets()) {
                    if (backendLost.isPresent()) {
                        rows.addAll(failed(target, run, "not run: " + backendLost.get(), backend.log()));
                    } else if (lost.containsKey(target)) {
                        rows.addAll(failed(target, run, "not run: " + lost.get(target), services.logOf(target, run)));
                    } else {
                        StartedTarget.Measured measured = measure(target, run, backend);
                        rows.addAll(measured.rows());
                        measured.lost().ifPresent(reason -> lost.put(target, reason));
                        backendLost = measured.death().filter(Death::ofBackend).map(Death::reason);
                    }
                }
            }
        }
        return rows.stream().map(Row::point).toList();
    }

    /**
     * One target in one run: an app started for it (and stopped after its loads, which makes its points final), or
     * the direct row on the backend. One that does not start or fails its contract check fails its points.
     */
    private StartedTarget.Measured measure(Target target, int run, StartedTarget backend) {
        try {
            if (!target.isApp()) {
                backend.checkContract();
                return backend.measure(run, loads);
            }
            try (StartedTarget app = StartedTarget.app(target, run, backend, plan, setup, services, out)) {
                return app.measure(run, loads);
            }
        } catch (LabProcess.StartFailure failure) {
            out.println("FAILED " + failure.getMessage());
            return StartedTarget.Measured.notStarted(
                    failed(target, run, failure.getMessage(), services.logOf(target, run)), failure.getMessage());
        }
    }

    /** Every point failed: the backend did not start, or the existing database is not one the plan can use. */
    private List<Point> failedToStart(LabProcess.StartFailure backendDown) {
        out.println("FAILED " + backendDown.getMessage());
        return failedEverywhere(new Outcome.Failed(
                services.backendName() + " did not start: " + backendDown.getMessage(), services.backendLog()));
    }

    /** Every point of every target failed, in every run. */
    private List<Point> failedEverywhere(Outcome.Failed failed) {
        List<Point> points = new ArrayList<>();
        for (Target target : plan.targets()) {
            for (int run = 1; run <= plan.runs(); run++) {
                for (LoadShape load : plan.loads()) {
                    points.add(Point.failed(target, load, run, failed));
                }
            }
        }
        return points;
    }

    /** Every load of the target failed in one run. */
    private List<Row> failed(Target target, int run, String reason, Path log) {
        return plan.loads().stream()
                .map(load -> Row.failed(Point.failed(target, load, run, new Outcome.Failed(reason, log))))
                .toList();
    }

    static void createParent(Path file) {
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
