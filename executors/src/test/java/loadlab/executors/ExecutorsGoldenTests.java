package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The committed results/executors.md is what the renderer writes from the committed JMH result and environment. */
class ExecutorsGoldenTests {

    private static final Path RESULTS = Path.of("..", "results");

    @Test
    void theCommittedReportIsRenderedFromItsData() throws IOException {
        assertThat(RebuildReport.render(RESULTS)).isEqualTo(Files.readString(RESULTS.resolve("executors.md")));
    }

    @Test
    void theEnvironmentRoundTrips() throws IOException {
        RunEnvironment env = RunEnvironment.read(RESULTS.resolve(RunEnvironment.FILE));
        Path copy = Files.createTempFile("environment", ".json");
        try {
            Files.writeString(copy, env.toJson());
            assertThat(RunEnvironment.read(copy)).isEqualTo(env);
        } finally {
            Files.delete(copy);
        }
    }
}
