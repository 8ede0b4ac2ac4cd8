package loadlab.loadtest.plan;

import java.util.List;
import loadlab.loadtest.measure.MeasurementWindow;

/**
 * The one load every target gets. Phases run back to back from the run's start: ramp-up, warm-up, then the
 * measured window; after it JMeter drains in-flight requests, which are not counted.
 *
 * @param apps the app names in run order (direct is implied and always first)
 */
public record Scenario(
        int users,
        int rampUpSeconds,
        int warmUpSeconds,
        int windowSeconds,
        int responseTimeoutSeconds,
        int backendDelayMinMs,
        int backendDelayMaxMs,
        List<String> apps) {

    public Scenario {
        if (users <= 0 || windowSeconds <= 0 || rampUpSeconds < 0 || warmUpSeconds < 0 || responseTimeoutSeconds <= 0) {
            throw new IllegalArgumentException(
                    "users, window and timeout must be positive, ramp-up and warm-up not negative");
        }
        // Checked here, before a run, rather than when the statistics are computed after minutes of load.
        if (backendDelayMinMs < 0 || backendDelayMaxMs < backendDelayMinMs || backendDelayMaxMs == 0) {
            throw new IllegalArgumentException("backend delay must be 0 <= min <= max with max > 0: "
                    + backendDelayMinMs + ".." + backendDelayMaxMs);
        }
        apps = List.copyOf(apps);
    }

    public double backendMeanDelayMs() {
        return (backendDelayMinMs + backendDelayMaxMs) / 2.0;
    }

    /** The window of a run that started (its first user started) at {@code runStartMillis}. */
    public MeasurementWindow measurementWindow(long runStartMillis) {
        return MeasurementWindow.ofSeconds(runStartMillis + (rampUpSeconds + warmUpSeconds) * 1000L, windowSeconds);
    }
}
