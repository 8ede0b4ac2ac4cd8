package loadlab.loadtest.run;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResourceCost;

/**
 * The probes of one load: started in the registry's order, told when the window begins, stopped together at its end.
 * The first that throws is remembered with its name, and fails the load's point; every probe started is closed however
 * the load ends.
 */
final class RunningProbes implements AutoCloseable {

    private final List<Started<?>> started = new ArrayList<>();
    private volatile String failure;

    private RunningProbes() {}

    private record Started<F extends Record>(Probe<F> probe, Probe.Running<F> running) {}

    /** Starts each probe that applies to the target; none after one that throws. */
    static RunningProbes start(Probes probes, Probed target) {
        RunningProbes running = new RunningProbes();
        for (Probe<?> probe : probes.list()) {
            if (!running.start(probe, target)) {
                break;
            }
        }
        return running;
    }

    private <F extends Record> boolean start(Probe<F> probe, Probed target) {
        try {
            probe.start(target).ifPresent(running -> started.add(new Started<>(probe, running)));
            return true;
        } catch (RuntimeException e) {
            failed(probe, e);
            return false;
        }
    }

    /** What begins with the window: each probe's reading at its end, say. */
    WindowClock.WindowStart alsoAt(WindowClock.WindowStart start) {
        return planned -> {
            long begun = start.begin(planned);
            for (Started<?> probe : started) {
                try {
                    probe.running().windowBegan(begun);
                } catch (RuntimeException e) {
                    failed(probe.probe(), e);
                }
            }
            return begun;
        };
    }

    /** Why the load's point fails, if a probe threw: its name and what it threw. */
    Optional<String> failure() {
        return Optional.ofNullable(failure);
    }

    /** Stops every probe: what each read, for its figures once the target has stopped. */
    List<Stopped<?>> stop() {
        List<Stopped<?>> stopped = new ArrayList<>();
        for (Started<?> probe : started) {
            try {
                stopped.add(stop(probe));
            } catch (RuntimeException e) {
                failed(probe.probe(), e);
            }
        }
        return stopped;
    }

    private static <F extends Record> Stopped<F> stop(Started<F> probe) {
        return new Stopped<>(probe.probe().key(), probe.running().stop());
    }

    /** What one probe read over a load. */
    record Stopped<F extends Record>(ProbeFigures.Key<F> key, Probe.Readings<F> readings) {

        /** The cost with this probe's figures over the ended load. */
        ResourceCost onto(ResourceCost cost, Probed.Ended load) {
            return cost.withProbe(key, readings.over(load));
        }
    }

    /** The reason a point fails when this probe threw. */
    static String failed(ProbeFigures.Key<?> key, RuntimeException e) {
        return "the probe '" + key.id() + "' failed: " + e;
    }

    private synchronized void failed(Probe<?> probe, RuntimeException e) {
        if (failure == null) {
            failure = failed(probe.key(), e);
        }
    }

    /** Closes every probe started, whatever the others do. */
    @Override
    public void close() {
        for (Started<?> probe : started) {
            try {
                probe.running().close();
            } catch (RuntimeException e) {
                failed(probe.probe(), e);
            }
        }
    }
}
