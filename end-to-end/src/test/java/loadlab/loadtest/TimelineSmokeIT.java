package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import loadlab.loadtest.measure.PerSecond;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Recovery;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.plan.Plan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Timelines end to end through the real jars, at toy scale: a backend that slows down when the window starts (the
 * schedule is started per target, so both rows see it at the same offset), and a spike of users. The catalogue is a
 * test's own, in a project folder holding the real jars. The spike loads the shared slow-server; the slowdown needs
 * one the lab starts, whose schedule it drives.
 */
@ExtendWith(SharedTargets.class)
class TimelineSmokeIT {

    private static final String CATALOGUE = """
            toy-slowdown:
              about: slow-server four times slower for 3 s
              kind: timeline
              users: 20
              schedule:
                - {length: 4s, delayMin: 0, delayMax: 200}
                - {length: 3s, delayMin: 0, delayMax: 800, faults: {5xx: 20%}}
                - {length: 5s, delayMin: 0, delayMax: 200}
              results: .

            toy-spike:
              about: three times the users for 3 s
              kind: timeline
              users: 10
              spike: {factor: 3, before: 3s, during: 3s, after: 3s}
              results: .
            """;

    @TempDir
    Path project;

    @TempDir
    Path results;

    private LoadLab.Run run(String scenario, String apps, String... more) throws IOException {
        Files.writeString(project.resolve("scenarios.yaml"), CATALOGUE);
        for (String module : List.of("slow-server", "app-webflux")) {
            Path jar = LabFixtures.PROJECT.resolve(module + "/target/" + module + ".jar");
            Files.createDirectories(project.resolve(module + "/target"));
            Files.copy(jar, project.resolve(module + "/target/" + module + ".jar"));
        }
        List<String> args = new ArrayList<>(LabFixtures.smallScenario(
                results, "--scenario=" + scenario, "--apps=" + apps, "--delayMax=200", "--warmup=1s"));
        args.add("--project=" + project);
        args.addAll(List.of(more));
        // A timeline's window is its schedule or spike.
        args.removeIf(arg -> arg.startsWith("--duration="));
        String runId = LabFixtures.newRunId(scenario);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LoadLab.Run outcome = LabFixtures.run(runId, new PrintStream(log, true, StandardCharsets.UTF_8), args);
        System.out.println(log.toString(StandardCharsets.UTF_8));
        assertThat(outcome.results().succeeded())
                .as(log.toString(StandardCharsets.UTF_8))
                .isTrue();
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
        return outcome;
    }

    @Test
    void theBackendsScheduleStartsWithEachTargetsWindowAndTheReportReadsTheRecovery() throws Exception {
        LoadLab.Run outcome = run("toy-slowdown", "webflux");

        Plan plan = outcome.results().plan();
        for (Point row : outcome.results().representatives()) {
            String name = row.target().name();
            long windowStart = row.stats().orElseThrow().window().startMillis();
            Series series = row.series();
            int offset = (int) Math.round(series.secondOf(windowStart));
            // Delays are 0..200 ms before and after the slow phase, and up to 800 ms in it: only a schedule that
            // started with this row's window puts slower answers in seconds 4 to 7 of it and none in seconds 0 to 3.
            // Compared with each other rather than with fixed bounds, so that a slow host moves both alike; calm is
            // read after the slow phase, not before it, where a fresh app's cold start on a busy host can be slower
            // than the slowdown itself (a p99 of 1.1 s in seconds 0 to 3 was seen against 0..200 ms delays).
            long calm = p99s(series, offset, 9, 11).stream()
                    .mapToLong(Long::longValue)
                    .max()
                    .orElseThrow();
            long slowed = p99s(series, offset, 5, 7).stream()
                    .mapToLong(Long::longValue)
                    .max()
                    .orElseThrow();
            assertThat(slowed).as(name + " slowed down against calm " + calm).isGreaterThan(calm);
            assertThat(slowed).as(name + " slowed down").isGreaterThan(200);
            assertThat(errors(series, offset, 4, 7))
                    .as(name + " 5xx in the faulty phase")
                    .isPositive();
            assertThat(errors(series, offset, 0, 3))
                    .as(name + " no faults before it")
                    .isZero();
            assertThat(Recovery.of(series, windowStart, plan.timeline())).hasSize(1);
        }
        String report = Files.readString(outcome.written().report());
        assertThat(report)
                .contains("## backend 0..800 ms, 5xx=20%, 4 s to 7 s")
                .contains("Back after (s)")
                .contains("| app-webflux |");
        assertThat(results.resolve("timeline/charts/timeline-good.png")).isNotEmptyFile();
        assertThat(results.resolve("timeline/charts/timeline-errors.png")).isNotEmptyFile();
        assertThat(results.resolve("timeline/charts/recovery.png")).isNotEmptyFile();
    }

    @Test
    void aSpikeRaisesTheUsersForItsStretchOnly(SharedTargets.Running targets) throws Exception {
        LoadLab.Run outcome = run("toy-spike", "none", targets.knob());

        Point direct = LabFixtures.row(outcome, "direct");
        Series series = direct.series();
        int offset = (int)
                Math.round(series.secondOf(direct.stats().orElseThrow().window().startMillis()));
        // 10 users keep at most 10 requests in flight; 30 only during the spike.
        // Second 2 ends where the spike's ramp starts: a timer a few ms early would count its first users there.
        assertThat(inFlight(series, offset, 0, 1)).allMatch(n -> n <= 10);
        assertThat(inFlight(series, offset, 4, 5)).anyMatch(n -> n > 10);
        assertThat(inFlight(series, offset, 4, 5)).allMatch(n -> n <= 30);
        assertThat(inFlight(series, offset, 7, 8)).allMatch(n -> n <= 10);
    }

    private static List<Long> p99s(Series series, int offset, int from, int to) {
        return seconds(series, offset, from, to).stream()
                .map(PerSecond::p99Ms)
                .filter(OptionalLong::isPresent)
                .map(OptionalLong::getAsLong)
                .toList();
    }

    private static int errors(Series series, int offset, int from, int to) {
        return seconds(series, offset, from, to).stream()
                .mapToInt(PerSecond::errors)
                .sum();
    }

    private static List<Integer> inFlight(Series series, int offset, int from, int to) {
        return seconds(series, offset, from, to).stream()
                .map(PerSecond::inFlight)
                .toList();
    }

    /** Seconds {@code from} to {@code to} of the window, both included. */
    private static List<PerSecond> seconds(Series series, int offset, int from, int to) {
        return series.seconds().subList(offset + from, Math.min(series.seconds().size(), offset + to + 1));
    }
}
