package loadlab.loadtest.run;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import java.util.function.Supplier;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.Target;

/**
 * A started target as a {@link Probe} sees it during one load.
 *
 * @param target  the plan's target
 * @param label   how the run's output names this load, e.g. {@code app-webflux users-500}
 * @param reach   how its process can be reached
 * @param window  how long the measured window lasts once it has begun
 * @param pool    its connection pool, in a database plan
 * @param note    where a probe says, in one line, what it could not do (the output prefixes the load's label)
 * @param port    the port the load's clients connect to, when they speak HTTP to it (not a database's direct row)
 */
public record Probed(
        Target target,
        String label,
        Reach reach,
        Duration window,
        Optional<Pool> pool,
        Consumer<String> note,
        OptionalInt port) {

    /** A target whose clients' port no probe needs. */
    public Probed(
            Target target, String label, Reach reach, Duration window, Optional<Pool> pool, Consumer<String> note) {
        this(target, label, reach, window, pool, note, OptionalInt.empty());
    }

    /** The same target with a window of another length: an interleaved run's slice, say. */
    public Probed over(Duration window) {
        return new Probed(target, label, reach, window, pool, note, port);
    }

    /** How a probe can reach a target's process. */
    public sealed interface Reach {}

    /**
     * A JVM of the lab on this machine: an app the lab started, or slow-server for the direct row.
     *
     * @param pid         for {@code jcmd} and {@code /proc}
     * @param cpus        the CPUs it is pinned to; empty when it runs anywhere
     * @param recordingTo the JFR recording its JVM writes as it stops, for {@link Ended#recording()}
     */
    public record Local(long pid, List<Integer> cpus, Path recordingTo) implements Reach {
        public Local {
            cpus = List.copyOf(cpus);
        }
    }

    /** An app on another host, reached through its Actuator at {@code management} ({@code http://host:port}). */
    public record Remote(URI management) implements Reach {}

    /**
     * Nothing a probe can reach: PostgreSQL behind a database plan's direct row (a process per connection), a
     * slow-server on another host, an app on another host without a management port.
     */
    public record Unreachable() implements Reach {}

    /**
     * A database plan's connection pool: the apps' (read through their Actuator) or the direct row's own.
     *
     * @param client the database client the target runs, e.g. {@code pgjdbc 42.7.11, HikariCP 7.0.2}
     * @param size   its connections
     * @param gauges its two gauges, read now; empty when they cannot be read
     */
    public record Pool(String client, int size, Supplier<Optional<PoolWait.Reading>> gauges) {}

    /**
     * A load as it ended, once its target has stopped.
     *
     * @param window        its measured window
     * @param stats         its statistics over the window
     * @param targetSamples the target's process as the run sampled it (through {@code /proc} or its Actuator); empty
     *                      when it was not sampled
     * @param recording     the JFR recording the target's JVM wrote as it stopped; empty for a target whose JVM is not
     *                      the lab's
     */
    public record Ended(
            MeasurementWindow window,
            RunStats stats,
            Optional<ResourceSamples> targetSamples,
            Optional<Path> recording) {}
}
