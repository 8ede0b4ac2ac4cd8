package loadlab.loadtest.measure;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.run.LoadRun;

/**
 * What the charts need of one target: its row of the summary and how its run developed second by second.
 * <p>
 * The measurement window is not passed separately: the charts take it from the stats, which were counted over it,
 * so the window a chart marks can never disagree with the figures in the table.
 *
 * @param result         the target's row; a failed row is skipped by every chart
 * @param perSecond      {@link PerSecond#series} of the run's samples from {@code runStartMillis}; empty for a failed row
 * @param runStartMillis epoch millis of second 0 of {@code perSecond}, i.e. {@code LoadRun.Result#runStartMillis}
 */
public record ChartInput(TargetResult result, List<PerSecond> perSecond, long runStartMillis) {

    public ChartInput {
        Objects.requireNonNull(result, "result");
        perSecond = List.copyOf(perSecond);
    }

    /** A measured target, from its row and the run that produced it. */
    public static ChartInput of(TargetResult measured, LoadRun.Result run) {
        return new ChartInput(measured, PerSecond.series(run.samples(), run.runStartMillis()), run.runStartMillis());
    }

    /** A target that never produced figures; the charts name it as not shown. */
    public static ChartInput failed(TargetResult failed) {
        if (!(failed instanceof TargetResult.Failed)) {
            throw new IllegalArgumentException(failed.target().name() + " was measured: chart it with its series");
        }
        return new ChartInput(failed, List.of(), 0);
    }

    public Target target() {
        return result.target();
    }

    public String name() {
        return result.target().name();
    }

    /** Empty when the target failed. */
    public Optional<RunStats> stats() {
        return result instanceof TargetResult.Measured measured ? Optional.of(measured.stats()) : Optional.empty();
    }

    /** Where the window starts on the per-second axis, in seconds since the run's start; needs stats. */
    public double windowStartSecond() {
        return (stats().orElseThrow().window().startMillis() - runStartMillis) / 1000.0;
    }

    public double windowEndSecond() {
        return (stats().orElseThrow().window().endMillis() - runStartMillis) / 1000.0;
    }
}
