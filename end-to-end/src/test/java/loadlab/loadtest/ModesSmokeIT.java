package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Repeats, the sweep, the open workload and every default scenario in turn, end to end at a tiny scale: each writes its
 * own report and folders. Repeats start their own processes (a fresh one per run is what they assert); the others load
 * the shared targets.
 */
@ExtendWith(SharedTargets.class)
class ModesSmokeIT {

    @TempDir
    Path results;

    @Test
    void repeatsGoRoundTheTargetsInFreshProcessesAndShowMedianAndRange() throws Exception {
        LoadLab.Run outcome = run("repeats", "--apps=webflux", "--runs=2", "--duration=3s");

        assertThat(outcome.results().succeeded()).isTrue();
        assertThat(outcome.results().representatives())
                .extracting(row -> row.target().name())
                .containsExactly("direct", "app-webflux");
        assertThat(outcome.results().points()).hasSize(4);
        // Round the targets once per run: every target's first run before any target's second.
        assertThat(outcome.results().points())
                .extracting(p -> p.target().name(), Point::run)
                .containsExactly(
                        tuple("direct", 1), tuple("app-webflux", 1), tuple("direct", 2), tuple("app-webflux", 2));
        String summary = Files.readString(results.resolve("summary.md"));
        assertThat(summary)
                .contains("Each cell is the median of the target's 2 runs")
                .contains("## Results");
        for (String run : List.of("run-1", "run-2")) {
            Path runDir = results.resolve("raw/app-webflux").resolve(run);
            assertThat(runDir.resolve("samples.csv")).exists();
            // A process of its own per run: its own log and its own recording, written as it stopped.
            assertThat(runDir.resolve("app.log")).isNotEmptyFile();
            assertThat(runDir.resolve("app.jfr")).isNotEmptyFile();
        }
    }

    @Test
    void aSweepWritesItsOwnReportBesideTheSummary(SharedTargets.Running targets) throws Exception {
        Files.writeString(results.resolve("summary.md"), "# the comparison, untouched by a sweep\n");

        LoadLab.Run outcome = run(
                "sweep",
                "--scenario=sweep",
                "--apps=threadpool",
                targets.knob("threadpool"),
                "--usersList=8,4",
                "--duration=3s",
                "--warmup=1s");

        assertThat(outcome.results().succeeded()).isTrue();
        assertThat(outcome.results().points()).hasSize(4);
        String sweep = Files.readString(results.resolve("sweep.md"));
        assertThat(sweep).contains("app-threadpool").contains("](sweep/charts/sweep-throughput.png)");
        assertThat(results.resolve("sweep/charts/sweep-throughput.png")).isNotEmptyFile();
        assertThat(results.resolve("sweep/raw/app-threadpool/users-4/samples.csv"))
                .exists();
        assertThat(Files.readString(results.resolve("summary.md")))
                .isEqualTo("# the comparison, untouched by a sweep\n");
    }

    @Test
    void anOpenWorkloadRunsAtEachRate(SharedTargets.Running targets) throws Exception {
        LoadLab.Run outcome = run(
                "open",
                "--scenario=open",
                "--apps=virtual",
                targets.knob("virtual"),
                "--rates=16,8",
                "--maxThreads=500");

        assertThat(outcome.results().succeeded()).isTrue();
        assertThat(outcome.results().points()).hasSize(4).noneMatch(Point::failed);
        Point atSixteen = outcome.results().at(Target.DIRECT, 16).orElseThrow();
        // Arrivals are scheduled, not regulated by the answers: the load recorded is the rate asked for.
        assertThat(atSixteen.load()).isEqualTo(new LoadShape.Open(16, 500));
        assertThat(atSixteen.stats().orElseThrow().requests()).isPositive();
        assertThat(Files.readString(results.resolve("open-workload.md"))).contains("app-virtual");
        assertThat(results.resolve("open-workload/raw/app-virtual/rate-16/samples.csv"))
                .exists();
    }

    @Test
    void makeScenariosRunsEveryDefaultScenarioOfTheCatalogueInTurn(SharedTargets.Running targets) throws Exception {
        // A project of its own: this catalogue, and the shared slow-server for every scenario.
        Path project = Files.createDirectory(results.resolve("project"));
        Files.writeString(project.resolve("scenarios.yaml"), """
                first:
                  about: the first default
                  kind: comparison
                  default: true

                skipped:
                  about: not a default
                  kind: comparison

                second:
                  about: the second default
                  kind: comparison
                  default: true
                """);
        Path out = results.resolve("out");
        List<String> args =
                new ArrayList<>(LabFixtures.smallScenario(out, "--apps=none", targets.knob(), "--duration=2s"));
        args.addAll(List.of("--project=" + project, "scenarios"));
        String runId = LabFixtures.newRunId("scenarios");
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        boolean succeeded = LoadLab.execute(
                Knobs.parse(args.toArray(String[]::new)), new PrintStream(log, true, StandardCharsets.UTF_8), runId);

        String output = log.toString(StandardCharsets.UTF_8);
        assertThat(succeeded).as(output).isTrue();
        assertThat(output.lines().filter(line -> line.startsWith("loadtest: scenario ")))
                .containsExactly(
                        "loadtest: scenario first (the first default)",
                        "loadtest: scenario second (the second default)");
        assertThat(out.resolve("first/summary.md")).isNotEmptyFile();
        assertThat(out.resolve("second/summary.md")).isNotEmptyFile();
        assertThat(out.resolve("skipped")).doesNotExist();
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    private LoadLab.Run run(String name, String... overrides) throws Exception {
        String runId = LabFixtures.newRunId(name);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LoadLab.Run outcome = LabFixtures.run(
                runId,
                new PrintStream(log, true, StandardCharsets.UTF_8),
                LabFixtures.smallScenario(results, overrides));
        System.out.println(log.toString(StandardCharsets.UTF_8));
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
        return outcome;
    }
}
