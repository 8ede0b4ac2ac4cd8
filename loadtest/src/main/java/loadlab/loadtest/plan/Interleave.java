package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.List;

/**
 * How a comparison measures its targets side by side rather than one after another: all of them up at once, the load
 * moving between them slice by slice ({@link SliceSchedule}), so that the host's drift falls on every target alike and
 * each round pairs their figures for a ratio.
 *
 * @param rounds how many times every target gets the load; a ratio needs {@code measure.Thresholds.MIN_RATIO_ROUNDS}
 * @param slice  each slice's whole length, settle included
 * @param settle the start of each slice no figure counts: at least the backend's longest delay plus a second, because
 *     the closed-loop users' first calls to the target are in flight for up to one longest delay (its ramp), and the
 *     target the load left still answers its last calls for as long (its drain); once both are over, the target
 *     carries the whole load, alone
 */
public record Interleave(int rounds, Duration slice, Duration settle) {

    /** A second on top of the longest delay: connection set-up and the switch of the load itself. */
    static final Duration SETTLE_MARGIN = Duration.ofSeconds(1);

    public Interleave {
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds=" + rounds + " must be at least 1");
        }
        if (slice.compareTo(settle) <= 0) {
            throw new IllegalArgumentException("slice=" + slice.toSeconds() + "s must be longer than its settle="
                    + settle.toSeconds() + "s, or nothing is counted");
        }
    }

    /** The shortest settle for a backend: its longest delay, rounded up to whole seconds, plus the margin. */
    public static Duration shortestSettle(Backend backend) {
        return Duration.ofSeconds((backend.maxDelayMs() + 999) / 1000).plus(SETTLE_MARGIN);
    }

    /** The slices of these targets, shuffled per round with {@code seed}. */
    public SliceSchedule schedule(List<Target> targets, long seed) {
        return new SliceSchedule(targets, rounds, slice, settle, seed);
    }

    /** The counted part of each slice. */
    public Duration counted() {
        return slice.minus(settle);
    }
}
