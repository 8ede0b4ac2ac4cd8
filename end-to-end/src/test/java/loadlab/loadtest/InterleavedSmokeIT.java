package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.report.Reports;
import loadlab.loadtest.run.Probes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An interleaved comparison end to end, as small as it goes: two apps and direct, all up at once, two rounds of 6 s
 * slices (2 s of settle: the longest delay, 200 ms, rounded up, plus 1 s). Slices of 4 s once counted nothing: on a
 * starved host the settle, timed from a slice's first request, took the whole slice. Every target gets its slices,
 * each slice counts requests and the apps' CPU, the slices reach the data file and the report's "Side by side", and
 * nothing is left running. Two rounds are too few for a ratio: the report says so rather than naming a lead.
 */
class InterleavedSmokeIT {

    @Test
    void everyTargetTakesItsSlicesAndTheirFiguresReachTheDataFileAndTheReport(@TempDir Path results) throws Exception {
        String runId = LabFixtures.newRunId("interleaved");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Knobs knobs = Knobs.parse(LabFixtures.smallScenario(
                        results, "--apps=virtual,webflux", "--interleave=on", "--rounds=2", "--slice=6s")
                .toArray(String[]::new));

        LoadLab.Run outcome = LoadLab.run(
                knobs.plan(), knobs.setup(), new PrintStream(log, true, StandardCharsets.UTF_8), runId, Probes.ALL);

        String output = log.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        for (String target : List.of("direct", "app-virtual", "app-webflux")) {
            assertThat(LabFixtures.row(outcome, target).outcome())
                    .as(target + "\n" + output)
                    .isInstanceOf(Outcome.Measured.class);
        }
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
        ResultSet read = DataFile.read(outcome.written().data());
        SideBySide side = read.sideBySide().orElseThrow();
        assertThat(side.targets()).containsExactlyInAnyOrder("direct", "app-virtual", "app-webflux");
        for (String target : side.targets()) {
            List<SliceFigures> slices = side.of(target);
            assertThat(slices).as(target).extracting(SliceFigures::round).containsExactly(0, 1);
            assertThat(slices).as(target).allSatisfy(slice -> {
                assertThat(slice.requests()).isPositive();
                assertThat(slice.settleEndMillis() - slice.startMillis()).isGreaterThanOrEqualTo(2_000);
                assertThat(slice.cpuSecondsPer1000Requests()).isPresent();
            });
        }
        assertThat(side.of("app-virtual"))
                .allSatisfy(slice ->
                        assertThat(slice.backendCpuSecondsPer1000Requests()).isPresent());
        // Each slice's users keep their connections from one request to the next: counted after the settle, the
        // connections opened are far fewer than the requests, and the slice's users were connected at once.
        for (String target : side.targets()) {
            Point point = LabFixtures.row(outcome, target);
            ConnectionFigures connections =
                    point.cost().probes().get(ConnectionFigures.KEY).orElseThrow();
            assertThat(connections.opened())
                    .as(target)
                    .isLessThan((int) point.stats().orElseThrow().requests() / 10);
            assertThat(connections.peakOpen()).as(target).isPositive();
        }
        assertThat(Files.readString(outcome.written().data())).contains("\"sideBySide\"");
        assertThat(Reports.render(read, List.of()))
                .contains("over the window of each slice after its settle, added up over the slices")
                .contains("## Side by side")
                .contains("| app-virtual / app-webflux | — | — | fewer than 8 rounds |");
    }
}
