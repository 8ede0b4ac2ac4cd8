package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntToDoubleFunction;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The scenario's Clients line says how the clients connected as counted, and keeps the old line without counts. */
class ClientsLineTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(1, 2, 5, 10);
    private static final LoadShape LOAD = new LoadShape.Closed(50);
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    private static final String DESIGNED = "each JMeter thread keeping its connection open (keep-alive)";

    private static Point point(Target target, int requests, Optional<ConnectionFigures> connections) {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        List<Sample> samples = java.util.stream.IntStream.range(0, requests)
                .mapToObj(
                        i -> new Sample(window.startMillis() + 10, window.startMillis() + 210, true, "200", "OK", 180))
                .toList();
        RunStats stats = RunStats.compute(samples, window, 100);
        return TestPoints.measured(
                target, LOAD, 1, stats, ResourceCost.NONE.withProbe(ConnectionFigures.KEY, connections));
    }

    private static String summary(List<Point> points) {
        Plan plan = TestPoints.comparison(50, PHASES, TestPoints.backend(0, 200), 1, List.of(VIRTUAL, WEBFLUX));
        return Reports.render(new ResultSet(plan, TestPoints.ENVIRONMENT, points), List.of());
    }

    @Test
    void theClientsLineGivesEachTargetsConnectionsAsCounted() {
        String markdown = summary(List.of(
                point(Target.DIRECT, 200, Optional.empty()),
                point(VIRTUAL, 200, Optional.of(new ConnectionFigures(1, 50))),
                point(WEBFLUX, 200, Optional.of(new ConnectionFigures(200, 7)))));

        assertThat(markdown)
                .contains("- Clients: JMeter's HTTP sampler, HTTP/1.1; the connections they opened")
                .contains("  - app-virtual: 5.0 opened per 1,000 requests, at most 50 open at once\n")
                .contains("  - app-webflux: 1000.0 opened per 1,000 requests, at most 7 open at once\n")
                .doesNotContain("  - direct:")
                .doesNotContain(DESIGNED);
    }

    @Test
    void anInterleavedRunSaysItCountedAfterEachSlicesSettle() {
        List<Point> points = List.of(
                point(Target.DIRECT, 200, Optional.empty()),
                point(VIRTUAL, 200, Optional.of(new ConnectionFigures(2, 50))),
                point(WEBFLUX, 200, Optional.of(new ConnectionFigures(0, 50))));
        Plan plan = TestPoints.comparison(50, PHASES, TestPoints.backend(0, 200), 1, List.of(VIRTUAL, WEBFLUX));
        Map<Target, IntToDoubleFunction> costs = new LinkedHashMap<>();
        costs.put(VIRTUAL, round -> 0.5);
        costs.put(WEBFLUX, round -> 0.5);

        String markdown = Reports.render(
                new ResultSet(plan, TestPoints.ENVIRONMENT, points, Optional.of(SyntheticRuns.drifting(costs))),
                List.of());

        assertThat(markdown)
                .contains("over the window of each slice after its settle, added up over the slices (each slice starts"
                        + " its users afresh")
                .contains("  - app-virtual: 10.0 opened per 1,000 requests, at most 50 open at once\n")
                .contains("  - app-webflux: 0.0 opened per 1,000 requests, at most 50 open at once\n");
        assertThat(summary(points)).doesNotContain("each slice");
    }

    @Test
    void dataWithoutCountedConnectionsKeepsTheLineItWasWrittenWith() {
        String markdown = summary(List.of(
                point(Target.DIRECT, 10, Optional.empty()),
                point(VIRTUAL, 10, Optional.empty()),
                point(WEBFLUX, 10, Optional.empty())));

        assertThat(markdown).contains(DESIGNED).doesNotContain("opened per 1,000 requests");
    }
}
