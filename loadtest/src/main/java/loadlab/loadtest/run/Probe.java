package loadlab.loadtest.run;

import java.util.Optional;
import loadlab.loadtest.measure.ProbeFigures;

/**
 * A source of figures plugged into every load, as JMH's profilers are into every iteration: the run loops over the
 * {@link Probes} and gives each the started target ({@link Probed}: its JVM here by pid, its Actuator on another host,
 * or nothing to reach), tells it when the window begins, stops it when the load ends and, once the target has stopped
 * (its JVM has written its recording), asks it for one figure record over the window. The record goes into the point's
 * {@link ProbeFigures} under the probe's key, and from there into the data file and the reports.
 * <p>
 * A probe that does not apply to a target does not start on it. One that throws fails the point it was measuring, with
 * its name and what it threw, and is closed with everything else the load started.
 *
 * @param <F> its figures
 */
public interface Probe<F extends Record> {

    /** Its name among a point's figures and in the data file, and the record its figures are. */
    ProbeFigures.Key<F> key();

    /**
     * Starts on a target just before its quiet span, after any previous load of it: what it reads at rest is read here.
     *
     * @return empty when it does not apply to this target (no process it can reach, no database pool)
     */
    Optional<Running<F>> start(Probed target);

    /** A probe on one load. */
    interface Running<F> extends AutoCloseable {

        /** The measured window began at this instant, epoch millis; it lasts {@link Probed#window()}. */
        default void windowBegan(long startMillis) {}

        /** The load has ended: stop reading, and keep what the figures need. Not called for a load that failed. */
        Readings<F> stop();

        /** Releases what it still holds (threads, files), after {@link #stop()} or in place of it. Never throws. */
        @Override
        void close();
    }

    /** What a probe read during one load, turned into its figures once its target has stopped. */
    @FunctionalInterface
    interface Readings<F> {

        /** Its figures over the load's window; empty when it has none to give (too few readings, say). */
        Optional<F> over(Probed.Ended load);
    }
}
