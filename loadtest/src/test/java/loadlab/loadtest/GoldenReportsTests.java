package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.report.ExperimentsReport;
import loadlab.loadtest.report.TimelinePairs;
import loadlab.loadtest.run.ResultsFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Golden files: every committed data file under results/ is rendered again, as {@code make report} does, and each report
 * (and the indexes: the answer page, the experiments' and the closed-vs-open timelines') must equal the committed one byte for byte. A change to a report's wording or figures shows up here,
 * and is committed with the reports {@code make report} writes.
 */
class GoldenReportsTests {

    private static final Path RESULTS = Path.of("..", "results");

    @Test
    void everyCommittedReportIsWhatTheRendererWritesFromItsData(@TempDir Path copy) throws IOException {
        List<Path> dataFiles = ResultsFolder.dataFilesUnder(RESULTS);
        assertThat(dataFiles).isNotEmpty();
        for (Path file : dataFiles) {
            Path target = copy.resolve(RESULTS.relativize(file));
            Files.createDirectories(target.getParent());
            Files.copy(file, target);
        }
        ByteArrayOutputStream log = new ByteArrayOutputStream();

        boolean all = Rebuild.all(copy, new PrintStream(log, true, StandardCharsets.UTF_8));

        assertThat(all).as(log.toString(StandardCharsets.UTF_8)).isTrue();
        for (Path file : dataFiles) {
            Path report = new ResultsFolder(
                            file.getParent(), DataFile.read(file).plan().kind())
                    .report();
            Path rendered = copy.resolve(RESULTS.relativize(report));
            assertThat(rendered).as(report.toString()).hasSameTextualContentAs(report, StandardCharsets.UTF_8);
            assertThat(Files.readString(rendered)).as(report.toString()).isEqualTo(Files.readString(report));
        }
        for (Path index : List.of(Path.of(Index.FILE), Path.of(ExperimentsReport.FOLDER, Index.FILE))) {
            assertThat(Files.readString(copy.resolve(index)))
                    .as(index.toString())
                    .isEqualTo(Files.readString(RESULTS.resolve(index)));
        }
        // The closed-vs-open page exists once an open timeline is committed, and then reads as committed.
        Path pairs = Path.of(TimelinePairs.FILE);
        assertThat(Files.exists(copy.resolve(pairs)))
                .as(pairs.toString())
                .isEqualTo(Files.exists(RESULTS.resolve(pairs)));
        if (Files.exists(RESULTS.resolve(pairs))) {
            assertThat(Files.readString(copy.resolve(pairs)))
                    .as(pairs.toString())
                    .isEqualTo(Files.readString(RESULTS.resolve(pairs)));
        }
    }
}
