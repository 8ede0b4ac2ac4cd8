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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

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
    String runId = System.getenv().getOrDefault("LOADLAB_RUN_ID",
        ProcessHandle.current().pid() + "-" + System.currentTimeMillis());
    Outcome outcome = new Compare(knobs, System.out, runId).run();
    System.exit(outcome.succeeded() ? 0 : 1);
  }

  /** Where this run's summary is, and whether it was good enough to publish. */
  public record Outcome(boolean succeeded, Path runDir, List<TargetResult> rows) {
  }

  private static final String CHARTS = "charts";

  public Outcome run() {
    ZonedDateTime startedAt = ZonedDateTime.now();
    Path runDir = knobs.resultsDir().resolve("runs").resolve(LocalDateTime.now().format(STAMP));
    out.printf("loadtest: %d users, %s ramp-up, %s warm-up, %s window, backend %d..%d ms; targets %s%n",
        knobs.users(), seconds(knobs.rampUp()), seconds(knobs.warmUp()), seconds(knobs.window()),
        knobs.delayMinMs(), knobs.delayMaxMs(), knobs.targets().stream().map(Target::name).toList());
    List<ChartInput> measured = new ArrayList<>();
    try (LabProcess backend = startBackend(runDir)) {
      out.printf("slow-server up on port %d (pid %d)%n", knobs.backendPort(), backend.pid());
      for (Target target : knobs.targets()) {
        measured.add(measure(target, runDir));
      }
    } catch (LabProcess.StartFailure backendDown) {
      out.println("FAILED " + backendDown.getMessage());
      for (Target target : knobs.targets()) {
        measured.add(ChartInput.failed(TargetResult.failed(target,
            "slow-server did not start: " + backendDown.getMessage(),
            runDir.resolve("raw").resolve(Target.SLOW_SERVER + ".log"))));
      }
    }
    List<TargetResult> rows = measured.stream().map(ChartInput::result).toList();
    boolean succeeded = rows.stream().allMatch(TargetResult.Measured.class::isInstance);
    Environment environment = Environment.detect(startedAt,
        System.getenv().getOrDefault("LOADLAB_COMMAND", "./mvnw -pl loadtest verify"), gitCommit(knobs.projectDir()),
        String.join(" ", knobs.appJvmFlags()));
    try {
      SummaryWriter.write(runDir.resolve("summary.md"),
          SummaryReport.render(knobs.scenario(), environment, rows.getFirst(), rows.subList(1, rows.size()),
              charts(runDir, measured)));
      if (succeeded) {
        publish(runDir);
        out.println("loadtest: wrote " + knobs.resultsDir().resolve("summary.md"));
      } else {
        out.println("loadtest: some rows failed; " + knobs.resultsDir().resolve("summary.md")
            + " keeps the last good run. This run's summary: " + runDir.resolve("summary.md"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new Outcome(succeeded, runDir, rows);
  }

  private LabProcess startBackend(Path runDir) throws LabProcess.StartFailure {
    List<String> args = new ArrayList<>(List.of(
        "--port=" + knobs.backendPort(),
        "--bind=" + knobs.host(),
        "--min-delay-ms=" + knobs.delayMinMs(),
        "--max-delay-ms=" + knobs.delayMaxMs()));
    if (knobs.seed() != null) {
      args.add("--seed=" + knobs.seed());
    }
    return LabProcess.start(Target.SLOW_SERVER, Target.DIRECT.jar(knobs.projectDir()), knobs.appJvmFlags(), args,
        knobs.host(), knobs.backendPort(), "/__admin/health", runDir.resolve("raw").resolve("slow-server.log"), runId);
  }

  /** Charts are a view of the figures, not the figures: if they cannot be drawn, the summary still stands. */
  private String charts(Path runDir, List<ChartInput> measured) {
    try {
      List<Path> written = Charts.writeAll(runDir.resolve(CHARTS), measured, Map.of());
      return Charts.markdownLinks(written, runDir);
    } catch (IOException | RuntimeException | Error e) {
      out.println("loadtest: charts could not be drawn (" + e + "); the summary has none");
      return "";
    }
  }

  private ChartInput measure(Target target, Path runDir) {
    Path rawDir = runDir.resolve("raw").resolve(target.name());
    int port = target.isApp() ? knobs.port(target.name()) : knobs.backendPort();
    String url = "http://" + knobs.host() + ":" + port + "/";
    LabProcess app = null;
    try {
      if (target.isApp()) {
        app = LabProcess.start(target.name(), target.jar(knobs.projectDir()), knobs.appJvmFlags(), List.of(
                "--server.port=" + port,
                "--server.address=" + knobs.host(),
                "--backend.base-url=http://" + knobs.host() + ":" + knobs.backendPort()),
            knobs.host(), port, "/actuator/health", rawDir.resolve("app.log"), runId);
        out.printf("[%s] up on port %d (pid %d)%n", target.name(), port, app.pid());
      }
      checkContract(target, url);
      LoadRun.Result result = new LoadRun(target.name(), url, knobs, rawDir, out).run();
      SamplesCsv.write(rawDir.resolve("samples.csv"), result.samples());
      RunStats stats = RunStats.compute(result.samples(),
          new MeasurementWindow(result.windowStartMillis(), result.windowEndMillis()), knobs.users(),
          target.threadLimit(), knobs.meanDelayMs());
      out.printf(Locale.ROOT, "[%s] done: %d requests in the window, %.1f req/s (ceiling %.1f), %d errors%n",
          target.name(), stats.requests(), stats.throughputPerSecond(), stats.ceilingPerSecond(), stats.errors());
      return ChartInput.of(TargetResult.measured(target, stats), result);
    } catch (LabProcess.StartFailure failure) {
      out.println("FAILED " + failure.getMessage());
      return ChartInput.failed(TargetResult.failed(target, failure.getMessage(), logOf(target, rawDir, runDir)));
    } catch (IOException | RuntimeException e) {
      String reason = target.name() + ": the load run failed: " + e;
      out.println("FAILED " + reason);
      return ChartInput.failed(TargetResult.failed(target, reason, logOf(target, rawDir, runDir)));
    } finally {
      if (app != null) {
        app.close();
      }
    }
  }

  /** One request before the load: a target that does not speak the contract is not worth measuring. */
  private void checkContract(Target target, String url) throws LabProcess.StartFailure {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(knobs.timeout()).build();
    try {
      HttpResponse<String> response = client.send(
          HttpRequest.newBuilder(URI.create(url)).timeout(knobs.timeout().plusMillis(knobs.delayMaxMs())).build(),
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

  /** Replaces the published summary and raw data with this run's, the summary last and atomically. */
  private void publish(Path runDir) throws IOException {
    Path results = knobs.resultsDir();
    for (String folder : List.of("raw", CHARTS)) {
      deleteTree(results.resolve(folder));
      if (Files.exists(runDir.resolve(folder))) {
        Files.move(runDir.resolve(folder), results.resolve(folder));
      }
    }
    SummaryWriter.write(results.resolve("summary.md"), Files.readString(runDir.resolve("summary.md")));
    deleteTree(runDir);
    try (Stream<Path> others = Files.list(runDir.getParent())) {
      if (others.findAny().isEmpty()) {
        Files.delete(runDir.getParent());
      }
    }
  }

  private static Path logOf(Target target, Path rawDir, Path runDir) {
    return target.isApp() ? rawDir.resolve("app.log") : runDir.resolve("raw").resolve(Target.SLOW_SERVER + ".log");
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
      Process git = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
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
