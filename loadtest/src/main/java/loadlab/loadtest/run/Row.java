package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.JvmActivity;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Series;

/**
 * One point of the run as the lab goes: final at once when it failed; else final once its target has stopped, when
 * its JVM has written its recording and each probe has figured its window.
 */
final class Row {

    private Point point;
    private final Optional<Pending> pending;
    private boolean finished;

    private Row(Point point, Optional<Pending> pending) {
        this.point = point;
        this.pending = pending;
    }

    /**
     * What a measured point still waits for.
     *
     * @param label         how the run's output names its load
     * @param log           the target's log, for a point a probe fails
     * @param targetSamples the target's process as sampled during the load
     * @param probes        what each probe read during it
     */
    private record Pending(
            String label, Path log, Optional<ResourceSamples> targetSamples, List<RunningProbes.Stopped<?>> probes) {}

    static Row failed(Point point) {
        return new Row(point, Optional.empty());
    }

    static Row measured(
            Point point,
            String label,
            Path log,
            Optional<ResourceSamples> targetSamples,
            List<RunningProbes.Stopped<?>> probes) {
        return new Row(point, Optional.of(new Pending(label, log, targetSamples, probes)));
    }

    /**
     * Adds what comes once the target has stopped: the GC and pinning figures of its recording (its heap after each
     * collection into the series), then each probe's figures over the window. A recording that cannot be read leaves
     * its figures out; a probe that throws fails the point.
     *
     * @param recording the recording the target's JVM wrote, for a JVM of the lab's
     */
    void finish(Optional<Path> recording, PrintStream out) {
        if (pending.isEmpty() || finished) {
            return;
        }
        finished = true;
        RunStats stats = point.stats().orElseThrow();
        Point recorded = recording.map(file -> withRecording(point, file, out)).orElse(point);
        Probed.Ended load =
                new Probed.Ended(stats.window(), stats, pending.get().targetSamples(), recording);
        ResourceCost cost = recorded.cost();
        for (RunningProbes.Stopped<?> probe : pending.get().probes()) {
            try {
                cost = probe.onto(cost, load);
            } catch (RuntimeException e) {
                String reason = pending.get().label() + ": " + RunningProbes.failed(probe.key(), e);
                out.println("FAILED " + reason);
                point = Point.failed(
                        point.target(),
                        point.load(),
                        point.run(),
                        new Outcome.Failed(reason, pending.get().log()));
                return;
            }
        }
        point = recorded.withCost(cost);
    }

    /** The point with GC and pinning figures from a stopped JVM's recording; as it was if it cannot be read. */
    private static Point withRecording(Point point, Path recording, PrintStream out) {
        MeasurementWindow window = point.stats().orElseThrow().window();
        try {
            JfrFigures jfr = JfrFigures.read(recording, window);
            Series series = point.series();
            return point.withCost(point.cost().withJfr(Optional.of(jfr.withoutHistory())))
                    .withSeries(series.withHeapAfterGc(jfr.heapAfterGc())
                            .withJvm(JvmActivity.read(
                                    recording,
                                    series.runStartMillis(),
                                    series.seconds().size())));
        } catch (IOException | RuntimeException e) {
            out.println("[" + point.target().name() + "] JFR figures unavailable: " + e.getMessage());
            return point;
        }
    }

    /** The point, once final. */
    Point point() {
        if (pending.isPresent() && !finished) {
            throw new IllegalStateException(point.target().name() + " has not stopped: its point is not final yet");
        }
        return point;
    }
}
