package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import loadlab.loadtest.chart.Charts;
import loadlab.loadtest.chart.SweepCharts;
import loadlab.loadtest.measure.ChartInput;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.OpenPoint;
import loadlab.loadtest.measure.ProcessSampler;
import loadlab.loadtest.measure.Repeats;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceFigures;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.SweepPoint;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.OpenScenario;
import loadlab.loadtest.plan.SweepScenario;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.report.OpenWorkloadReport;
import loadlab.loadtest.report.SummaryReport;
import loadlab.loadtest.report.SweepReport;
import loadlab.loadtest.run.LabProcess;
import loadlab.loadtest.run.LoadRun;
import loadlab.loadtest.run.SamplesCsv;
import loadlab.loadtest.run.SummaryWriter;

/**
 * The comparison: slow-server once, then the same load against it directly and against each app in turn.
 * <p>
 * Everything a run writes goes to {@code <results>/runs/<stamp>/} first; only a run in which every row succeeded
 * replaces {@code <results>/summary.md} and {@code <results>/raw/}, so a failed or interrupted run never destroys the
 * last good results.
 */
public final class Compare {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Knobs knobs;
    private final PrintStream out;
    private final String runId;

    public Compare(Knobs knobs, PrintStream out, String runId) {
        this.knobs = knobs;
        this.out = out;
        this.runId = runId;
    }

    public static void main(String[] args) {
        Knobs knobs;
        try {
            knobs = Knobs.parse(args);
        } catch (IllegalArgumentException bad) {
            System.err.println("loadtest: " + bad.getMessage());
            System.exit(2);
            return;
        }
        String runId = System.getenv()
                .getOrDefault("LOADLAB_RUN_ID", ProcessHandle.current().pid() + "-" + System.currentTimeMillis());
        Outcome outcome = new Compare(knobs, System.out, runId).run();
        System.exit(outcome.succeeded() ? 0 : 1);
    }

    /** Where this run's summary is, and whether it was good enough to publish. */
    public record Outcome(boolean succeeded, Path runDir, List<TargetResult> rows) {}

    private static final String CHARTS = "charts";
    /** How the per-process JFR flags read in the summary (their file path differs per process). */
    private static final String JFR_FLAGS_SHOWN =
            "-XX:StartFlightRecording=filename=<raw>/<target>.jfr,dumponexit=true,settings=default,"
                    + "jdk.VirtualThreadPinned#threshold=0ms";

