package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.Backlog;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Timeline;

/**
 * The backlog each disturbance of an open timeline built at one target ({@link Backlog}), for its report, the
 * closed-vs-open page and the answer page alike. A closed loop builds none: its users wait.
 */
final class Backlogs {

    private Backlogs() {}

    /** Whether the plan is a timeline under open arrivals with a disturbance to build a backlog. */
    static boolean apply(Plan plan) {
        return plan.load() instanceof LoadShape.Open
                && !plan.timeline().disturbances().isEmpty();
    }

    /** One disturbance's backlog at a measured point; empty when the point failed. */
    static Optional<Backlog> of(Plan plan, Point point, Timeline.Segment disturbance) {
        return point.stats()
                .map(stats -> Backlog.of(
                        point.series(),
                        stats.window().startMillis(),
                        plan.timeline(),
                        calmBefore(plan.timeline(), disturbance),
                        disturbance));
    }

    /** Every disturbance's backlog, in the timeline's order; empty when the point failed or the plan builds none. */
    static List<Backlog> of(Plan plan, Point point) {
        if (!apply(plan) || point.stats().isEmpty()) {
            return List.of();
        }
        return plan.timeline().disturbances().stream()
                .map(d -> of(plan, point, d).orElseThrow())
                .toList();
    }

    /** The calm stretch just before a disturbance, which {@link loadlab.loadtest.measure.Recovery} compares it with too. */
    static Timeline.Segment calmBefore(Timeline timeline, Timeline.Segment disturbance) {
        List<Timeline.Segment> segments = timeline.segments();
        int at = segments.indexOf(disturbance);
        return at > 0 ? segments.get(at - 1) : disturbance;
    }
}
