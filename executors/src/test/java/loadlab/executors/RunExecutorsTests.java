package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** From JMH's JSON to results/: only a complete result replaces the last good report. */
class RunExecutorsTests {

    @TempDir
    Path project;

    @Test
    void aCompleteResultIsPublishedWithItsChartsAndJson() throws Exception {
        Knobs knobs = Knobs.parse("--project=" + project);
        Path runDir = Files.createDirectories(project.resolve("results/runs/executors-test"));
        Path json = copySample(runDir.resolve("jmh-result.json"));

        RunExecutors.finish(knobs, runDir, json, ZonedDateTime.now(), Duration.ofSeconds(5));

        Path results = project.resolve("results");
        assertThat(Files.readString(results.resolve("executors.md")))
                .startsWith("# Executors, one level down (JMH)")
                .contains("| virtual thread per task (app-virtual) | 0.215 ± 0.004 |");
        assertThat(results.resolve("executors/jmh-result.json")).hasSameTextualContentAs(json);
        for (String chart : new String[] {ExecutorsCharts.BLOCKING, ExecutorsCharts.HASHING}) {
            byte[] png = Files.readAllBytes(results.resolve("executors/charts").resolve(chart));
            assertThat(png).startsWith(0x89, 'P', 'N', 'G');
        }
    }

    @Test
    void aResultMissingABenchmarkLeavesTheLastGoodReportAlone() throws Exception {
        Path results = Files.createDirectories(project.resolve("results"));
        Files.writeString(results.resolve("executors.md"), "the last good report\n");
        Knobs knobs = Knobs.parse("--project=" + project);
        Path runDir = Files.createDirectories(results.resolve("runs/executors-test"));
        String sample = Files.readString(copySample(runDir.resolve("full.json")));
        // Drop the monoDelay entry, as if its benchmark had failed.
        String partial =
                sample.replace("loadlab.executors.BlockingBatch.monoDelay", "loadlab.executors.HashingBatch.serial");
        Path json = Files.writeString(runDir.resolve("jmh-result.json"), partial);

        assertThatThrownBy(() -> RunExecutors.finish(knobs, runDir, json, ZonedDateTime.now(), Duration.ZERO))
                .isInstanceOf(RunExecutors.RunFailed.class)
                .hasMessageContaining("BlockingBatch.monoDelay");
        assertThat(results.resolve("executors.md")).hasContent("the last good report");
        assertThat(results.resolve("executors")).doesNotExist();
    }

    private static Path copySample(Path to) throws Exception {
        try (InputStream in = RunExecutorsTests.class.getResourceAsStream("/jmh-result-sample.json")) {
            Files.copy(in, to);
        }
        return to;
    }
}
