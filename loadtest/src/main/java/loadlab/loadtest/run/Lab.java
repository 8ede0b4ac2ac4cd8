package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ProcessSampler;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.Target;

/**
 * Runs a plan: slow-server once, then each target in turn, started once and loaded with every load of the plan, each
 * load {@code runs} times. Only one app runs at a time. Every point it measures, or fails to, becomes a
 * {@link Point}; raw samples, logs and recordings go to the staging folder's {@code raw/}.
 */
public final class Lab {

    /** How the per-process JFR flags read in a report (their file path differs per process). */
    public static final String JFR_FLAGS_SHOWN =
            "-XX:StartFlightRecording=filename=<raw>/<target>.jfr,dumponexit=true,settings=default,"
                    + "jdk.VirtualThreadPinned#threshold=0ms";

    private final Plan plan;
    private final Setup setup;
    private final ResultsFolder staging;
    private final PrintStream out;
    private final Services services;

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
        Path backendRecording = services.backendRecording();
        try (LabProcess backend = services.startBackend();
                ProcessSampler backendSampler = ProcessSampler.start(backend.pid())) {
            out.printf("slow-server up on port %d (pid %d)%n", setup.backendPort(), backend.pid());
            for (Target target : plan.targets()) {
                points.addAll(measure(target, backendSampler));
            }
        } catch (LabProcess.StartFailure backendDown) {
            out.println("FAILED " + backendDown.getMessage());
            Outcome.Failed failed =
                    new Outcome.Failed("slow-server did not start: " + backendDown.getMessage(), services.backendLog());
            for (Target target : plan.targets()) {
                points.addAll(failedEverywhere(target, failed));
            }
        }
        // slow-server writes its recording when it stops, so the direct row's JFR figures come only now.
        points.replaceAll(p -> p.target().isApp() ? p : withRecording(p, backendRecording));
        return points;
    }

    /**
     * One target under every load of the plan, started once. For an app, its process is sampled during each load and
     * its JFR recording read once it has stopped; for the direct row the backend's sampler, running for the whole
     * plan, is cut to each window.
     */
    private List<Point> measure(Target target, ProcessSampler backendSampler) {
        Path targetDir = staging.raw().resolve(target.name());
        LabProcess app = null;
        try {
            if (target.isApp()) {
                app = services.startApp(target, targetDir);
                out.printf("[%s] up on port %d (pid %d)%n", target.name(), setup.port(target), app.pid());
            }
            ContractCheck.check(target, services.url(target), plan);
        } catch (LabProcess.StartFailure failure) {
            if (app != null) {
                app.close();
            }
            out.println("FAILED " + failure.getMessage());
            return failedEverywhere(target, new Outcome.Failed(failure.getMessage(), services.logOf(target)));
        }
        List<Point> points = new ArrayList<>();
        try {
            for (LoadShape load : plan.loads()) {
                for (int run = 1; run <= plan.runs(); run++) {
                    points.add(measureOnce(target, load, run, app, backendSampler));
                }
            }
        } finally {
            if (app != null) {
                app.close(); // the JVM writes its recording on the way out
            }
        }
        if (app != null) {
            Path recording = services.recordingOf(target);
            points.replaceAll(p -> withRecording(p, recording));
        }
        return points;
    }

    private List<Point> failedEverywhere(Target target, Outcome.Failed failed) {
        List<Point> points = new ArrayList<>();
        for (LoadShape load : plan.loads()) {
            for (int run = 1; run <= plan.runs(); run++) {
                points.add(Point.failed(target, load, run, failed));
            }
        }
        return points;
    }

    /** A folder per point when a target has several: {@code run-2} for a repeat, {@code users-500} for a level. */
    private String pointName(LoadShape load, int run) {
        if (plan.runs() > 1) {
            return "run-" + run;
        }
        return plan.loads().size() > 1 ? load.label() : "";
    }

    private Point measureOnce(Target target, LoadShape load, int run, LabProcess app, ProcessSampler backendSampler) {
        String point = pointName(load, run);
        Path rawDir = point.isEmpty()
                ? staging.raw().resolve(target.name())
                : staging.raw().resolve(target.name()).resolve(point);
        String label = point.isEmpty() ? target.name() : target.name() + " " + point;
        try {
            LoadRun.Result result;
            ResourceSamples targetSamples;
            ResourceSamples generatorSamples;
            try (ProcessSampler appSampler = app == null ? null : ProcessSampler.start(app.pid());
                    ProcessSampler generator = ProcessSampler.startThisJvm()) {
                result = new LoadRun(
                                label,
                                services.url(target),
                                load,
                                plan.phases(),
                                rawDir,
                                plan.kind() == Plan.Kind.COMPARISON,
                                out)
                        .run();
                targetSamples = appSampler == null ? backendSampler.samples() : appSampler.stop();
                generatorSamples = generator.stop();
                for (ProcessSampler sampler : new ProcessSampler[] {appSampler, backendSampler, generator}) {
                    if (sampler != null) {
                        sampler.problem()
                                .ifPresent(problem ->
                                        out.println("[" + label + "] resource sampling stopped early: " + problem));
                    }
                }
            }
            SamplesCsv.write(rawDir.resolve("samples.csv"), result.samples());
            MeasurementWindow window = new MeasurementWindow(result.windowStartMillis(), result.windowEndMillis());
            RunStats stats =
                    RunStats.compute(result.samples(), window, Ceiling.perSecond(target, load, plan.backend()));
            out.printf(
                    Locale.ROOT,
                    "[%s] done: %d requests in the window, %.1f req/s, %.1f good (ceiling %.1f), %d errors%n",
                    label,
                    stats.requests(),
                    stats.throughputPerSecond(),
                    stats.goodPerSecond(),
                    stats.ceilingPerSecond(),
                    stats.errors());
            ResourceCost cost =
                    ResourceCost.of(targetSamples, Optional.empty(), generatorSamples, window, stats.requests());
            return new Point(
                    target,
                    load,
                    run,
                    new Outcome.Measured(stats),
                    cost,
                    Series.of(result.samples(), result.runStartMillis()));
        } catch (IOException | RuntimeException e) {
            String reason = label + ": the load run failed: " + e;
            out.println("FAILED " + reason);
            return Point.failed(target, load, run, new Outcome.Failed(reason, services.logOf(target)));
        }
    }

    /** The point with GC and pinning figures from a stopped JVM's recording; as it was if it cannot be read. */
    private Point withRecording(Point point, Path recording) {
        if (point.stats().isEmpty()) {
            return point;
        }
        try {
            JfrFigures jfr = JfrFigures.read(recording, point.stats().get().window());
            ResourceCost cost = point.cost();
            return point.withCost(new ResourceCost(cost.process(), Optional.of(jfr), cost.loadGenerator()));
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
