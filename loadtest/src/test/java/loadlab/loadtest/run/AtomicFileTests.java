package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFileTests {

    @TempDir
    Path dir;

    @Test
    void createsTheDirectoryAndReplacesAnOldSummaryLeavingNothingElse() throws IOException {
        Path summary = dir.resolve("results").resolve("summary.md");

        AtomicFile.write(summary, "# old\n");
        AtomicFile.write(summary, "# new\n");

        assertThat(summary).hasContent("# new");
        try (var files = Files.list(summary.getParent())) {
            assertThat(files).containsExactly(summary);
        }
    }
}
