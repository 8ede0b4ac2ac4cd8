package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The steady-state part of a run, [startMillis, endMillis) in epoch millis. Only requests that complete inside
 * it count: a fixed-duration JMeter run also finishes in-flight requests after its end, so counting everything
 * overstates throughput, and counting ramp-up and drain understates it. A data file names its edges as a run's
 * statistics carry them, {@code windowStartMillis} and {@code windowEndMillis}.
 */
public record MeasurementWindow(
        @JsonProperty("windowStartMillis") long startMillis,
        @JsonProperty("windowEndMillis") long endMillis) {

    public MeasurementWindow {
        if (endMillis <= startMillis) {
            throw new IllegalArgumentException(
                    "window must end after it starts: [" + startMillis + ", " + endMillis + ")");
        }
    }

    public static MeasurementWindow ofSeconds(long startMillis, int seconds) {
        return new MeasurementWindow(startMillis, startMillis + seconds * 1000L);
    }

    /** Whether a request that ended at this instant is counted. The end is exclusive, so that back-to-back
     *  windows never count one request twice. */
    public boolean counts(Sample sample) {
        return sample.endMillis() >= startMillis && sample.endMillis() < endMillis;
    }

    public double seconds() {
        return (endMillis - startMillis) / 1000.0;
    }
}
