package loadlab.executors;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code make executors}: validates the knobs, runs JMH with exactly the command line it prints, and writes
 * results/executors.md, its charts and JMH's JSON. Everything is written to {@code results/runs/executors-<time>/}
 * first and moved into place only when the run succeeded with every benchmark it asked for, so a failed run never
 * replaces the last good report.
 */
public final class RunExecutors {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private RunExecutors() {}

    public static void main(String[] args) {
        List<String> words = new java.util.ArrayList<>(List.of(args));
        // --check: the knobs only, as make checks them before it builds; nothing runs.
        boolean check = words.remove("--check");
        Knobs knobs;
        try {
            knobs = Knobs.parse(words.toArray(String[]::new));
        } catch (Knobs.BadKnob bad) {
            System.err.println(bad.getMessage());
            System.exit(2);
            return;
        }
        if (check) {
            return;
        }
        try {
            run(knobs, System.out);
        } catch (RunFailed | IOException | RunnerException | CommandLineOptionException | RuntimeException e) {
            if (e instanceof RuntimeException) {
                e.printStackTrace(); // a bug in the runner or the renderer: show where
            }
            System.err.println(
                    "executors: FAILED: " + e.getMessage() + " (the last good results/executors.md is left as it was)");
            System.exit(1);
        }
    }

    static void run(Knobs knobs, PrintStream out)
            throws IOException, RunnerException, CommandLineOptionException, RunFailed {
        ZonedDateTime started = ZonedDateTime.now();
        Path runDir = knobs.resultsDir()
                .resolve("runs")
                .resolve("executors-" + LocalDateTime.now().format(STAMP));
        Files.createDirectories(runDir);
        Path json = runDir.resolve("jmh-result.json");
        List<String> jmhArgs = knobs.jmhArguments(json);
        out.println("executors: " + knobs.variants().size() + " benchmarks; the same run by hand:");
        out.println("  java -jar executors/target/benchmarks.jar " + shellQuoted(jmhArgs));
        long t0 = System.nanoTime();
        new Runner(new CommandLineOptions(jmhArgs.toArray(String[]::new))).run();
        Duration wall = Duration.ofNanos(System.nanoTime() - t0);

        finish(knobs, runDir, json, started, wall);
        out.println("executors: wrote " + knobs.resultsDir().resolve("executors.md") + " (JMH run "
                + ExecutorsReport.minutes(wall) + ")");
    }

    /**
     * From JMH's JSON to the published report: checks that every selected benchmark has a result, renders the report
     * and charts into {@code runDir}, then moves them into place.
     */
    static void finish(Knobs knobs, Path runDir, Path json, ZonedDateTime started, Duration wall)
            throws IOException, RunFailed {
        List<JmhResult> results = JmhResult.read(json);
        Set<Variant> measured = results.stream()
                .map(r -> Variant.ofBenchmark(r.benchmark()).orElse(null))
                .collect(Collectors.toSet());
        List<Variant> missing =
                knobs.variants().stream().filter(v -> !measured.contains(v)).toList();
        if (!missing.isEmpty()) {
            throw new RunFailed(
                    "no result for " + missing.stream().map(Variant::benchmark).toList());
        }
        String command = System.getenv().getOrDefault("LOADLAB_COMMAND", "").trim();
        if (command.isEmpty()) {
            command = "java -cp executors/target/benchmarks.jar " + RunExecutors.class.getName() + " "
                    + String.join(" ", commandLineOf(knobs));
        }
        RunEnvironment env = RunEnvironment.detect(started, command, knobs.projectDir(), wall);
        String report = ExecutorsReport.render(results, env);
        Path stagedCharts = runDir.resolve("charts");
        ExecutorsCharts.write(ReportRow.of(results, env.cores()), stagedCharts);
        Path stagedReport = runDir.resolve("executors.md");
        Files.writeString(stagedReport, report);
        Path stagedEnvironment = runDir.resolve("environment.json");
        Files.writeString(stagedEnvironment, env.toJson());
        publish(knobs.resultsDir(), stagedCharts, json, stagedReport);
        Files.copy(
                stagedEnvironment,
                knobs.resultsDir().resolve(RunEnvironment.FILE),
                StandardCopyOption.REPLACE_EXISTING);
    }

    /** Moves the staged files into place, the report last: until it moves, the old report stands. */
    static void publish(Path resultsDir, Path stagedCharts, Path json, Path stagedReport) throws IOException {
        Path charts = resultsDir.resolve(ExecutorsReport.CHARTS);
        Files.createDirectories(charts);
        try (var files = Files.list(stagedCharts)) {
            for (Path chart : files.toList()) {
                Files.move(chart, charts.resolve(chart.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        Files.copy(json, resultsDir.resolve(ExecutorsReport.RESULT_JSON), StandardCopyOption.REPLACE_EXISTING);
        Files.move(
                stagedReport,
                resultsDir.resolve("executors.md"),
                StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }

    private static String[] commandLineOf(Knobs k) {
        return new String[] {
            "--tasks=" + k.tasks(),
            "--taskMs=" + k.taskMs(),
            "--hashRounds=" + k.hashRounds(),
            "--forks=" + k.forks(),
            "--warmupIterations=" + k.warmupIterations(),
            "--iterations=" + k.iterations(),
            "--iterationTime=" + k.iterationSeconds()
        };
    }

    private static String shellQuoted(List<String> args) {
        return args.stream()
                .map(a -> a.matches("[A-Za-z0-9_./=:+-]+") ? a : "'" + a.replace("'", "'\\''") + "'")
                .collect(Collectors.joining(" "));
    }

    /** The run finished but cannot be reported. */
    static final class RunFailed extends Exception {
        RunFailed(String message) {
            super(message);
        }
    }
}
