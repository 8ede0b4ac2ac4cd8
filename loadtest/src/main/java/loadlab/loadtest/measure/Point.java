package loadlab.loadtest.measure;

import java.util.Objects;
import java.util.Optional;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * The lab's one measured fact: one target under one load, in one of its runs, with what it gave and what it cost.
 * Every report, chart and data file is made of these.
 *
 * @param run     1 for the first run of this load, 2 for its first repeat, and so on
 * @param cost    what the target cost over the window; {@link ResourceCost#NONE} when not measured or failed
 * @param series  how the run developed second by second; {@link Series#NONE} when failed
 */
public record Point(Target target, LoadShape load, int run, Outcome outcome, ResourceCost cost, Series series) {

    public Point {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(load, "load");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(cost, "cost");
        Objects.requireNonNull(series, "series");
        if (run < 1) {
            throw new IllegalArgumentException("runs count from 1: " + run);
        }
    }

    public static Point failed(Target target, LoadShape load, int run, Outcome.Failed failed) {
        return new Point(target, load, run, failed, ResourceCost.NONE, Series.NONE);
    }

    public Optional<RunStats> stats() {
        return outcome.measuredStats();
    }

    public boolean failed() {
        return outcome instanceof Outcome.Failed;
    }

    /**
     * The cores the target's CPU is judged against: those of its own host when it ran on another and they were read
     * ({@link ResourceCost#hostCores}), else those the plan gives an app on this machine.
     */
    public int cores(Plan plan) {
        return cost.hostCores().orElse(plan.appCores());
    }

    /** The same point with its series replaced, e.g. with the target's heap after each collection. */
    public Point withSeries(Series newSeries) {
        return new Point(target, load, run, outcome, cost, newSeries);
    }

    /** The same point with its cost replaced, e.g. once the target's JFR recording could be read. */
    public Point withCost(ResourceCost newCost) {
        return new Point(target, load, run, outcome, newCost, series);
    }
}
