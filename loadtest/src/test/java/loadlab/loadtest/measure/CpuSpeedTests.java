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

        CpuSpeed speed = CpuSpeed.of(timings, WINDOW, Yardstick.WALK_64_KIB).orElseThrow();

        assertThat(speed.timings()).isEqualTo(101);
        assertThat(speed.kernelMs()).isEqualTo(1.2);
        assertThat(speed.referenceMs()).isEqualTo(1.0);
    }

    @Test
    void tooFewTimingsInsideTheWindowGiveNoSpeed() {
        List<CpuSpeed.Timing> timings = new ArrayList<>(timings(T0 - 60_000, 200, 1_000_000));
        timings.addAll(timings(T0, Thresholds.MIN_SPEED_TIMINGS - 1, 1_000_000));

        assertThat(CpuSpeed.of(timings, WINDOW, Yardstick.WALK_64_KIB)).isEmpty();
        assertThat(CpuSpeed.of(List.of(), WINDOW, Yardstick.WALK_64_KIB)).isEmpty();
        timings.add(new CpuSpeed.Timing(T0 + 59_999, 1_000_000));
        assertThat(CpuSpeed.of(timings, WINDOW, Yardstick.WALK_64_KIB)).isPresent();
    }

    @Test
    void aSlowerCpuScalesItsFiguresDownToTheReference() {
        CpuSpeed slow = new CpuSpeed(Yardstick.WALK_64_KIB, 1.25, 240);
        CpuSpeed fast = new CpuSpeed(Yardstick.WALK_64_KIB, 0.8, 240);

        assertThat(slow.factor()).isEqualTo(0.8);
        assertThat(slow.normalise(0.5)).isCloseTo(0.4, within(1e-12));
        assertThat(fast.normalise(0.5)).isCloseTo(0.625, within(1e-12));
        assertThat(new CpuSpeed(Yardstick.WALK_64_KIB, 1.0, 240).normalise(0.37))
                .isEqualTo(0.37);
    }

    @Test
    void eachYardstickNormalisesToItsOwnReference() {
        CpuSpeed atReference = new CpuSpeed(Yardstick.WALK_512_KIB, 1.5, 240);

        assertThat(atReference.referenceMs()).isEqualTo(1.5);
        assertThat(atReference.normalise(0.37)).isEqualTo(0.37);
        assertThat(new CpuSpeed(Yardstick.WALK_512_KIB, 3.0, 240).normalise(0.5))
                .isEqualTo(0.25);
        assertThat(Yardstick.of("walk-512KiB")).isEqualTo(Yardstick.WALK_512_KIB);
        assertThatThrownBy(() -> Yardstick.of("walk-1KiB"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown CPU yardstick: walk-1KiB");
    }

    @Test
    void aSpeedWithoutPositiveTimesOrTimingsIsRefused() {
        assertThatThrownBy(() -> new CpuSpeed(Yardstick.WALK_64_KIB, 0, 240))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CpuSpeed(null, 1.0, 240)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CpuSpeed(Yardstick.WALK_64_KIB, 1.0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
