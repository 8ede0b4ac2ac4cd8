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
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/**
 * The answer page's row for a failing or slowing backend: read under open arrivals where an open timeline was
 * measured (requests lost to timeouts, then seconds until the backlog drained), the closed loops linked beside it;
 * the closed loops' reading (good throughput, then the tail) where none was.
 */
class OpenArrivalsAnswerTests {

    private static ResultSet closedSpike() {
        Map<Target, DisturbanceRuns.Shape> shapes = new LinkedHashMap<>();
        shapes.put(WEBFLUX, CALM);
        shapes.put(VIRTUAL, CALM);
        shapes.put(POOL, timesOut(22, 27, 2, 30));
        return timeline("spike", CLOSED, shapes);
    }

    /** webflux and virtual lose nothing; webflux drains in 2 s, virtual in 25 s; the pool loses 450 and never drains. */
    private static ResultSet openSpike() {
        Map<Target, DisturbanceRuns.Shape> shapes = new LinkedHashMap<>();
        shapes.put(WEBFLUX, drains(2));
        shapes.put(VIRTUAL, drains(25));
        shapes.put(POOL, timesOut(25, 70, 10, 200));
        return timeline("spike-open", OPEN, shapes);
    }

    private static Map<String, ResultSet> byName(ResultSet... results) {
        Map<String, ResultSet> byName = new LinkedHashMap<>();
        for (ResultSet r : results) {
            byName.put(r.plan().name(), r);
        }
        return byName;
    }

    private static AnswerReport.Entry entry(ResultSet results) {
        String name = results.plan().name();
        return new AnswerReport.Entry(name, name + "/timeline.md", results);
    }

    @Test
    void anOpenTimelineDecidesOnRequestsLostThenOnWhenTheBacklogDrained() {
        Decision d = Decision.of(Situation.FAILING_BACKEND, byName(closedSpike(), openSpike()));

        assertThat(d.reading().openArrivals()).isTrue();
        assertThat(d.sources()).extracting(Decision.Source::name).containsExactly("spike-open");
        // Losing nothing keeps webflux and virtual; draining in 2 s (within 5 s) against 25 s leaves webflux.
        assertThat(d.chosen()).containsExactly("app-webflux");
    }

    @Test
    void withoutAnOpenTimelineTheClosedLoopsDecideAsBefore() {
        Decision d = Decision.of(Situation.FAILING_BACKEND, byName(closedSpike()));

        assertThat(d.reading().openArrivals()).isFalse();
        assertThat(d.reading().deciding()).containsExactly(Deciding.GOOD, Deciding.TAIL);
        assertThat(d.sources()).extracting(Decision.Source::name).containsExactly("spike");
    }

    @Test
    void theAnswerPageShowsTheOpenFiguresAndLinksTheClosedLoopsAndTheSideBySidePage() {
        String page = AnswerReport.page(List.of(entry(closedSpike()), entry(openSpike())));

        assertThat(page)
                .contains(
                        "**A failing or slowing backend**: slowdown-open not measured, [spike-open](spike-open/timeline.md),"
                                + " faults-open not measured; as closed loops in [spike](spike/timeline.md);"
                                + " closed and open side by side in [timelines](timelines.md)")
                .contains("deciding: requests lost to timeouts, then s until the backlog drained")
                .contains("app-webflux: **0 · 2 (0–7)**")
                .contains("app-virtual: 0 · 25 (20–30)")
                .contains("app-threadpool: 450 (408–492) · never")
                .contains("is read under open arrivals")
                .doesNotContain("decides on good throughput over the whole disturbance");
    }

    @Test
    void repeatedRunsSpanFromTheQuickestDrainToNeverAndFromTheFewestLostToTheMost() {
        ResultSet open = openSpike();
        Point never = open.representative(POOL);
        Point drained = timeline("spike-open", OPEN, Map.of(POOL, drains(3))).representative(POOL);
        Scores runs = new Scores(POOL, List.of(drained, never));
        TailFigure tail = TailFigure.of(List.of(drained, never), 30);

        Estimate drain = Deciding.DRAINED_AFTER.of(runs, tail, open.plan()).orElseThrow();
        Estimate lost = Deciding.LOST_TO_TIMEOUTS.of(runs, tail, open.plan()).orElseThrow();

        assertThat(drain.low()).isEqualTo(3);
        assertThat(drain.high()).isInfinite();
        assertThat(Deciding.DRAINED_AFTER.format(drain.high(), tail)).isEqualTo("never");
        assertThat(List.of(lost.low(), lost.value(), lost.high())).containsExactly(0.0, 225.0, 450.0);
        // A closed timeline builds no backlog: neither figure exists there.
        assertThat(Deciding.LOST_TO_TIMEOUTS.of(
                        new Scores(POOL, List.of(closedSpike().representative(POOL))),
                        tail,
                        closedSpike().plan()))
                .isEmpty();
    }

    @Test
    void withoutAnOpenTimelineThePageReadsAsBefore() {
        String page = AnswerReport.page(List.of(entry(closedSpike())));

        assertThat(page)
                .contains("decides on good throughput over the whole disturbance")
                .doesNotContain("under open arrivals")
                .doesNotContain("timelines.md");
    }
}