    public Outcome run() {
        ZonedDateTime startedAt = ZonedDateTime.now();
        // Read now: the jars were built from the tree as it is at the start, whatever is edited while the run goes on.
        String commit = gitCommit(knobs.projectDir());
        Path runDir =
                knobs.resultsDir().resolve("runs").resolve(LocalDateTime.now().format(STAMP));
        out.printf(
                "loadtest: %s, %s ramp-up, %s warm-up, %s window, backend %d..%d ms; targets %s%n",
                knobs.loadDescription(),
                seconds(knobs.rampUp()),
                seconds(knobs.warmUp()),
                seconds(knobs.window()),
                knobs.delayMinMs(),
                knobs.delayMaxMs(),
                knobs.targets().stream().map(Target::name).toList());
        List<Measurement> measurements = new ArrayList<>();
        Path backendRecording = rawRoot(runDir).resolve(Target.SLOW_SERVER + ".jfr");
        try (LabProcess backend = startBackend(runDir, backendRecording);
                ProcessSampler backendSampler = ProcessSampler.start(backend.pid())) {
            out.printf("slow-server up on port %d (pid %d)%n", knobs.backendPort(), backend.pid());
            for (Target target : knobs.targets()) {
                measurements.addAll(measure(target, runDir, backendSampler));
            }
        } catch (LabProcess.StartFailure backendDown) {
            out.println("FAILED " + backendDown.getMessage());
            for (Target target : knobs.targets()) {
                for (LoadShape shape : knobs.shapes()) {
                    measurements.add(Measurement.failed(
                            shape,
                            TargetResult.failed(
                                    target,
                                    "slow-server did not start: " + backendDown.getMessage(),
                                    rawRoot(runDir).resolve(Target.SLOW_SERVER + ".log"))));
                }
            }
        }
        // slow-server writes its recording when it stops, so the direct row's JFR figures come only now.
        measurements.replaceAll(m -> m.target().isApp() ? m : m.withRecording(backendRecording, out));

        boolean succeeded = measurements.stream().allMatch(m -> m.chart().result() instanceof TargetResult.Measured);
        Environment environment = Environment.detect(
                startedAt,
                System.getenv().getOrDefault("LOADLAB_COMMAND", "./mvnw -pl loadtest verify"),
                commit,
                String.join(" ", knobs.appJvmFlags()) + " " + JFR_FLAGS_SHOWN);
        String report = knobs.mode().report;
        List<TargetResult> rows;
        try {
            rows = switch (knobs.mode()) {
                case COMPARE -> writeComparison(runDir, environment, measurements);
                case SWEEP -> writeSweep(runDir, environment, measurements);
                case OPEN -> writeOpenWorkload(runDir, environment, measurements);
            };
            if (succeeded) {
                publish(runDir);
                out.println("loadtest: wrote " + knobs.resultsDir().resolve(report));
            } else {
                out.println("loadtest: some rows failed; " + knobs.resultsDir().resolve(report)
                        + " keeps the last good run. This run's report: " + runDir.resolve(report));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new Outcome(succeeded, runDir, rows);
    }

    /**
     * One row per target. With repeats, the main tables and charts show the run with the median throughput and a
     * repeats section gives every figure's median and range; a target with any failed run is a failed row.
     */
    private List<TargetResult> writeComparison(Path runDir, Environment environment, List<Measurement> measurements)
            throws IOException {
        List<TargetResult> rows = new ArrayList<>();
        List<Measurement> shown = new ArrayList<>();
        Map<Target, ResourceCost> costs = new LinkedHashMap<>();
        Map<Target, Repeats> repeats = new LinkedHashMap<>();
        byTarget(measurements).forEach((target, runs) -> {
            Measurement chosen = runs.stream()
                    .filter(m -> m.chart().result() instanceof TargetResult.Failed)
                    .findFirst()
                    .orElseGet(() -> {
                        Repeats repeated = new Repeats(
                                target,
                                runs.stream().map(Measurement::stats).toList(),
                                runs.stream().map(Measurement::cost).toList());
                        if (runs.size() > 1) {
                            repeats.put(target, repeated);
                        }
                        return runs.get(repeated.representative());
                    });
            shown.add(chosen);
            rows.add(chosen.chart().result());
            costs.put(target, chosen.cost());
        });
        SummaryWriter.write(
                runDir.resolve(knobs.mode().report),
                SummaryReport.render(
                        knobs.scenario(),
                        environment,
                        rows.getFirst(),
                        rows.subList(1, rows.size()),
                        costs,
                        charts(runDir, shown),
                        repeats));
        return rows;
    }

    /** One row per target and user level; the charts show every target across the levels. */
    private List<TargetResult> writeSweep(Path runDir, Environment environment, List<Measurement> measurements)
            throws IOException {
        SweepScenario scenario = knobs.sweepScenario();
        List<SweepPoint> points = measurements.stream()
                .map(m -> new SweepPoint(
                        m.target(), m.shape().concurrency(), m.chart().result(), m.cost()))
                .toList();
        String charts =
                drawn(runDir, () -> SweepCharts.writeSweep(dataDir(runDir).resolve(CHARTS), scenario, points));
        SummaryWriter.write(
                runDir.resolve(knobs.mode().report), SweepReport.render(scenario, environment, points, charts));
        return points.stream().map(SweepPoint::result).toList();
    }

    /** One row per target and arrival rate. */
    private List<TargetResult> writeOpenWorkload(Path runDir, Environment environment, List<Measurement> measurements)
            throws IOException {
        OpenScenario scenario = knobs.openScenario();
        List<OpenPoint> points = measurements.stream()
                .map(m -> {
                    LoadShape.Open open = (LoadShape.Open) m.shape();
                    return new OpenPoint(
                            m.target(),
                            open.ratePerSecond(),
                            open.maxThreads(),
                            m.chart().result(),
                            m.cost());
                })
                .toList();
        String charts =
                drawn(runDir, () -> SweepCharts.writeOpen(dataDir(runDir).resolve(CHARTS), scenario, points));
        SummaryWriter.write(
                runDir.resolve(knobs.mode().report), OpenWorkloadReport.render(scenario, environment, points, charts));
        return points.stream().map(OpenPoint::result).toList();
    }

    private interface ChartWriter {
        List<Path> write() throws IOException;
    }

    /** Charts are a view of the figures, not the figures: if they cannot be drawn, the report still stands. */
    private String drawn(Path runDir, ChartWriter writer) {
        try {
            return SweepCharts.markdownLinks(writer.write(), runDir);
        } catch (IOException | RuntimeException | Error e) {
            out.println("loadtest: charts could not be drawn (" + e + "); the report has none");
            return "";
        }
    }

    private static Map<Target, List<Measurement>> byTarget(List<Measurement> measurements) {
        Map<Target, List<Measurement>> grouped = new LinkedHashMap<>();
        measurements.forEach(
                m -> grouped.computeIfAbsent(m.target(), t -> new ArrayList<>()).add(m));
        return grouped;
    }

    /** Where a mode keeps its raw data and charts inside a results folder: the comparison at the top, others apart. */
    private Path dataDir(Path root) {
        return knobs.mode() == Knobs.Mode.COMPARE ? root : root.resolve(knobs.mode().dataDir);
    }

    private Path rawRoot(Path runDir) {
        return dataDir(runDir).resolve("raw");
    }

    /** Every service gets the same flags: the knob's, plus a JFR recording for GC and pinning figures. */
    private List<String> jvmFlags(Path recording) {
        try {
            Files.createDirectories(recording.getParent()); // the JVM will not start if it cannot create its recording
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> flags = new ArrayList<>(knobs.appJvmFlags());
        flags.addAll(JfrFigures.recordingFlags(recording));
        return flags;
    }

    private LabProcess startBackend(Path runDir, Path recording) throws LabProcess.StartFailure {
        List<String> args = new ArrayList<>(List.of(
                "--port=" + knobs.backendPort(),
                "--bind=" + knobs.host(),
                "--min-delay-ms=" + knobs.delayMinMs(),
                "--max-delay-ms=" + knobs.delayMaxMs()));
        if (knobs.seed() != null) {
            args.add("--seed=" + knobs.seed());
        }
        return LabProcess.start(
                Target.SLOW_SERVER,
                Target.DIRECT.jar(knobs.projectDir()),
                jvmFlags(recording),
                args,
                knobs.host(),
                knobs.backendPort(),
                "/__admin/health",
                rawRoot(runDir).resolve(Target.SLOW_SERVER + ".log"),
                runId);
    }

    private String charts(Path runDir, List<Measurement> measurements) {
        Map<String, ResourceFigures> figures = new LinkedHashMap<>();
        measurements.forEach(m -> ResourceFigures.of(m.cost())
                .ifPresent(f -> figures.put(m.target().name(), f)));
        return drawn(
                runDir,
                () -> Charts.writeAll(
                        dataDir(runDir).resolve(CHARTS),
                        measurements.stream().map(Measurement::chart).toList(),
                        figures));
    }

    /**
     * One target under every load of the plan, started once. For an app, its process is sampled during each load and
     * its JFR recording read once it has stopped; for the direct row the backend's sampler, running for the whole
     * comparison, is cut to each window.
     */
    private List<Measurement> measure(Target target, Path runDir, ProcessSampler backendSampler) {
        List<LoadShape> shapes = knobs.shapes();
        Path targetDir = rawRoot(runDir).resolve(target.name());
        int port = target.isApp() ? knobs.port(target.name()) : knobs.backendPort();
        String url = "http://" + knobs.host() + ":" + port + "/";
        Path recording = targetDir.resolve("app.jfr");
        LabProcess app = null;
        try {
            if (target.isApp()) {
                app = LabProcess.start(
                        target.name(),
                        target.jar(knobs.projectDir()),
                        jvmFlags(recording),
                        List.of(
                                "--server.port=" + port,
                                "--server.address=" + knobs.host(),
                                "--backend.base-url=http://" + knobs.host() + ":" + knobs.backendPort()),
                        knobs.host(),
                        port,
                        "/actuator/health",
                        targetDir.resolve("app.log"),
                        runId);
                out.printf("[%s] up on port %d (pid %d)%n", target.name(), port, app.pid());
            }
            checkContract(target, url);
        } catch (LabProcess.StartFailure failure) {
            if (app != null) {
                app.close();
            }
            out.println("FAILED " + failure.getMessage());
            Path log = logOf(target, targetDir, runDir);
            return shapes.stream()
                    .map(shape -> Measurement.failed(shape, TargetResult.failed(target, failure.getMessage(), log)))
                    .toList();
        }
        List<Measurement> measurements = new ArrayList<>();
        try {
            for (int i = 0; i < shapes.size(); i++) {
                String point = shapes.size() == 1 ? "" : pointName(i, shapes.get(i));
                Path rawDir = point.isEmpty() ? targetDir : targetDir.resolve(point);
                String label = point.isEmpty() ? target.name() : target.name() + " " + point;
                measurements.add(measureOnce(target, shapes.get(i), label, url, rawDir, app, backendSampler, runDir));
            }
        } finally {
            if (app != null) {
                app.close(); // the JVM writes its recording on the way out
            }
        }
        if (app != null) {
            measurements.replaceAll(m -> m.withRecording(recording, out));
        }
        return measurements;
    }

    private String pointName(int index, LoadShape shape) {
        return knobs.mode() == Knobs.Mode.COMPARE ? "run-" + (index + 1) : shape.label();
    }

    private Measurement measureOnce(
            Target target,
            LoadShape shape,
            String label,
            String url,
            Path rawDir,
            LabProcess app,
            ProcessSampler backendSampler,
            Path runDir) {
        try {
            LoadRun.Result result;
            ResourceSamples targetSamples;
            ResourceSamples generatorSamples;
            try (ProcessSampler appSampler = app == null ? null : ProcessSampler.start(app.pid());
                    ProcessSampler generator = ProcessSampler.startThisJvm()) {
                result = new LoadRun(label, url, shape, knobs, rawDir, knobs.mode() == Knobs.Mode.COMPARE, out).run();
                targetSamples = appSampler == null ? backendSampler.samples() : appSampler.stop();
                generatorSamples = generator.stop();
            }
            SamplesCsv.write(rawDir.resolve("samples.csv"), result.samples());
            MeasurementWindow window = new MeasurementWindow(result.windowStartMillis(), result.windowEndMillis());
            RunStats stats = RunStats.compute(
                    result.samples(), window, shape.concurrency(), target.threadLimit(), knobs.meanDelayMs());
            // An open load never offers more than its rate, whatever its threads would allow.
            double ceiling = shape instanceof LoadShape.Open open
                    ? Math.min(open.ratePerSecond(), stats.ceilingPerSecond())
                    : stats.ceilingPerSecond();
            out.printf(
                    Locale.ROOT,
                    "[%s] done: %d requests in the window, %.1f req/s, %.1f good (ceiling %.1f), %d errors%n",
                    label,
                    stats.requests(),
                    stats.throughputPerSecond(),
                    stats.goodPerSecond(),
                    ceiling,
                    stats.errors());
            return new Measurement(
                    shape,
                    ChartInput.of(TargetResult.measured(target, stats), result),
                    targetSamples,
                    generatorSamples,
                    window,
                    stats.requests(),
                    Optional.empty());
        } catch (IOException | RuntimeException e) {
            String reason = label + ": the load run failed: " + e;
            out.println("FAILED " + reason);
            return Measurement.failed(shape, TargetResult.failed(target, reason, logOf(target, rawDir, runDir)));
        }
    }

    /** A target's row with what it cost; the cost is derived, once the JFR figures are known. */
    private record Measurement(
            LoadShape shape,
            ChartInput chart,
            ResourceSamples targetSamples,
            ResourceSamples generatorSamples,
            MeasurementWindow window,
            int requests,
            Optional<JfrFigures> jfr) {

        static Measurement failed(LoadShape shape, TargetResult failed) {
            return new Measurement(
                    shape,
                    ChartInput.failed(failed),
                    ResourceSamples.NONE,
                    ResourceSamples.NONE,
                    null,
                    0,
                    Optional.empty());
        }

        Target target() {
            return chart.target();
        }

        RunStats stats() {
            return ((TargetResult.Measured) chart.result()).stats();
        }

        ResourceCost cost() {
            return window == null
                    ? ResourceCost.NONE
                    : ResourceCost.of(targetSamples, jfr, generatorSamples, window, requests);
        }

        /** The same row with GC and pinning figures from a stopped JVM's recording; without them if it cannot be read. */
        Measurement withRecording(Path recording, PrintStream out) {
            if (window == null) {
                return this;
            }
            try {
                return new Measurement(
                        shape,
                        chart,
                        targetSamples,
                        generatorSamples,
                        window,
                        requests,
                        Optional.of(JfrFigures.read(recording, window)));
            } catch (IOException | RuntimeException e) {
                out.println("[" + target().name() + "] JFR figures unavailable: " + e.getMessage());
                return this;
            }
        }
    }

    /** One request before the load: a target that does not speak the contract is not worth measuring. */
    private void checkContract(Target target, String url) throws LabProcess.StartFailure {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(knobs.timeout())
                .build();
        try {
            HttpResponse<String> response = client.send(
                    HttpRequest.newBuilder(URI.create(url))
                            .timeout(knobs.timeout().plusMillis(knobs.delayMaxMs()))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200 || Sample.parseBackendDelayMs(response.body()) == Sample.NO_DELAY) {
                throw new LabProcess.StartFailure(target.name() + ": contract check failed: GET " + url + " gave "
                        + response.statusCode() + " " + abbreviate(response.body()));
            }
        } catch (IOException e) {
            throw new LabProcess.StartFailure(target.name() + ": contract check failed: GET " + url + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabProcess.StartFailure(target.name() + ": interrupted during the contract check");
        }
    }

    /** Replaces the published report, raw data and charts of this mode with this run's, the report last. */
    private void publish(Path runDir) throws IOException {
        Path results = knobs.resultsDir();
        for (String folder : List.of("raw", CHARTS)) {
            Path published = dataDir(results).resolve(folder);
            deleteTree(published);
            if (Files.exists(dataDir(runDir).resolve(folder))) {
                Files.createDirectories(published.getParent());
                Files.move(dataDir(runDir).resolve(folder), published);
            }
        }
        String report = knobs.mode().report;
        SummaryWriter.write(results.resolve(report), Files.readString(runDir.resolve(report)));
        deleteTree(runDir);
        try (Stream<Path> others = Files.list(runDir.getParent())) {
            if (others.findAny().isEmpty()) {
                Files.delete(runDir.getParent());
            }
        }
    }

    private Path logOf(Target target, Path rawDir, Path runDir) {
        return target.isApp() ? rawDir.resolve("app.log") : rawRoot(runDir).resolve(Target.SLOW_SERVER + ".log");
    }

    /** The commit the jars were built from, marked dirty when tracked files have uncommitted changes. */
    static String gitCommit(Path projectDir) {
        String head = git(projectDir, "rev-parse", "--short=12", "HEAD");
        if (head.isEmpty()) {
            return "unknown (not a git checkout)";
        }
        return git(projectDir, "status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "-dirty";
    }

    private static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process git = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            String output = new String(git.getInputStream().readAllBytes()).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? output : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String abbreviate(String body) {
        String oneLine = body.replaceAll("\\s+", " ");
        return oneLine.length() > 120 ? oneLine.substring(0, 120) + "..." : oneLine;
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
