package loadlab.loadtest.plan;

import java.util.OptionalLong;

/**
 * What the lab's slow backend is asked to do: answer after a delay drawn uniformly from [min, max] ms.
 *
 * @param seed makes the delay sequence reproducible; empty draws a new one each run
 */
public record Backend(int minDelayMs, int maxDelayMs, OptionalLong seed) {

    public Backend {
        if (minDelayMs < 0 || maxDelayMs < minDelayMs || maxDelayMs == 0) {
            throw new IllegalArgumentException(
                    "backend delay must be 0 <= min <= max with max > 0: " + minDelayMs + ".." + maxDelayMs);
        }
    }

    /** The mean of the uniform delay: the D of Little's law for one backend call. */
    public double meanDelayMs() {
        return (minDelayMs + maxDelayMs) / 2.0;
    }
}
