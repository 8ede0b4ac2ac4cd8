package loadlab.loadtest.measure;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What one process cost over a measurement window, from {@link ResourceSamples}.
 * <p>
 * CPU is a delta of the cumulative counter, never a sum: the last reading at or before the window's end minus the
 * last reading at or before its start. With readings a period apart, each edge can be off by up to one period, so
 * over a 60 s window sampled every second the CPU figure is good to a couple of percent. Peaks are the largest
 * readings taken inside the window, ends included; readings outside it are ignored.
 * <p>
 * What a request costs is the CPU the load added: the process's idle CPU (timers, JFR, the JVM's own housekeeping,
 * measured over a quiet span just before the load, its JIT compiler threads left out) times the window, and what the
 * JIT compiler threads still used in the window (compiling is paid once, not per request), are taken off before
 * dividing by the requests.
 *
 * @param cpuSeconds                CPU time (user + system) the process used over the window, all of it
 * @param averageCores              cpuSeconds / window seconds: 1.0 is one core busy all the time
 * @param cpuSecondsPer1000Requests (cpuSeconds − idle cores × window − JIT seconds) per 1,000 requests counted in
 *                                  the window; empty when none were
 * @param peakRssMib                largest resident set size sampled inside the window, MiB; empty when not read
 *                                  (a target on another host, read through its Actuator, which has no RSS)
 * @param peakThreads               largest OS (platform) thread count sampled inside the window
 * @param sampledThroughout         false when the last reading is before the window's end, e.g. the process died
 *                                  mid-window: its CPU then counts up to its last reading only
 * @param idleCores                 the process's CPU at rest just before the load, JIT compiler threads left out;
 *                                  empty when no quiet span was measured
 * @param jitCpuSeconds             of cpuSeconds, what the JIT compiler threads used; empty when not read
 * @param peakHeapMib               largest heap in use sampled inside the window (the load generator's own JVM);
 *                                  empty when not read
 */
public record ResourceUsage(
        double cpuSeconds,
        double averageCores,
        OptionalDouble cpuSecondsPer1000Requests,
        OptionalDouble peakRssMib,
        int peakThreads,
        boolean sampledThroughout,
        OptionalDouble idleCores,
        OptionalDouble jitCpuSeconds,
        OptionalDouble peakHeapMib) {

    /** Figures without the idle, JIT and heap readings. */
    public ResourceUsage(
            double cpuSeconds,
            double averageCores,
            OptionalDouble cpuSecondsPer1000Requests,
            double peakRssMib,
            int peakThreads,
            boolean sampledThroughout) {
        this(
                cpuSeconds,
                averageCores,
                cpuSecondsPer1000Requests,
                OptionalDouble.of(peakRssMib),
                peakThreads,
                sampledThroughout,
                OptionalDouble.empty(),
                OptionalDouble.empty(),
                OptionalDouble.empty());
    }

    public static Optional<ResourceUsage> of(ResourceSamples samples, MeasurementWindow window, int requests) {
        return of(samples, window, requests, Optional.empty());
    }

    /**
     * @param requests the requests counted in the window ({@link RunStats#requests()})
     * @param idle     a quiet span just before the load, to measure the idle CPU over
     * @return empty when there is no reading at or before the window's start (no baseline for the CPU delta) or no
     *         reading inside the window (no peak to report)
     */
    public static Optional<ResourceUsage> of(
            ResourceSamples samples, MeasurementWindow window, int requests, Optional<MeasurementWindow> idle) {
        if (requests < 0) {
            throw new IllegalArgumentException("requests cannot be negative: " + requests);
        }
        List<ResourceSamples.Reading> readings = samples.readings();
        Optional<ResourceSamples.Reading> atStart = lastAtOrBefore(readings, window.startMillis());
        Optional<ResourceSamples.Reading> atEnd = lastAtOrBefore(readings, window.endMillis());
        List<ResourceSamples.Reading> inside = readings.stream()
                .filter(r -> r.atMillis() >= window.startMillis() && r.atMillis() <= window.endMillis())
                .toList();
        if (atStart.isEmpty() || inside.isEmpty()) {
            return Optional.empty();
        }
        double cpuSeconds = (atEnd.get().cpuNanos() - atStart.get().cpuNanos()) / 1e9;
        OptionalDouble idleCores = idle.flatMap(span -> idleCores(readings, span))
                .map(OptionalDouble::of)
                .orElse(OptionalDouble.empty());
        OptionalDouble jit = jitSeconds(atStart.get(), atEnd.get());
        double loadCpu = Math.max(0, cpuSeconds - idleCores.orElse(0) * window.seconds() - jit.orElse(0));
        return Optional.of(new ResourceUsage(
                cpuSeconds,
                cpuSeconds / window.seconds(),
                requests == 0 ? OptionalDouble.empty() : OptionalDouble.of(loadCpu * 1000 / requests),
                peakRss(inside),
                inside.stream().mapToInt(ResourceSamples.Reading::threads).max().orElseThrow(),
                readings.getLast().atMillis() >= window.endMillis(),
                idleCores,
                jit,
                peakHeap(inside)));
    }

    static Optional<ResourceSamples.Reading> lastAtOrBefore(List<ResourceSamples.Reading> readings, long at) {
        ResourceSamples.Reading last = null;
        for (ResourceSamples.Reading reading : readings) {
            if (reading.atMillis() <= at) {
                last = reading;
            }
        }
        return Optional.ofNullable(last);
    }

    /** CPU per second over the quiet span, compiler threads left out, between its first and last readings. */
    private static Optional<Double> idleCores(List<ResourceSamples.Reading> readings, MeasurementWindow span) {
        Optional<ResourceSamples.Reading> from = readings.stream()
                .filter(r -> r.atMillis() >= span.startMillis())
                .findFirst();
        Optional<ResourceSamples.Reading> to = lastAtOrBefore(readings, span.endMillis());
        if (from.isEmpty() || to.isEmpty() || to.get().atMillis() <= from.get().atMillis()) {
            return Optional.empty();
        }
        long cpu = to.get().cpuNanos() - from.get().cpuNanos();
        OptionalDouble jit = jitSeconds(from.get(), to.get());
        double busy = cpu / 1e9 - jit.orElse(0);
        return Optional.of(
                Math.max(0, busy) / ((to.get().atMillis() - from.get().atMillis()) / 1000.0));
    }

    private static OptionalDouble jitSeconds(ResourceSamples.Reading from, ResourceSamples.Reading to) {
        if (from.jitCpuNanos() == ResourceSamples.Reading.UNKNOWN
                || to.jitCpuNanos() == ResourceSamples.Reading.UNKNOWN) {
            return OptionalDouble.empty();
        }
        // Compiler threads come and go, and an ended one takes its time out of the sum: never below zero.
        return OptionalDouble.of(Math.max(0, to.jitCpuNanos() - from.jitCpuNanos()) / 1e9);
    }

    /** The largest RSS read, over the readings that have one: none when the source reads no RSS. */
    private static OptionalDouble peakRss(List<ResourceSamples.Reading> inside) {
        long peak =
                inside.stream().mapToLong(ResourceSamples.Reading::rssKb).max().orElse(ResourceSamples.Reading.UNKNOWN);
        return peak == ResourceSamples.Reading.UNKNOWN ? OptionalDouble.empty() : OptionalDouble.of(peak / 1024.0);
    }

    private static OptionalDouble peakHeap(List<ResourceSamples.Reading> inside) {
        long peak = inside.stream()
                .mapToLong(ResourceSamples.Reading::heapUsedKb)
                .max()
                .orElse(ResourceSamples.Reading.UNKNOWN);
        return peak == ResourceSamples.Reading.UNKNOWN ? OptionalDouble.empty() : OptionalDouble.of(peak / 1024.0);
    }
}
