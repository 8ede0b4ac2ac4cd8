package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.report.AnswerReport;
import loadlab.loadtest.report.DocBlocks;
import loadlab.reporting.GeneratedBlocks;
import org.junit.jupiter.api.Test;

/**
 * The README's and docs' generated blocks are what {@code make report} writes from the committed results: a figure in
 * the documentation that differs from its data fails here, and {@code make report} is the fix. And the README stays
 * a page a newcomer reads: the answer near its top, within its length.
 */
class DocBlocksTests {

    /** Surefire runs in loadtest/. */
    private static final Path PROJECT = Path.of("..");

    /** The block the executors' runner owns (its own tests hold it to its data). */
    private static final String EXECUTORS_BLOCK = "executors";

    @Test
    void everyGeneratedBlockIsWhatMakeReportWritesFromTheCommittedResults() throws IOException {
        List<AnswerReport.Entry> entries = Index.entries(PROJECT.resolve(Docs.RESULTS));
        assertThat(entries).isNotEmpty();
        List<Path> documents = GeneratedBlocks.documents(PROJECT);
        assertThat(documents).hasSizeGreaterThan(1);

        for (Path document : documents) {
            assertThat(Docs.filled(PROJECT, document, entries))
                    .as(document + ": run make report and commit what it writes")
                    .isEqualTo(Files.readString(document));
        }
    }

    @Test
    void everyBlockNameIsOneThatIsRendered() throws IOException {
        List<String> known = new ArrayList<>(DocBlocks.NAMES);
        known.add(EXECUTORS_BLOCK);
        List<String> used = new ArrayList<>();
        for (Path document : GeneratedBlocks.documents(PROJECT)) {
            List<String> names = GeneratedBlocks.names(Files.readString(document));
            assertThat(known).as(document.toString()).containsAll(names);
            used.addAll(names);
        }
        assertThat(used).as("the README and docs use every block").containsAll(known);
    }

    @Test
    void theReadmeAnswersFirstAndStaysShort() throws IOException {
        List<String> lines = Files.readAllLines(PROJECT.resolve("README.md"));

        assertThat(lines).hasSizeLessThanOrEqualTo(250);
        assertThat(lines.subList(0, 60)).contains(GeneratedBlocks.open("answer"));
        int table = lines.indexOf(GeneratedBlocks.open("answer"));
        assertThat(lines.subList(table, Math.min(lines.size(), table + 4)))
                .anyMatch(line -> line.startsWith("| Situation |"));
    }
}
