package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/**
 * An open run's latency from the intended send time stands beside its service time, with the generator's lag; a run
 * whose generator fell behind is flagged with a sentence, and closed loops have no such section.
 */
class OpenLoopTableTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(1, 2, 5, 10);
    private static final LoadShape OPEN = new LoadShape.Open(100, 500);
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();

    /** 100 arrivals of 200 ms service time each, the last {@code late} of them sent {@code lagMs} after they were due. */
    private static Point open(Target target, int late, long lagMs) {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            long due = window.startMillis() + 10 + i * 10;
            long sent = i >= 100 - late ? due + lagMs : due;
            samples.add(new Sample(sent, sent + 200, true, "200", "OK", 180, due));
        }
        RunStats stats = RunStats.compute(samples, window, 100);
        return TestPoints.measured(target, OPEN, 1, stats, ResourceCost.NONE);
    }

    private static String section(List<Point> points) {
        return Common.TEMPLATES.render("open-loop", Map.of("openLoop", OpenLoopTable.of(points)));
    }

    @Test
    void showsTheLatencyFromTheIntendedTimeBesideTheServiceTimeAndFlagsAGeneratorThatFellBehind() {
        // webflux's generator sent its last 5 arrivals 3 s late: a lag p99 far over max(5% of p99, 10 ms).
        String markdown = section(List.of(open(VIRTUAL, 0, 0), open(WEBFLUX, 5, 3000)));

        assertThat(markdown)
                .contains("## From the intended send time")
                .contains("| app-virtual | 100 | 1 | 200 | 200 | 200 | 200 | 0 | 0 | 0 | 10 |")
                .contains("| app-webflux | 100 | 1 | 200 | 200 | 200 | 3200 | 0 | ⚠ 3000 | 3000 | 160 |")
                .contains("⚠ app-webflux at 100, run 1: the generator's lag p99 (3000 ms) is over its limit (160 ms)")
                .doesNotContain("⚠ app-virtual");
    }

    @Test
    void closedLoopsHaveNoSuchSection() {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        RunStats closed = RunStats.compute(
                List.of(new Sample(window.startMillis() + 10, window.startMillis() + 210, true, "200", "OK", 180)),
                window,
                100);
        Point point = TestPoints.measured(VIRTUAL, new LoadShape.Closed(50), 1, closed, ResourceCost.NONE);

        assertThat(OpenLoopTable.of(List.of(point))).isEmpty();
        assertThat(section(List.of(point))).isBlank();
    }
}
