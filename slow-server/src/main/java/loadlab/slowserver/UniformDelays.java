package loadlab.slowserver;

import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;

/** Delays drawn uniformly from {@code [min, max]} ms, both ends included. */
final class UniformDelays implements IntSupplier {

    private final int minDelayMs;
    private final int spanMs;
    // Null when unseeded: ThreadLocalRandom then avoids contending on one generator at 1000 req/s.
    private final Random seeded;

    UniformDelays(SlowServerConfig config) {
        this.minDelayMs = config.minDelayMs();
        this.spanMs = config.maxDelayMs() - config.minDelayMs();
        this.seeded = config.seed().isPresent() ? new Random(config.seed().getAsLong()) : null;
    }

    @Override
    public int getAsInt() {
        if (seeded == null) {
            return minDelayMs + ThreadLocalRandom.current().nextInt(spanMs + 1);
        }
        // One generator, draws serialised: the n-th request to arrive gets the n-th number of the seed's sequence.
        synchronized (seeded) {
            return minDelayMs + seeded.nextInt(spanMs + 1);
        }
    }
}
