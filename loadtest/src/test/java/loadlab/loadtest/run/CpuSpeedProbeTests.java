package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.util.List;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.plan.CpuPinning;
import org.junit.jupiter.api.Test;

class CpuSpeedProbeTests {

    /** Runs the probe until it has timed a few runs of its work, then stops it. */
    private static List<CpuSpeed.Timing> timingsOf(CpuSpeedProbe.Timer probe) throws InterruptedException {
        Thread.sleep(1_500);
        return probe.timings();
    }

    @Test
    void itTimesItsWorkInOrderUntilStoppedAndNotAfter() throws InterruptedException {
        CpuSpeedProbe.Timer probe = CpuSpeedProbe.Timer.on(List.of());

        List<CpuSpeed.Timing> timings = timingsOf(probe);
        Thread.sleep(600);

        assertThat(probe.problem()).isEmpty();
        assertThat(timings)
                .isNotEmpty()
                .allSatisfy(timing -> assertThat(timing.cpuNanos()).isPositive());
        assertThat(timings).extracting(CpuSpeed.Timing::atMillis).isSorted();
        assertThat(probe.timings()).isEqualTo(timings);
    }

    @Test
    void onTheCpuItIsGivenItTimesThere() throws InterruptedException {
        assumeThat(Files.isExecutable(CpuPinning.TASKSET)).as("taskset").isTrue();

        try (CpuSpeedProbe.Timer probe = CpuSpeedProbe.Timer.on(List.of(0))) {
            assertThat(timingsOf(probe)).isNotEmpty();
            assertThat(probe.problem()).isEmpty();
        }
    }

    @Test
    void aCpuItCannotBePutOnGivesNoTimingsAndSaysWhy() throws InterruptedException {
        assumeThat(Files.isExecutable(CpuPinning.TASKSET)).as("taskset").isTrue();

        try (CpuSpeedProbe.Timer probe = CpuSpeedProbe.Timer.on(List.of(4095))) {
            assertThat(timingsOf(probe)).isEmpty();
            assertThat(probe.problem())
                    .hasValueSatisfying(
                            problem -> assertThat(problem).contains("taskset").contains("4095"));
        }
    }

    @Test
    void theWorkIsTheSameEveryTime() {
        assertThat(CpuSpeedProbe.work(10_000)).isEqualTo(CpuSpeedProbe.work(10_000));
        assertThat(CpuSpeedProbe.work(10_000)).isNotEqualTo(CpuSpeedProbe.work(10_001));
    }
}
