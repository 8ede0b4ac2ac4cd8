package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.plan.SliceSchedule;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class SliceLoopTests {

    private static final long START = 1_800_000_000_000L;
    private static final List<Target> TARGETS = Target.APPS.subList(2, 5);

    /** A clock that moves only when the fake target's turn moves it. */
    private static final class FakeClock implements SliceLoop.Clock {
        long now = START;

        @Override
        public long nowMillis() {
            return now;
        }
    }

    /**
     * A fake target's turn: a request ending every 100 ms from the slice's start to its end, failed (a 500) while the
     * slice settles and good after, with process readings every second costing 1 ms of CPU each; the switch to the
     * next slice then takes 37 ms, as a real one takes some.
     */
    private static final class FakeTurn implements SliceLoop.Turn {
        final FakeClock clock;
        final List<SliceSchedule.Slice> seen = new ArrayList<>();
        final Optional<Target> dyingIn2ndRound;

        FakeTurn(FakeClock clock, Optional<Target> dyingIn2ndRound) {
            this.clock = clock;
            this.dyingIn2ndRound = dyingIn2ndRound;
        }

        @Override
        public SliceFigures run(SliceSchedule.Slice slice) throws SliceLoop.Lost {
            assertThat(slice.startMillis()).isEqualTo(clock.now);
            seen.add(slice);
            if (dyingIn2ndRound.filter(slice.target()::equals).isPresent() && slice.round() == 1) {
                clock.now = slice.startMillis() + 2_000;
                throw new SliceLoop.Lost("died");
            }
            List<Sample> samples = new ArrayList<>();
            for (long end = slice.startMillis() + 100; end < slice.endMillis(); end += 100) {
                boolean settling = end < slice.settleEndMillis();
                samples.add(new Sample(end - 50, end, !settling, settling ? "500" : "200", "", 20));
            }
            List<ResourceSamples.Reading> readings = new ArrayList<>();
            for (long at = slice.startMillis(); at <= slice.endMillis(); at += 1_000) {
                readings.add(new ResourceSamples.Reading(at, (at - START) * 1_000_000, 100_000, 40));
            }
            ResourceSamples process = new ResourceSamples(readings);
            clock.now = slice.endMillis() + 37;
            return SliceFigures.of(slice, samples, Optional.of(process), Optional.of(process));
        }
    }

    private static SliceSchedule schedule() {
        return new SliceSchedule(TARGETS, 8, Duration.ofSeconds(15), Duration.ofSeconds(5), 7);
    }

    @Test
    void everyTargetGetsTheSameNumberOfSlicesBackToBackAndNothingOfTheSettleCounts() {
        FakeClock clock = new FakeClock();
        FakeTurn turn = new FakeTurn(clock, Optional.empty());

        SliceLoop.Result result = SliceLoop.run(schedule(), clock, turn);

        assertThat(result.lost()).isEmpty();
        Map<String, Long> perTarget =
                result.slices().stream().collect(Collectors.groupingBy(SliceFigures::target, Collectors.counting()));
        assertThat(perTarget).containsOnlyKeys("app-webflux", "app-coroutines", "app-virtual");
        assertThat(perTarget.values()).containsOnly(8L);
        for (int i = 1; i < turn.seen.size(); i++) {
            SliceSchedule.Slice before = turn.seen.get(i - 1);
            SliceSchedule.Slice slice = turn.seen.get(i);
            // A late switch shortens nothing: the slice starts where the switch happened, its lengths kept.
            assertThat(slice.startMillis()).isEqualTo(before.endMillis() + 37);
            assertThat(slice.settleEndMillis() - slice.startMillis()).isEqualTo(5_000);
            assertThat(slice.endMillis() - slice.startMillis()).isEqualTo(15_000);
        }
        // Only the counted 10 s: its 100 requests, none of the settle's failures.
        assertThat(result.slices()).allSatisfy(slice -> {
            assertThat(slice.requests()).isEqualTo(100);
            assertThat(slice.good()).isEqualTo(100);
            assertThat(slice.cpuSecondsPer1000Requests().getAsDouble())
                    .isCloseTo(100.0, org.assertj.core.data.Offset.offset(1e-9));
        });
        // Each round has every target once, and the order is not the same in every round.
        Map<Integer, List<String>> orders = result.slices().stream()
                .collect(Collectors.groupingBy(
                        SliceFigures::round, Collectors.mapping(SliceFigures::target, Collectors.toList())));
        assertThat(orders.values())
                .allSatisfy(order ->
                        assertThat(order).containsExactlyInAnyOrder("app-webflux", "app-coroutines", "app-virtual"));
        assertThat(orders.values().stream().distinct().count()).isGreaterThan(1);
    }

    @Test
    void aLostTargetGetsNoMoreSlicesAndTheOthersGoOn() {
        FakeClock clock = new FakeClock();
        Target dying = TARGETS.get(1);
        FakeTurn turn = new FakeTurn(clock, Optional.of(dying));

        SliceLoop.Result result = SliceLoop.run(schedule(), clock, turn);

        assertThat(result.lost()).containsOnlyKeys(dying);
        Map<String, Long> perTarget =
                result.slices().stream().collect(Collectors.groupingBy(SliceFigures::target, Collectors.counting()));
        assertThat(perTarget).containsEntry(dying.name(), 1L);
        assertThat(perTarget.entrySet().stream()
                        .filter(e -> !e.getKey().equals(dying.name()))
                        .map(Map.Entry::getValue))
                .containsOnly(8L);
        assertThat(turn.seen.stream().filter(s -> s.target().equals(dying))).hasSize(2);
    }
}
