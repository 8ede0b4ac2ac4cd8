package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * How one load developed second by second, for the charts over time and for a target's recovery from a
 * disturbance. In a data file each second is a row of numbers ({@link PerSecond#row()}), each resource reading
 * {@code [second, RSS MiB or null, threads]} and each heap after a collection {@code [second, MiB]}: compact, since a
 * run has hundreds of them.
 *
 * @param runStartMillis epoch millis of second 0: the first request of the load
 * @param seconds        {@link PerSecond#series} from that start; empty when the load failed
 * @param resources      the target's process, as its sampler read it during the load; empty when not sampled
 * @param heapAfterGc    the target's heap in use after each collection during the load (its JFR recording)
 * @param jvm            per second, as {@code seconds}, the target JVM's JIT and GC pause time (its JFR recording);
 *                       empty without a recording, and in data files written before it was read
 * @param notAccepted    the target's listening socket's accept queue at each of its process's readings: connections
 *                       the kernel completed that the target had not yet accepted; empty when not read (a target on
 *                       another host), and in data files written before it was read
 */
public record Series(
        long runStartMillis,
        List<PerSecond> seconds,
        List<ResourcePoint> resources,
        List<HeapPoint> heapAfterGc,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<JvmActivity.Second>> jvm,
        @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<List<QueuePoint>> notAccepted) {

    public static final Series NONE = new Series(0, List.of());

    /**
     * One reading of the target's process, at a moment given in seconds since the run's start.
     *
     * @param rssMib empty when not read (a target on another host, read through its Actuator)
     */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record ResourcePoint(double atSecond, OptionalDouble rssMib, int threads) {

        /** A reading with its RSS. */
        public ResourcePoint(double atSecond, double rssMib, int threads) {
            this(atSecond, OptionalDouble.of(rssMib), threads);
        }
    }

    /** How many connections waited in the accept queue at a moment given in seconds since the run's start. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record QueuePoint(double atSecond, int connections) {}

    /** The heap in use right after one collection, at a moment given in seconds since the run's start. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record HeapPoint(double atSecond, double mib) {}

    public Series {
        seconds = List.copyOf(seconds);
        resources = List.copyOf(resources);
        heapAfterGc = List.copyOf(heapAfterGc);
        jvm = jvm == null ? Optional.empty() : jvm.map(List::copyOf);
        notAccepted = notAccepted == null ? Optional.empty() : notAccepted.map(List::copyOf);
    }

    public Series(
            long runStartMillis,
            List<PerSecond> seconds,
            List<ResourcePoint> resources,
            List<HeapPoint> heapAfterGc,
            Optional<List<JvmActivity.Second>> jvm) {
        this(runStartMillis, seconds, resources, heapAfterGc, jvm, Optional.empty());
    }

    public Series(
            long runStartMillis, List<PerSecond> seconds, List<ResourcePoint> resources, List<HeapPoint> heapAfterGc) {
        this(runStartMillis, seconds, resources, heapAfterGc, Optional.empty());
    }

    public Series(long runStartMillis, List<PerSecond> seconds) {
        this(runStartMillis, seconds, List.of(), List.of());
    }

    public static Series of(List<Sample> samples, long runStartMillis) {
        return new Series(runStartMillis, PerSecond.series(samples, runStartMillis));
    }

    /** The same series with the target's readings during the load. */
    public Series withResources(ResourceSamples samples) {
        long last = runStartMillis + seconds.size() * 1000L;
        List<ResourcePoint> points = samples.readings().stream()
                .filter(r -> r.atMillis() >= runStartMillis && r.atMillis() <= last)
                .map(r -> new ResourcePoint(
                        secondOf(r.atMillis()),
                        r.rssKb() == ResourceSamples.Reading.UNKNOWN
                                ? OptionalDouble.empty()
                                : OptionalDouble.of(r.rssKb() / 1024.0),
                        r.threads()))
                .toList();
        List<QueuePoint> queued = samples.readings().stream()
                .filter(r -> r.atMillis() >= runStartMillis && r.atMillis() <= last)
                .filter(r -> r.notAccepted() != ResourceSamples.Reading.UNKNOWN)
                .map(r -> new QueuePoint(secondOf(r.atMillis()), (int) r.notAccepted()))
                .toList();
        return new Series(
                runStartMillis,
                seconds,
                points,
                heapAfterGc,
                jvm,
                queued.isEmpty() ? Optional.empty() : Optional.of(queued));
    }

    /** The same series with the heap after each collection between the run's start and its last second. */
    public Series withHeapAfterGc(List<JfrFigures.HeapAfterGc> collections) {
        long last = runStartMillis + seconds.size() * 1000L;
        List<HeapPoint> points = collections.stream()
                .filter(c -> c.atMillis() >= runStartMillis && c.atMillis() <= last)
                .map(c -> new HeapPoint(secondOf(c.atMillis()), c.usedMib()))
                .toList();
        return new Series(runStartMillis, seconds, resources, points, jvm, notAccepted);
    }

    /** The same series with the JVM's JIT and GC time in each of its seconds. */
    public Series withJvm(List<JvmActivity.Second> perSecond) {
        return new Series(runStartMillis, seconds, resources, heapAfterGc, Optional.of(perSecond), notAccepted);
    }

    /**
     * The most connections waiting to be accepted at a reading from second {@code from} (inclusive) to {@code until}
     * (exclusive); empty when the accept queue was not read, or not in those seconds.
     */
    public OptionalInt peakNotAccepted(double from, double until) {
        return notAccepted.orElse(List.of()).stream()
                .filter(q -> q.atSecond() >= from && q.atSecond() < until)
                .mapToInt(QueuePoint::connections)
                .max();
    }

    /** Where {@code millis} falls on the per-second axis, in seconds since the run's start. */
    public double secondOf(long millis) {
        return (millis - runStartMillis) / 1000.0;
    }
}
