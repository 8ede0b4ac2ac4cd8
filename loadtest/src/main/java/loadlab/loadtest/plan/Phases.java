package loadlab.loadtest.plan;

import java.time.Duration;

/**
 * The phases of every load, back to back from its first request: ramp-up, warm-up, then the measured window; after
 * it JMeter drains the requests in flight, which are not counted.
 *
 * @param timeout the connect and the response timeout of each request
 */
public record Phases(Duration rampUp, Duration warmUp, Duration window, Duration timeout) {

    public Phases {
        if (rampUp.isNegative() || warmUp.isNegative() || !window.isPositive() || !timeout.isPositive()) {
            throw new IllegalArgumentException("window and timeout must be positive, ramp-up and warm-up not negative");
        }
    }

    public int rampUpSeconds() {
        return (int) rampUp.toSeconds();
    }

    public int warmUpSeconds() {
        return (int) warmUp.toSeconds();
    }

    public int windowSeconds() {
        return (int) window.toSeconds();
    }

    public int timeoutSeconds() {
        return (int) timeout.toSeconds();
    }
}
