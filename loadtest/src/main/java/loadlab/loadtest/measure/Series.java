package loadlab.loadtest.measure;

import java.util.List;

/**
 * How one load developed second by second, for the charts over time.
 *
 * @param runStartMillis epoch millis of second 0: the first request of the load
 * @param seconds        {@link PerSecond#series} from that start; empty when the load failed
 */
public record Series(long runStartMillis, List<PerSecond> seconds) {

    public static final Series NONE = new Series(0, List.of());

    public Series {
        seconds = List.copyOf(seconds);
    }

    public static Series of(List<Sample> samples, long runStartMillis) {
        return new Series(runStartMillis, PerSecond.series(samples, runStartMillis));
    }

    /** Where {@code millis} falls on the per-second axis, in seconds since the run's start. */
    public double secondOf(long millis) {
        return (millis - runStartMillis) / 1000.0;
    }
}
