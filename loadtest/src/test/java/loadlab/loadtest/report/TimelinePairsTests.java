package loadlab.loadtest.report;

import static loadlab.loadtest.report.DisturbanceRuns.CALM;
import static loadlab.loadtest.report.DisturbanceRuns.CLOSED;
import static loadlab.loadtest.report.DisturbanceRuns.OPEN;
import static loadlab.loadtest.report.DisturbanceRuns.POOL;
import static loadlab.loadtest.report.DisturbanceRuns.VIRTUAL;
import static loadlab.loadtest.report.DisturbanceRuns.WEBFLUX;
import static loadlab.loadtest.report.DisturbanceRuns.drains;
import static loadlab.loadtest.report.DisturbanceRuns.timeline;
import static loadlab.loadtest.report.DisturbanceRuns.timesOut;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/**
 * results/timelines.md: an open timeline beside the closed loop its name extends, per disturbance and per model; none
 * without an open timeline; a closed loop not measured said so.
 */
class TimelinePairsTests {

    private static AnswerReport.Entry entry(ResultSet results) {
        String name = results.plan().name();
        return new AnswerReport.Entry(name, name + "/timeline.md", results);
    }

    private static Map<Target, DisturbanceRuns.Shape> shapes(Object... targetAndShape) {
        Map<Target, DisturbanceRuns.Shape> shapes = new LinkedHashMap<>();
        for (int i = 0; i < targetAndShape.length; i += 2) {
            shapes.put((Target) targetAndShape[i], (DisturbanceRuns.Shape) targetAndShape[i + 1]);
        }
        return shapes;
    }

    private static ResultSet closedSpike() {
        return timeline("spike", CLOSED, shapes(WEBFLUX, CALM, VIRTUAL, CALM, POOL, timesOut(22, 27, 2, 30)));
    }

    private static ResultSet openSpike() {
        return timeline(
                "spike-open", OPEN, shapes(WEBFLUX, drains(2), VIRTUAL, drains(25), POOL, timesOut(25, 70, 10, 200)));
    }

    @Test
    void eachModelsRecoveryAndLossesClosedAndOpenSideBySideWithWhenItsBacklogDrained() {
        String page = TimelinePairs.page(List.of(entry(closedSpike()), entry(openSpike())))
                .orElseThrow();

        assertThat(page)
                .contains("## spike-open beside spike")
                .contains("- Open arrivals: [spike-open](spike-open/timeline.md)")
                .contains("- Closed loop: [spike](spike/timeline.md)")
                .contains("### 30 req/s (closed loop: 30 users), 20 s to 30 s")
                // back after closed | open, timeouts closed | open, other errors, peak in flight, drained after
                .contains("| app-webflux | 0 | 0 | 0 | 0 | 0 | 0 | 10 | 30 | 2 |")
                .contains("| app-virtual | 0 | 0 | 0 | 0 | 0 | 0 | 10 | 30 | 25 |")
                // The pool was back 0 s after the closed spike, and never under arrivals that kept coming.
                .contains("| app-threadpool | 0 | never | 10 | 450 | 0 | 0 | 30 | 200 | never |");
    }

    @Test
    void aClosedLoopNotMeasuredIsSaidSoAndItsColumnsAreEmpty() {
        String page = TimelinePairs.page(List.of(entry(openSpike()))).orElseThrow();

        assertThat(page)
                .contains("- Closed loop: spike not measured")
                .contains("### 30 req/s, 20 s to 30 s")
                .contains("| app-webflux | — | 0 | — | 0 | — | 0 | — | 30 | 2 |");
    }

    @Test
    void aFailedTargetSaysSoOnItsSide() {
        Map<Target, DisturbanceRuns.Shape> open = shapes(WEBFLUX, drains(2), POOL, DisturbanceRuns.FAILED);
        String page = TimelinePairs.page(List.of(entry(closedSpike()), entry(timeline("spike-open", OPEN, open))))
                .orElseThrow();

        assertThat(page).contains("| app-threadpool | 0 | failed | 10 | failed | 0 | failed | 30 | failed | — |");
    }

    @Test
    void withoutAnOpenTimelineThereIsNoPage() {
        assertThat(TimelinePairs.page(List.of(entry(closedSpike())))).isEmpty();
        // An open timeline not named as a closed loop's open version pairs with nothing.
        ResultSet unnamed = timeline("arrivals", OPEN, shapes(WEBFLUX, drains(2)));
        assertThat(TimelinePairs.page(List.of(entry(closedSpike()), entry(unnamed))))
                .isEmpty();
        assertThat(TimelinePairs.openOf("slowdown")).isEqualTo("slowdown-open");
    }
}
