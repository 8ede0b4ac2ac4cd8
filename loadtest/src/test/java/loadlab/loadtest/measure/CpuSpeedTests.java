package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CpuSpeedTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(T0, 60);

    /** One timing every 250 ms from {@code from} for {@code count} timings, each taking {@code nanos}. */
    private static List<CpuSpeed.Timing> timings(long from, int count, long nanos) {
        List<CpuSpeed.Timing> timings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            timings.add(new CpuSpeed.Timing(from + 250L * i, nanos));
        }
        return timings;
    }

    @Test
    void theSpeedIsTheMedianOfTheTimingsInsideTheWindowOnly() {
        List<CpuSpeed.Timing> timings = new ArrayList<>();
        // Before the window, the machine was slow; inside, 60 runs at 1.2 ms, 40 at 1.0 ms and one preempted at 9 ms.
        timings.addAll(timings(T0 - 20_000, 40, 5_000_000));
        timings.addAll(timings(T0, 60, 1_200_000));
        timings.addAll(timings(T0 + 15_000, 40, 1_000_000));
        timings.add(new CpuSpeed.Timing(T0 + 30_000, 9_000_000));
        // The window's end is exclusive, as for requests.
        timings.addAll(timings(T0 + 60_000, 40, 5_000_000));

        CpuSpeed speed = CpuSpeed.of(timings, WINDOW, 1.0).orElseThrow();

        assertThat(speed.timings()).isEqualTo(101);
        assertThat(speed.kernelMs()).isEqualTo(1.2);
        assertThat(speed.referenceMs()).isEqualTo(1.0);
    }

    @Test
    void tooFewTimingsInsideTheWindowGiveNoSpeed() {
        List<CpuSpeed.Timing> timings = new ArrayList<>(timings(T0 - 60_000, 200, 1_000_000));
        timings.addAll(timings(T0, Thresholds.MIN_SPEED_TIMINGS - 1, 1_000_000));

        assertThat(CpuSpeed.of(timings, WINDOW, 1.0)).isEmpty();
        assertThat(CpuSpeed.of(List.of(), WINDOW, 1.0)).isEmpty();
        timings.add(new CpuSpeed.Timing(T0 + 59_999, 1_000_000));
        assertThat(CpuSpeed.of(timings, WINDOW, 1.0)).isPresent();
    }

    @Test
    void aSlowerCpuScalesItsFiguresDownToTheReference() {
        CpuSpeed slow = new CpuSpeed(1.25, 1.0, 240);
        CpuSpeed fast = new CpuSpeed(0.8, 1.0, 240);

        assertThat(slow.factor()).isEqualTo(0.8);
        assertThat(slow.normalise(0.5)).isCloseTo(0.4, within(1e-12));
        assertThat(fast.normalise(0.5)).isCloseTo(0.625, within(1e-12));
        assertThat(new CpuSpeed(1.0, 1.0, 240).normalise(0.37)).isEqualTo(0.37);
    }

    @Test
    void aSpeedWithoutPositiveTimesOrTimingsIsRefused() {
        assertThatThrownBy(() -> new CpuSpeed(0, 1.0, 240)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CpuSpeed(1.0, Double.NaN, 240)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CpuSpeed(1.0, 1.0, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
