package loadlab.loadtest.report;

import static loadlab.loadtest.report.DisturbanceRuns.CALM;
import static loadlab.loadtest.report.DisturbanceRuns.POOL;
import static loadlab.loadtest.report.DisturbanceRuns.VIRTUAL;
import static loadlab.loadtest.report.DisturbanceRuns.WEBFLUX;
import static loadlab.loadtest.report.DisturbanceRuns.timeline;
import static loadlab.loadtest.report.DisturbanceRuns.timesOut;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The answer page's row for a new instance under load: decided by the requests each model lost while it started. */
class ColdStartAnswerTests {

    /** webflux loses 30 requests a second for its first 20 s; the Tomcat apps lose none. */
    private static ResultSet busyColdStart() {
        Map<Target, DisturbanceRuns.Shape> shapes = new LinkedHashMap<>();
        shapes.put(POOL, CALM);
        shapes.put(WEBFLUX, timesOut(0, 20, 30, 10));
        shapes.put(VIRTUAL, timesOut(5, 6, 3, 10));
        return timeline("cold-start-busy", new LoadShape.Closed(10), shapes);
    }

    /** Every model calm from its first second. */
    private static ResultSet calmColdStart() {
        Map<Target, DisturbanceRuns.Shape> shapes = new LinkedHashMap<>();
        shapes.put(POOL, CALM);
        shapes.put(WEBFLUX, CALM);
        shapes.put(VIRTUAL, CALM);
        return timeline("cold-start", new LoadShape.Closed(10), shapes);
    }

    private static AnswerReport.Entry entry(ResultSet results) {
        String name = results.plan().name();
        return new AnswerReport.Entry(name, name + "/timeline.md", results);
    }

    @Test
    void theModelsThatLostFewestRequestsWhileStartingAreChosen() {
        Map<String, ResultSet> byName = new LinkedHashMap<>();
        byName.put("cold-start", calmColdStart());
        byName.put("cold-start-busy", busyColdStart());

        Decision d = Decision.of(Situation.COLD_START, byName);

        // The calm cold start keeps all three; under the busy one, 600 lost is beyond 0's and 3's intervals.
        assertThat(d.chosen()).containsExactlyInAnyOrder("app-threadpool", "app-virtual");
    }

    @Test
    void theAnswerPageCountsEachModelsLostRequestsFromTheLoadsStart() {
        String page = AnswerReport.page(List.of(entry(calmColdStart()), entry(busyColdStart())));

        assertThat(page)
                .contains("**A new instance under load: a deploy, autoscaling**:"
                        + " [cold-start](cold-start/timeline.md), [cold-start-busy](cold-start-busy/timeline.md)")
                .contains("deciding: requests lost to timeouts while starting")
                .contains("app-webflux: cold-start 0; cold-start-busy 600 (")
                .contains("decides on the requests lost to timeouts from the load's start");
    }
}
