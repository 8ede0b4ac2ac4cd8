package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Timestamped readings of one process's cumulative CPU time, resident set size and OS thread count (and what else
 * its source gives), as the run's process sampler takes them about once a second. A pure value: {@link ResourceUsage} does the arithmetic.
 *
 * @param readings in time order (the constructor sorts a copy)
 */
public record ResourceSamples(List<Reading> readings) {

    public static final ResourceSamples NONE = new ResourceSamples(List.of());

    /**
     * One reading.
     *
     * @param atMillis when it was taken, epoch millis on the same clock as the {@link MeasurementWindow}
     * @param cpuNanos the process's CPU time since it started (user + system), a cumulative counter
     * @param rssKb    resident set size at that moment, in KiB ({@code VmRSS}); {@link #UNKNOWN} when not read (a
     *                 process on another host, whose Actuator has no such figure)
     * @param threads  live OS threads at that moment ({@code Threads}): platform threads only, since virtual
     *                 threads are not OS threads; JVM-internal threads (GC, JIT, JFR) included. From an Actuator,
     *                 the JVM's live threads ({@code jvm.threads.live}), which leave the JVM's internal ones out
     * @param jitCpuNanos the CPU time of the JVM's JIT compiler threads so far, a cumulative counter; {@link #UNKNOWN}
     *                 when not read. From an Actuator, the JVM's elapsed compile time ({@code jvm.compilation.time})
     *                 stands in for it
     * @param heapUsedKb the JVM's heap in use at that moment; {@link #UNKNOWN} when not read (another process)
     * @param gcCount  collections so far, a cumulative counter; {@link #UNKNOWN} when not read: only an Actuator's
     *                 {@code jvm.gc.pause} gives it, since a JVM of the lab's own has its JFR recording instead
     * @param gcPauseNanos the pauses of those collections, a cumulative sum; {@link #UNKNOWN} with {@code gcCount}
     * @param notAccepted connections to the process's port that the kernel completed and the process had not yet
     *                 accepted at that moment (its listening socket's accept queue); {@link #UNKNOWN} when not read (a
     *                 process on another host, or one whose port is not known)
     */
    public record Reading(
            long atMillis,
            long cpuNanos,
            long rssKb,
            int threads,
            long jitCpuNanos,
            long heapUsedKb,
            long gcCount,
            long gcPauseNanos,
            long notAccepted) {

        public static final long UNKNOWN = -1;

        public Reading {
            if (cpuNanos < 0 || (rssKb < 0 && rssKb != UNKNOWN) || threads < 0) {
                throw new IllegalArgumentException("a reading cannot be negative: " + cpuNanos + " ns, " + rssKb
                        + " KiB, " + threads + " threads");
            }
        }

        /** A reading without the accept queue, which only a port of this machine gives. */
        public Reading(
                long atMillis,
                long cpuNanos,
                long rssKb,
                int threads,
                long jitCpuNanos,
                long heapUsedKb,
                long gcCount,
                long gcPauseNanos) {
            this(atMillis, cpuNanos, rssKb, threads, jitCpuNanos, heapUsedKb, gcCount, gcPauseNanos, UNKNOWN);
        }

        /** The same reading with the accept queue of the process's port. */
        public Reading withNotAccepted(long connections) {
            return new Reading(
                    atMillis, cpuNanos, rssKb, threads, jitCpuNanos, heapUsedKb, gcCount, gcPauseNanos, connections);
        }

        /** A reading without the collections, which only an Actuator gives. */
        public Reading(long atMillis, long cpuNanos, long rssKb, int threads, long jitCpuNanos, long heapUsedKb) {
            this(atMillis, cpuNanos, rssKb, threads, jitCpuNanos, heapUsedKb, UNKNOWN, UNKNOWN);
        }

        /** A reading of CPU, memory and threads only. */
        public Reading(long atMillis, long cpuNanos, long rssKb, int threads) {
            this(atMillis, cpuNanos, rssKb, threads, UNKNOWN, UNKNOWN);
        }
    }

    public ResourceSamples {
        List<Reading> sorted = new ArrayList<>(readings);
        sorted.sort(Comparator.comparingLong(Reading::atMillis));
        for (int i = 1; i < sorted.size(); i++) {
            // A cumulative counter that goes back is another process (or a bug), and a delta over it would lie.
            if (sorted.get(i).cpuNanos() < sorted.get(i - 1).cpuNanos()) {
                throw new IllegalArgumentException("CPU time goes backwards at "
                        + sorted.get(i).atMillis() + ": " + sorted.get(i - 1).cpuNanos() + " ns, then "
                        + sorted.get(i).cpuNanos() + " ns");
            }
        }
        readings = List.copyOf(sorted);
    }

    public boolean isEmpty() {
        return readings.isEmpty();
    }
}
