package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A sweep whose targets carry clients: its report's model x client matrix of heap and threads. */
class SweepClientsTests {

    @Test
    void aSweepOfAppsOnClientsHasAModelByClientMatrixOfHeapAndThreads() {
        String markdown = Reports.render(ClientsConnectionsRun.results(), List.of());

        assertThat(markdown).contains("## Each model with each client at 1000 users");
        String heap = "| Model | jdk | reactor |\n|---|--:|--:|\n"
                + "| app-webflux | 35.0 | 20.0 |\n"
                + "| app-virtual | 140.0 | 120.0 |\n"
                + "| app-coroutines | — | failed |\n";
        String threads = "| Model | jdk | reactor |\n|---|--:|--:|\n"
                + "| app-webflux | 40 | 30 |\n"
                + "| app-virtual | 50 | 35 |\n"
                + "| app-coroutines | — | failed |\n";
        assertThat(markdown).contains(heap).contains(threads);
        assertThat(markdown.indexOf(heap)).isLessThan(markdown.indexOf(threads));
        // The direct row has no client: no row of its own.
        assertThat(markdown).doesNotContain("| direct | — |");
    }

    @Test
    void aSweepOfTheModelsOnTheirOwnClientsHasNoMatrix() {
        String markdown = Reports.render(SweepFixtures.sweepResults(SweepFixtures.sweep()), List.of());

        assertThat(markdown).contains("## Where each model saturates").doesNotContain("each client");
    }
}
