package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class FloorTests {

    @Test
    void anExecutorWithoutALimitWaitsOnceForEveryTask() {
        assertThat(Floor.blockingMs(10_000, 200, Variant.ONE_PER_TASK)).isEqualTo(200);
    }

    @Test
    void aPoolRunsTheTasksInWavesOfItsSize() {
        assertThat(Floor.blockingMs(10_000, 200, 200)).isEqualTo(10_000); // 50 waves
        assertThat(Floor.blockingMs(10_000, 200, 400)).isEqualTo(5_000); // 25 waves
    }

    @Test
    void aPartialLastWaveCountsAsAWholeOne() {
        assertThat(Floor.blockingMs(10_000, 200, 300)).isEqualTo(34 * 200); // ceil(33.3)
        assertThat(Floor.blockingMs(201, 10, 200)).isEqualTo(20);
    }

    @Test
    void moreThreadsThanTasksStillWaitOnce() {
        assertThat(Floor.blockingMs(100, 200, 400)).isEqualTo(200);
        assertThat(Floor.blockingMs(1, 200, 1)).isEqualTo(200);
    }

    @Test
    void noOverflowForLargeBatches() {
        assertThat(Floor.blockingMs(Integer.MAX_VALUE, 1_000, 1)).isEqualTo((long) Integer.MAX_VALUE * 1_000);
    }

    @Test
    void nonsenseIsRefused() {
        assertThatThrownBy(() -> Floor.blockingMs(0, 200, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Floor.blockingMs(10, 200, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Floor.cpuSeconds(0, 2)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Floor.cpuSeconds(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theCpuFloorSpreadsTheSerialWorkOverTheCores() {
        assertThat(Floor.cpuSeconds(0.6, 2)).isCloseTo(0.3, within(1e-12));
    }

    @Test
    void efficiencyIsFloorOverMeasured() {
        assertThat(Floor.efficiency(0.2, 0.25)).isCloseTo(0.8, within(1e-12));
    }
}
