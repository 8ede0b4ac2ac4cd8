package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import loadlab.loadtest.plan.Timeline;
import org.junit.jupiter.api.Test;

/** Recovery read from synthetic per-second series: 40 calm seconds, 20 disturbed, then what follows. */
class RecoveryTests {

    private static final long WINDOW_START = 1_000_000;
    private static final Timeline SLOWDOWN = new Timeline(List.of(
            new Timeline.Segment("backend 0..4000 ms", Duration.ZERO, Duration.ofSeconds(40), false),
            new Timeline.Segment("backend 0..16000 ms", Duration.ofSeconds(40), Duration.ofSeconds(20), true),
            new Timeline.Segment("backend 0..4000 ms", Duration.ofSeconds(60), Duration.ofSeconds(60), false)));

    /** Second i of the window; the run started 5 s before the window. */
    private static Series series(IntFunction<PerSecond> windowSecond) {
        List<PerSecond> seconds = new ArrayList<>();
        for (int i = 0; i < 5 + 120; i++) {
            PerSecond s = windowSecond.apply(i - 5);
            seconds.add(new PerSecond(i, s.completed(), s.errors(), s.p99Ms(), s.inFlight(), s.errorsByClass()));
        }
        return new Series(WINDOW_START - 5_000, seconds);
    }

    private static PerSecond calm() {
        return new PerSecond(0, 100, 0, OptionalLong.of(3_900), 400, PerSecond.noErrors());
    }

    private static PerSecond slow(int timeouts) {
        Map<ErrorClass, Integer> errors = new EnumMap<>(PerSecond.noErrors());
        errors.put(ErrorClass.TIMEOUT, timeouts);
        return new PerSecond(0, 25 + timeouts, timeouts, OptionalLong.of(15_800), 500, errors);
    }

    private static Recovery only(Series series) {
        List<Recovery> recoveries = Recovery.of(series, WINDOW_START, SLOWDOWN);
        assertThat(recoveries).hasSize(1);
        return recoveries.getFirst();
    }

    @Test
    void aTargetBackInTheBandFromSomeSecondOnRecoveredThatLongAfterTheDisturbance() {
        Recovery r =
                only(series(second -> second < 40 ? calm() : second < 60 ? slow(2) : second < 68 ? slow(0) : calm()));

        assertThat(r.calmGood()).isEqualTo(100);
        assertThat(r.calmP99Ms()).isEqualTo(3_900);
        // Good throughput is averaged over 5 s, and must reach 90% of calm: 4 × 100 + 25 < 450, so the first second
        // within the band is the 5th calm one, second 72, and it stays there: 12 s after the disturbance's end (60).
        assertThat(r.recoveredAfter()).hasValue(12);
        assertThat(r.relapsed()).isFalse();
        assertThat(r.lowestGood()).isEqualTo(25);
        assertThat(r.highestP99Ms()).isEqualTo(15_800);
        assertThat(r.peakInFlight()).isEqualTo(500);
        assertThat(r.errorsDuring()).containsEntry(ErrorClass.TIMEOUT, 40);
        assertThat(r.errorsAfter()).containsEntry(ErrorClass.TIMEOUT, 0);
    }

    @Test
    void aTargetThatNeverComesBackSaysSo() {
        Recovery r = only(series(second -> second < 40 ? calm() : slow(0)));

        assertThat(r.recoveredAfter()).isEmpty();
        assertThat(r.firstRecoveredAfter()).isEmpty();
    }

    @Test
    void aTargetBackOnceAndOutAgainRelapsed() {
        Recovery r = only(series(second -> second < 40 || (second >= 60 && second < 80) ? calm() : slow(0)));

        assertThat(r.firstRecoveredAfter()).isPresent();
        assertThat(r.recoveredAfter()).isEmpty();
        assertThat(r.relapsed()).isTrue();
    }

    @Test
    void aDipThatChanceExplainsAtALowRateIsNoRelapse() {
        // Calm at 50 req/s: one second of 20 makes a 5 s average of 44, 88% of calm, out of a 10% band; yet 250
        // completions vary by ±16 by chance, so the floor is 50 − 3 × √(50 / 5) = 40.5 req/s, and 44 is within it.
        PerSecond calm50 = new PerSecond(0, 50, 0, OptionalLong.of(3_900), 100, PerSecond.noErrors());
        PerSecond dip = new PerSecond(0, 20, 0, OptionalLong.of(3_900), 100, PerSecond.noErrors());
        PerSecond deep = new PerSecond(0, 5, 0, OptionalLong.of(3_900), 100, PerSecond.noErrors());

        Recovery chance = only(series(second -> second == 100 ? dip : calm50));
        Recovery real = only(series(second -> second == 100 || second == 101 ? deep : calm50));

        assertThat(chance.recoveredAfter()).hasValue(0);
        assertThat(chance.relapsed()).isFalse();
        assertThat(real.relapsed())
                .as("(4 × 50 + 5) / 5 = 41, then 32: below the floor")
                .isTrue();
    }

    @Test
    void aTargetThatWasNeverDisturbedIsBackAtOnce() {
        Recovery r = only(series(second -> calm()));

        assertThat(r.recoveredAfter()).hasValue(0);
        assertThat(r.lowestGood()).isEqualTo(100);
        assertThat(r.errorsDuring().values()).allMatch(n -> n == 0);
    }
}
