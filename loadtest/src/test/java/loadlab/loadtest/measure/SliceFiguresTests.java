package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.plan.SliceSchedule;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/**
 * A slice counts from its planned settle's end, and not before its target had accepted every connection of the slice:
 * a server whose accept fell behind serves fewer users than the plan's meanwhile.
 */
class SliceFiguresTests {

    private static final long START = 1_800_000_000_000L;
    private static final SliceSchedule.Slice SLICE =
            new SliceSchedule.Slice(0, Target.app("webflux").orElseThrow(), START, START + 2_000, START + 15_000);

    /** A good request ending every 100 ms of the slice. */
    private static List<Sample> samples() {
        List<Sample> samples = new ArrayList<>();
        for (long end = START + 100; end < SLICE.endMillis(); end += 100) {
            samples.add(new Sample(end - 50, end, true, "200", "", 10));
        }
        return samples;
    }

    /** A reading each second from the slice's start, 1 ms of CPU a second, the accept queue as given, second by second. */
    private static Optional<ResourceSamples> readings(long... notAccepted) {
        List<ResourceSamples.Reading> readings = new ArrayList<>();
        for (int second = 0; second < notAccepted.length; second++) {
            long at = START + second * 1_000L;
            readings.add(new ResourceSamples.Reading(at, second * 1_000_000L, 100_000, 40)
                    .withNotAccepted(notAccepted[second]));
        }
        return Optional.of(new ResourceSamples(readings));
    }

    @Test
    void connectionsWaitingToBeAcceptedPastTheSettleDelayTheCountedSpan() {
        SliceFigures slice = SliceFigures.of(
                SLICE, samples(), readings(300, 280, 120, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), Optional.empty());

        // The queue was last seen holding connections at second 3 and empty at 4: the counted span is [4 s, 15 s).
        assertThat(slice.settleEndMillis()).isEqualTo(START + 4_000);
        assertThat(slice.requests()).isEqualTo(110);
        assertThat(slice.cpuSecondsPer1000Requests()).isPresent();
    }

    @Test
    void anEmptyOrUnreadAcceptQueueLeavesThePlannedSettle() {
        SliceFigures empty = SliceFigures.of(SLICE, samples(), readings(0, 0, 0, 0, 0, 0), Optional.empty());
        SliceFigures unread = SliceFigures.of(
                SLICE,
                samples(),
                readings(
                        ResourceSamples.Reading.UNKNOWN,
                        ResourceSamples.Reading.UNKNOWN,
                        ResourceSamples.Reading.UNKNOWN),
                Optional.empty());
        // A queue that emptied before the settle's end does not shorten it either.
        SliceFigures early = SliceFigures.of(SLICE, samples(), readings(50, 0, 0, 0), Optional.empty());

        assertThat(List.of(empty.settleEndMillis(), unread.settleEndMillis(), early.settleEndMillis()))
                .containsOnly(START + 2_000);
        assertThat(empty.requests()).isEqualTo(130);
    }

    @Test
    void aSliceWhoseConnectionsWaitedToItsEndCountsNothing() {
        long[] waiting = new long[15];
        java.util.Arrays.fill(waiting, 10);

        SliceFigures slice = SliceFigures.of(SLICE, samples(), readings(waiting), Optional.empty());

        assertThat(slice.countedAny()).isFalse();
        assertThat(slice.requests()).isZero();
        assertThat(slice.cpuSecondsPer1000Requests()).isEmpty();
        assertThat(slice.goodPerSecond()).isZero();
    }
}
