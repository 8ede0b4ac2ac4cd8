package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.function.ToLongFunction;

/**
 * Side by side, interleaved: all targets are up at once, and the load moves between them in short slices, round after
 * round, each round giving every target one slice in an order shuffled for that round. The host's speed drifts by the
 * minute; this way a drift falls on every target alike instead of on whichever ran in that minute, and a round pairs
 * the targets' figures for a ratio.
 * <p>
 * Pure planning: the slices are a function of the targets, the counts, the durations and the seed, laid back to back
 * from a start the runner passes in, so the same plan always gives the same order and no clock is read here. The
 * runner owns the clock: when a switch of the load started a slice late, it re-anchors that slice where it began
 * ({@link Slice#startingAt}).
 *
 * @param slice  each slice's whole length, settle time included
 * @param settle the start of each slice that no figure counts: the load has just moved to the target, whose closed-loop
 *               users' first calls are still in flight (it ramps up over one backend delay) while the target it left
 *               still drains its own; at least the longest backend delay, so both are over before counting starts
 * @param seed   the shuffles' seed, so that a run's order can be repeated
 */
public record SliceSchedule(List<Target> targets, int rounds, Duration slice, Duration settle, long seed) {

    public SliceSchedule {
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("a slice schedule needs at least one target");
        }
        if (new HashSet<>(targets).size() != targets.size()) {
            throw new IllegalArgumentException("each target once in a slice schedule: " + names(targets));
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("rounds=" + rounds + " must be at least 1");
        }
        if (settle.isNegative()) {
            throw new IllegalArgumentException("settle=" + settle + " must not be negative");
        }
        if (slice.compareTo(settle) <= 0) {
            throw new IllegalArgumentException(
                    "slice=" + slice + " must be longer than its settle=" + settle + ", or nothing is counted");
        }
        targets = List.copyOf(targets);
    }

    /**
     * One target's turn with the load: [startMillis, endMillis) in epoch millis, of which only
     * [settleEndMillis, endMillis) is counted.
     *
     * @param round from 0
     */
    public record Slice(int round, Target target, long startMillis, long settleEndMillis, long endMillis) {

        public Slice {
            if (!(startMillis <= settleEndMillis && settleEndMillis < endMillis)) {
                throw new IllegalArgumentException(
                        "need start <= settle end < end: " + startMillis + ", " + settleEndMillis + ", " + endMillis);
            }
        }

        /**
         * Whether something that happened at this instant (a request that ended, a reading taken) belongs to the
         * slice's counted span. Half-open, as a measurement window: the next slice's start is this one's end, so
         * nothing is counted twice.
         */
        public boolean counts(long atMillis) {
            return atMillis >= settleEndMillis && atMillis < endMillis;
        }

        /** Of {@code items}, those whose instant the slice counts, in their order. */
        public <T> List<T> counted(Collection<T> items, ToLongFunction<T> atMillis) {
            return items.stream()
                    .filter(item -> counts(atMillis.applyAsLong(item)))
                    .toList();
        }

        /** The counted span's length: what a rate over the slice divides by. */
        public long countedMillis() {
            return endMillis - settleEndMillis;
        }

        /** The same slice, lengths kept, as it began when the runner's switch happened at {@code actualStartMillis}. */
        public Slice startingAt(long actualStartMillis) {
            long shift = actualStartMillis - startMillis;
            return new Slice(round, target, actualStartMillis, settleEndMillis + shift, endMillis + shift);
        }
    }

    /**
     * Every slice in the order the load visits them, back to back from {@code startMillis}: round 0's, then round
     * 1's, and so on, each target once per round.
     */
    public List<Slice> slices(long startMillis) {
        Random random = new Random(seed);
        long sliceMillis = slice.toMillis();
        long settleMillis = settle.toMillis();
        List<Slice> slices = new ArrayList<>(rounds * targets.size());
        long at = startMillis;
        for (int round = 0; round < rounds; round++) {
            for (Target target : shuffled(targets, random)) {
                slices.add(new Slice(round, target, at, at + settleMillis, at + sliceMillis));
                at += sliceMillis;
            }
        }
        return List.copyOf(slices);
    }

    /** How long the whole schedule takes, switches aside. */
    public Duration length() {
        return slice.multipliedBy((long) rounds * targets.size());
    }

    /**
     * Fisher-Yates with the given generator, written out rather than {@code Collections.shuffle}, whose use of the
     * generator no specification fixes: a seed must give the same order on every JDK.
     */
    private static List<Target> shuffled(List<Target> targets, Random random) {
        List<Target> order = new ArrayList<>(targets);
        for (int i = order.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            Target swapped = order.get(i);
            order.set(i, order.get(j));
            order.set(j, swapped);
        }
        return order;
    }

    private static List<String> names(List<Target> targets) {
        return targets.stream().map(Target::name).toList();
    }
}
