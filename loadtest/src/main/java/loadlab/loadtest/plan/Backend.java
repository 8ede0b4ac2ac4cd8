package loadlab.loadtest.plan;

import java.util.OptionalLong;

/**
 * What the lab's slow backend is asked to do: answer after a delay drawn uniformly from [min, max] ms.
 *
 * @param seed     makes the delay sequence reproducible; empty draws a new one each run
 * @param schedule slow-server's {@code --schedule} (phases of other delays and faults, started when each target's
 *     window starts), empty for none; see {@link Timeline#ofSchedule}
 */
public record Backend(int minDelayMs, int maxDelayMs, OptionalLong seed, String schedule) {

    /** A backend without a schedule. */
    public Backend(int minDelayMs, int maxDelayMs, OptionalLong seed) {
        this(minDelayMs, maxDelayMs, seed, "");
    }

    public Backend {
        if (minDelayMs < 0 || maxDelayMs < minDelayMs || maxDelayMs == 0) {
            throw new IllegalArgumentException(
                    "backend delay must be 0 <= min <= max with max > 0: " + minDelayMs + ".." + maxDelayMs);
        }
    }

    public boolean hasSchedule() {
        return !schedule.isEmpty();
    }

    /** The mean of the uniform delay: the D of Little's law for one backend call. */
    public double meanDelayMs() {
        return (minDelayMs + maxDelayMs) / 2.0;
    }
}
