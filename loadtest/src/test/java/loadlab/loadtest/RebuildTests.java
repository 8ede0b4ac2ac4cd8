package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.report.SweepFixtures;
import loadlab.loadtest.run.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code make report}: every report comes back from its data file alone, byte for byte, charts included. */
class RebuildTests {

    @TempDir
    Path results;

    @Test
    void everyReportIsRebuiltByteForByteFromItsDataFile() throws Exception {
        List<ResultSet> sets = List.of(
                SweepFixtures.sweepResults(SweepFixtures.sweep()), SweepFixtures.openResults(SweepFixtures.open()));
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        for (ResultSet set : sets) {
            Output.write(set, new ResultsFolder(results, set.plan().kind()), quiet);
        }
        String sweep = Files.readString(results.resolve("sweep.md"));
        String open = Files.readString(results.resolve("open-workload.md"));
        Files.delete(results.resolve("sweep.md"));
        Files.delete(results.resolve("sweep/charts/sweep-p99.png"));

        ByteArrayOutputStream log = new ByteArrayOutputStream();
        boolean rebuilt = Rebuild.all(results, new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(rebuilt).as(log.toString(StandardCharsets.UTF_8)).isTrue();
        assertThat(Files.readString(results.resolve("sweep.md"))).isEqualTo(sweep);
        assertThat(Files.readString(results.resolve("open-workload.md"))).isEqualTo(open);
        assertThat(results.resolve("sweep/charts/sweep-p99.png")).isNotEmptyFile();
        assertThat(sweep).contains("![p99 response time against closed-loop users](sweep/charts/sweep-p99.png)");
    }

    @Test
    void nothingToRebuildIsAFailureThatSaysSo() {
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        assertThat(Rebuild.all(results, new PrintStream(log, true, StandardCharsets.UTF_8)))
                .isFalse();
        assertThat(log.toString(StandardCharsets.UTF_8)).contains("no data files");
    }

    @Test
    void aDiffOfAResultSetWithItselfMarksNoChange() throws Exception {
        Path a = results.resolve("a");
        Path b = results.resolve("b");
        ResultSet sweep = SweepFixtures.sweepResults(SweepFixtures.sweep());
        PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        Output.write(sweep, new ResultsFolder(a, sweep.plan().kind()), quiet);
        Output.write(sweep, new ResultsFolder(b, sweep.plan().kind()), quiet);

        assertThat(Diff.write(a, b, quiet)).isTrue();

        String diff = Files.readString(b.resolve("diff.md"));
        assertThat(diff)
                .contains("## sweep.json", "| app-threadpool | users-2000 |")
                .doesNotContain("(**");
    }
}
