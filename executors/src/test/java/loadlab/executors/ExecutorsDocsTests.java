package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import loadlab.reporting.GeneratedBlocks;
import org.junit.jupiter.api.Test;

/** The docs' executors block is what {@code make report} renders from the committed JMH result. */
class ExecutorsDocsTests {

    /** Surefire runs in executors/. */
    private static final Path PROJECT = Path.of("..");

    @Test
    void theDocsBlockIsRenderedFromTheCommittedResult() throws IOException {
        List<Path> documents = GeneratedBlocks.documents(PROJECT);
        boolean found = false;
        for (Path document : documents) {
            String text = Files.readString(document);
            found |= GeneratedBlocks.names(text).contains(RebuildReport.BLOCK);
            assertThat(RebuildReport.filled(text, PROJECT.resolve(RebuildReport.DOCS_RESULTS)))
                    .as(document + ": run make report and commit what it writes")
                    .isEqualTo(text);
        }
        assertThat(found).as("some document holds the executors block").isTrue();
    }
}
