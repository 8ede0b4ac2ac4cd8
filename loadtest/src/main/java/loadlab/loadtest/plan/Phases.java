package loadlab.loadtest.plan;

import java.time.Duration;

/**
 * The phases of every load, back to back from its first request: ramp-up, warm-up, then the measured window; after
 * it JMeter drains the requests in flight, which are not counted.
 *
 * @param warmUp          the warm-up, or its least when it lasts until the JIT settles
 * @param timeout         the connect and the response timeout of each request
 * @param untilJitSettles whether the warm-up goes on, past {@code warmUp}, until the target's JIT compiler threads
 *     are quiet (at most {@link #MAX_WARM_UP}): what a request costs falls while the JVM still compiles what the load
 *     runs, so a comparison of cost measures after it
 */
public record Phases(Duration rampUp, Duration warmUp, Duration window, Duration timeout, boolean untilJitSettles) {

    /** The longest a warm-up waits for the JIT: a target still compiling after it is measured anyway, and says so. */
    public static final Duration MAX_WARM_UP = Duration.ofSeconds(180);

    /**
     * A span with no load on the target just before each of its loads, over which its idle CPU is measured: long
     * enough for a few one-second readings, short enough to repeat before every load.
     */
    public static final Duration IDLE_SPAN = Duration.ofSeconds(5);

    /** Phases with a fixed warm-up. */
    public Phases(Duration rampUp, Duration warmUp, Duration window, Duration timeout) {
        this(rampUp, warmUp, window, timeout, false);
    }

    public Phases {
        if (rampUp.isNegative() || warmUp.isNegative() || !window.isPositive() || !timeout.isPositive()) {
            throw new IllegalArgumentException("window and timeout must be positive, ramp-up and warm-up not negative");
        }
    }

    /**
     * The idle span before a load of these phases: {@link #IDLE_SPAN}, or the window when that is shorter. The idle
     * rate is subtracted per second of the window, so a span as long as the window reads it over as many seconds as
     * the window reads the load; only a window of a few seconds (the end-to-end tests') is that short.
     */
    public Duration idleSpan() {
        return window.compareTo(IDLE_SPAN) < 0 ? window : IDLE_SPAN;
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
