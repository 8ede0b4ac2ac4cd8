package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every data file committed under {@code results/} is a published result: the runner of today must read it and write it
 * back byte for byte, or {@code make report} would rewrite history. {@code results/executors} is JMH's own output.
 */
class CommittedDataFilesTests {

    /** Surefire runs in loadtest/, so the project's results/ is one level up. */
    private static final Path RESULTS =
            Path.of(System.getProperty("user.dir")).getParent().resolve("results");

    static List<Path> committed() throws IOException {
        try (Stream<Path> files = Files.walk(RESULTS)) {
            List<Path> found = files.filter(
                            file -> file.getFileName().toString().endsWith(".json"))
                    .filter(file -> !RESULTS.relativize(file).startsWith("executors"))
                    .sorted()
                    .toList();
            // A walk that found nothing would pass every case it did not run.
            assertThat(found).as("data files under " + RESULTS).hasSizeGreaterThan(10);
            return found;
        }
    }

    @ParameterizedTest
    @MethodSource("committed")
    void readsAndWritesBackByteForByte(Path file) throws IOException {
        String committed = Files.readString(file);

        String written = DataFile.toJson(DataFile.read(file));

        assertThat(written).as(RESULTS.relativize(file).toString()).isEqualTo(committed);
    }
}
