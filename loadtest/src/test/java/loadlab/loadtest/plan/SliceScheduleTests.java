package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import loadlab.loadtest.plan.SliceSchedule.Slice;
import org.junit.jupiter.api.Test;

class SliceScheduleTests {

    private static final long START = 1_800_000_000_000L;
    private static final List<Target> APPS = Target.APPS;

    private static SliceSchedule schedule(int rounds, long seed) {
        return new SliceSchedule(APPS, rounds, Duration.ofSeconds(15), Duration.ofSeconds(5), seed);
    }

    /** A timestamped reading of the fake clock. */
    private record Reading(long atMillis) {}

    /** The fake clock: a reading every {@code everyMillis} from {@code from} to {@code to}, both included. */
    private static List<Reading> readings(long from, long to, long everyMillis) {
        List<Reading> readings = new ArrayList<>();
        for (long at = from; at <= to; at += everyMillis) {
            readings.add(new Reading(at));
        }
        return readings;
    }

    @Test
    void everyTargetGetsOneSlicePerRoundSoAllTheSameCount() {
        List<Slice> slices = schedule(12, 1).slices(START);

        assertThat(slices).hasSize(12 * APPS.size());
        Map<Target, Long> perTarget =
                slices.stream().collect(Collectors.groupingBy(Slice::target, Collectors.counting()));
        assertThat(perTarget).containsOnlyKeys(APPS);
        assertThat(perTarget.values()).containsOnly(12L);
        for (int round = 0; round < 12; round++) {
            int r = round;
            assertThat(slices.stream().filter(s -> s.round() == r).map(Slice::target))
                    .as("round %d", round)
                    .containsExactlyInAnyOrderElementsOf(APPS);
        }
    }

    @Test
    void theOrderIsShuffledEachRoundAndTheSameSeedGivesTheSameOrder() {
        List<Slice> slices = schedule(12, 1).slices(START);
        Set<List<Target>> orders = new HashSet<>();
        for (int round = 0; round < 12; round++) {
            int r = round;
            orders.add(slices.stream()
                    .filter(s -> s.round() == r)
                    .map(Slice::target)
                    .toList());
        }

        // 120 orders of five targets: twelve rounds that repeated one would be a shuffle that does not shuffle.
        assertThat(orders).hasSizeGreaterThan(6);
        assertThat(schedule(12, 1).slices(START)).isEqualTo(slices);
        assertThat(schedule(12, 2).slices(START)).isNotEqualTo(slices);
    }

    @Test
    void slicesAreBackToBackRoundByRoundWithTheirOwnSettleTime() {
        SliceSchedule schedule = schedule(3, 7);
        List<Slice> slices = schedule.slices(START);

        assertThat(slices.getFirst().startMillis()).isEqualTo(START);
        for (int i = 0; i < slices.size(); i++) {
            Slice slice = slices.get(i);
            assertThat(slice.round()).isEqualTo(i / APPS.size());
            assertThat(slice.settleEndMillis() - slice.startMillis()).isEqualTo(5_000);
            assertThat(slice.endMillis() - slice.startMillis()).isEqualTo(15_000);
            assertThat(slice.countedMillis()).isEqualTo(10_000);
            if (i > 0) {
                assertThat(slice.startMillis()).isEqualTo(slices.get(i - 1).endMillis());
            }
        }
        assertThat(slices.getLast().endMillis() - START)
                .isEqualTo(schedule.length().toMillis());
    }

    @Test
    void onAFakeClockNothingInASettleTimeIsCountedAndNothingTwice() {
        List<Slice> slices = schedule(4, 3).slices(START);
        // Every 250 ms from the first slice's start to past the last one's end: readings fall on every boundary.
        List<Reading> readings = readings(START - 1_000, slices.getLast().endMillis() + 1_000, 250);

        Map<Reading, Long> countedBy = slices.stream()
                .flatMap(slice -> slice.counted(readings, Reading::atMillis).stream())
                .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));

        assertThat(countedBy.values()).containsOnly(1L);
        for (Slice slice : slices) {
            List<Reading> counted = slice.counted(readings, Reading::atMillis);
            assertThat(counted)
                    .allSatisfy(reading -> assertThat(reading.atMillis())
                            .isGreaterThanOrEqualTo(slice.settleEndMillis())
                            .isLessThan(slice.endMillis()));
            // 10 s counted, a reading every 250 ms, the settle end in and the end out: 40 each.
            assertThat(counted).hasSize(40);
        }
        // Nothing from before the schedule, in any settle time, or after the end.
        assertThat(readings.stream().filter(countedBy::containsKey))
                .noneMatch(reading -> slices.stream()
                        .anyMatch(s ->
                                reading.atMillis() >= s.startMillis() && reading.atMillis() < s.settleEndMillis()));
        assertThat(countedBy.keySet())
                .allSatisfy(reading -> assertThat(reading.atMillis())
                        .isBetween(START, slices.getLast().endMillis() - 1));
    }

    @Test
    void theSpanIsHalfOpenFromTheSettleEndToTheEnd() {
        Slice slice = schedule(1, 1).slices(START).getFirst();

        assertThat(slice.counts(slice.startMillis())).isFalse();
        assertThat(slice.counts(slice.settleEndMillis() - 1)).isFalse();
        assertThat(slice.counts(slice.settleEndMillis())).isTrue();
        assertThat(slice.counts(slice.endMillis() - 1)).isTrue();
        assertThat(slice.counts(slice.endMillis())).isFalse();
    }

    @Test
    void aLateSliceIsReAnchoredWhereItBeganWithItsLengthsKept() {
        Slice planned = schedule(1, 1).slices(START).get(1);
        Slice late = planned.startingAt(planned.startMillis() + 700);

        assertThat(late.round()).isEqualTo(planned.round());
        assertThat(late.target()).isEqualTo(planned.target());
        assertThat(late.settleEndMillis()).isEqualTo(planned.settleEndMillis() + 700);
        assertThat(late.endMillis()).isEqualTo(planned.endMillis() + 700);
        assertThat(late.counts(planned.settleEndMillis())).isFalse();
    }

    @Test
    void aNoSettleScheduleCountsFromTheStart() {
        Slice slice = new SliceSchedule(APPS, 1, Duration.ofSeconds(10), Duration.ZERO, 1)
                .slices(START)
                .getFirst();

        assertThat(slice.counts(slice.startMillis())).isTrue();
    }

    @Test
    void badSchedulesAreRefusedNamingTheBadValue() {
        Duration slice = Duration.ofSeconds(15);
        Duration settle = Duration.ofSeconds(5);

        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SliceSchedule(List.of(), 10, slice, settle, 1))
                .withMessageContaining("at least one target");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SliceSchedule(List.of(APPS.get(0), APPS.get(0)), 10, slice, settle, 1))
                .withMessageContaining("app-threadpool, app-threadpool");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SliceSchedule(APPS, 0, slice, settle, 1))
                .withMessageContaining("rounds=0");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SliceSchedule(APPS, 10, slice, Duration.ofSeconds(15), 1))
                .withMessageContaining("slice=PT15S must be longer than its settle=PT15S");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SliceSchedule(APPS, 10, slice, Duration.ofSeconds(-1), 1))
                .withMessageContaining("settle=PT-1S");
    }
}
