package loadlab.loadtest.measure;

import java.util.List;
import java.util.Optional;

/**
 * What each request in flight costs a target in memory, at the end of its window: peak RSS in the window and heap
 * after a full collection under load, each minus the same process's at rest just before its load, per 1,000 requests
 * in flight as the window ended. With backend delays of seconds every user's request is in flight nearly all the time,
 * so this is what one more waiting connection costs; subtracting the process's own figures at rest takes away what it
 * holds whatever the load (code, caches, pools, the JIT's output).
 *
 * @param inFlight      requests sent and not yet answered at the end of the window's last second
 * @param restRssMib    RSS at rest, after a full collection
 * @param peakRssMib    largest RSS sampled in the window
 * @param restHeapMib   heap in use after a full collection at rest
 * @param loadedHeapMib heap in use after a full collection as the window ended
 */
public record MemoryPerConnection(
        int inFlight, double restRssMib, double peakRssMib, double restHeapMib, double loadedHeapMib) {

    /** The figures of a point measured with both live-memory readings and requests in flight; else empty. */
    public static Optional<MemoryPerConnection> of(Point point) {
        if (point.stats().isEmpty()
                || point.cost().memory().isEmpty()
                || point.cost().process().isEmpty()
                || point.cost().process().get().peakRssMib().isEmpty()) {
            return Optional.empty();
        }
        int inFlight = inFlightAtEnd(point.series(), point.stats().get().window());
        if (inFlight <= 0) {
            return Optional.empty();
        }
        LiveMemory live = point.cost().memory().get();
        return Optional.of(new MemoryPerConnection(
                inFlight,
                live.restRssMib(),
                point.cost().process().get().peakRssMib().getAsDouble(),
                live.restHeapMib(),
                live.loadedHeapMib()));
    }

    public double rssMibPer1000() {
        return per1000(peakRssMib - restRssMib);
    }

    public double heapMibPer1000() {
        return per1000(loadedHeapMib - restHeapMib);
    }

    private double per1000(double mib) {
        return mib * 1000 / inFlight;
    }

    /** In flight at the end of the last whole second of the window; 0 when the series does not reach it. */
    static int inFlightAtEnd(Series series, MeasurementWindow window) {
        List<PerSecond> seconds = series.seconds();
        int last = (int) Math.floor(series.secondOf(window.endMillis())) - 1;
        if (seconds.isEmpty() || last < 0) {
            return 0;
        }
        return seconds.get(Math.min(last, seconds.size() - 1)).inFlight();
    }
}
