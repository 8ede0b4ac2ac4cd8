package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.OptionalLong;
import loadlab.loadtest.plan.Timeline;
import org.junit.jupiter.api.Test;

/** The backlog a disturbance builds under open arrivals: when it drained back to the calm level, and what timed out. */
class BacklogTests {

    private static final long START = 1_700_000_000_000L;
    private static final Timeline.Segment CALM =
            new Timeline.Segment("backend 0..4000 ms", Duration.ZERO, Duration.ofSeconds(10), false);
    private static final Timeline.Segment SLOW =
            new Timeline.Segment("backend 0..16000 ms", Duration.ofSeconds(10), Duration.ofSeconds(5), true);
    private static final Timeline.Segment AFTER =
            new Timeline.Segment("backend 0..4000 ms", Duration.ofSeconds(15), Duration.ofSeconds(25), false);
    private static final Timeline TIMELINE = new Timeline(List.of(CALM, SLOW, AFTER));

    private static PerSecond second(int at, int inFlight, int timeouts) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(PerSecond.noErrors());
        byClass.put(ErrorClass.TIMEOUT, timeouts);
        return new PerSecond(at, 100, timeouts, OptionalLong.of(100), inFlight, byClass);
    }

    private static Series series(int[] inFlight, int[] timeouts) {
        List<PerSecond> seconds = new ArrayList<>();
        for (int at = 0; at < inFlight.length; at++) {
            seconds.add(second(at, inFlight[at], timeouts[at]));
        }
        return new Series(START, seconds);
    }

    @Test
    void theBacklogDrainsWhenInFlightIsBackAtItsCalmLevelForTheHoldAndTimeoutsOnTheWayAreLost() {
        int[] inFlight = new int[40];
        int[] timeouts = new int[40];
        for (int at = 0; at < 40; at++) {
            inFlight[at] = at % 2 == 0 ? 8 : 10;
        }
        // The backlog builds during the slowdown (seconds 10 to 14), and drains over three seconds after it.
        int[] backlog = {20, 30, 40, 50, 60, 45, 30, 15};
        System.arraycopy(backlog, 0, inFlight, 10, backlog.length);
        timeouts[13] = 3;
        timeouts[16] = 4;
        // A relapse within the hold does not count as drained: in flight is back at 10 at second 18, over it at 20.
        inFlight[20] = 11;

        Backlog figures = Backlog.of(series(inFlight, timeouts), START, TIMELINE, CALM, SLOW);

        assertThat(figures.calmInFlight()).isEqualTo(10);
        assertThat(figures.peakInFlight()).isEqualTo(60);
        assertThat(figures.drainedAfter()).isEqualTo(OptionalInt.of(21 - 15));
        assertThat(figures.lostToTimeouts()).isEqualTo(7);
    }

    @Test
    void aBacklogThatNeverDrainsInTheSecondsWatchedHasNoDrainTime() {
        int[] inFlight = new int[40];
        int[] timeouts = new int[40];
        for (int at = 0; at < 40; at++) {
            inFlight[at] = at < 10 ? 10 : 100 + at;
        }

        Backlog figures = Backlog.of(series(inFlight, timeouts), START, TIMELINE, CALM, SLOW);

        assertThat(figures.drainedAfter()).isEmpty();
        assertThat(figures.lostToTimeouts()).isZero();
    }

    @Test
    void aTargetAlreadyTimingOutBeforeTheDisturbanceHasNoCalmLevelToDrainBackTo() {
        // Over its capacity from the start: in flight at the generator's bound throughout, timeouts in the calm too.
        int[] inFlight = new int[40];
        int[] timeouts = new int[40];
        for (int at = 0; at < 40; at++) {
            inFlight[at] = 7500;
            timeouts[at] = at >= 5 ? 100 : 0;
        }

        Backlog figures = Backlog.of(series(inFlight, timeouts), START, TIMELINE, CALM, SLOW);

        assertThat(figures.drainedAfter()).isEmpty();
        assertThat(figures.lostToTimeouts()).isEqualTo(30 * 100); // seconds 10 to 39: the disturbance and after
    }
}
