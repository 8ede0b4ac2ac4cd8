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
 *
 * @param cpuSeconds                CPU time (user + system) the process used over the window
 * @param averageCores              cpuSeconds / window seconds: 1.0 is one core busy all the time
 * @param cpuSecondsPer1000Requests cpuSeconds per 1,000 requests counted in the window; empty when none were
 * @param peakRssMib                largest resident set size sampled inside the window, MiB
 * @param peakThreads               largest OS (platform) thread count sampled inside the window
 * @param sampledThroughout         false when the last reading is before the window's end, e.g. the process died
 *                                  mid-window: its CPU then counts up to its last reading only
 */
public record ResourceUsage(
        double cpuSeconds,
        double averageCores,
        OptionalDouble cpuSecondsPer1000Requests,
        double peakRssMib,
        int peakThreads,
        boolean sampledThroughout) {

    /**
     * @param requests the requests counted in the window ({@link RunStats#requests()})
     * @return empty when there is no reading at or before the window's start (no baseline for the CPU delta) or no
     *         reading inside the window (no peak to report)
     */
    public static Optional<ResourceUsage> of(ResourceSamples samples, MeasurementWindow window, int requests) {
        if (requests < 0) {
            throw new IllegalArgumentException("requests cannot be negative: " + requests);
        }
        List<ResourceSamples.Reading> readings = samples.readings();
        ResourceSamples.Reading atStart = null;
        ResourceSamples.Reading atEnd = null;
        long peakRssKb = -1;
        int peakThreads = -1;
        for (ResourceSamples.Reading reading : readings) {
            long at = reading.atMillis();
            if (at <= window.startMillis()) {
                atStart = reading;
            }
            if (at <= window.endMillis()) {
                atEnd = reading;
            }
            if (at >= window.startMillis() && at <= window.endMillis()) {
                peakRssKb = Math.max(peakRssKb, reading.rssKb());
                peakThreads = Math.max(peakThreads, reading.threads());
            }
        }
        if (atStart == null || peakThreads < 0) {
            return Optional.empty();
        }
        double cpuSeconds = (atEnd.cpuNanos() - atStart.cpuNanos()) / 1e9;
        boolean throughout = readings.getLast().atMillis() >= window.endMillis();
        return Optional.of(new ResourceUsage(
                cpuSeconds,
                cpuSeconds / window.seconds(),
                requests == 0 ? OptionalDouble.empty() : OptionalDouble.of(cpuSeconds * 1000 / requests),
                peakRssKb / 1024.0,
                peakThreads,
                throughout));
    }
}
