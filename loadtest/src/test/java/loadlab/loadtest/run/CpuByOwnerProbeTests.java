package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the recorded app-virtual (see {@code CpuByOwnerTests}: both sample events, 100 users against slow-server), with
 * clocks whose CPU is given.
 */
class CpuByOwnerProbeTests {

    private static final MeasurementWindow EVERYTHING = new MeasurementWindow(0, Long.MAX_VALUE);
    private static final CpuByOwnerProbe.Clock START = new CpuByOwnerProbe.Clock(1_000_000_000L, new GcAndJitCpu(0, 0));
    // 8 s of process CPU over the window, 0.8 s of it the GC's and 0.4 s the JIT's.
    private static final CpuByOwnerProbe.Clock END =
            new CpuByOwnerProbe.Clock(9_000_000_000L, new GcAndJitCpu(800_000_000L, 400_000_000L));

    @TempDir
    Path dir;

    private Path recorded() throws IOException {
        Path file = dir.resolve("app-virtual.jfr");
        try (InputStream in =
                new GZIPInputStream(getClass().getResourceAsStream("/owners/app-virtual.samples.jfr.gz"))) {
            Files.copy(in, file);
        }
        return file;
    }

    @Test
    void countsTheCpuTimeSamplesWhenTheRecordingHasThem() throws IOException {
        CpuOwners cpu =
                CpuByOwnerProbe.figures(recorded(), EVERYTHING, START, END).orElseThrow();

        assertThat(cpu.event()).isEqualTo("jdk.CPUTimeSample");
        assertThat(cpu.samples()).isPositive();
        assertThat(cpu.cpuSeconds()).isEqualTo(8.0);
        assertThat(cpu.share(Owner.GC)).isCloseTo(0.1, within(1e-9));
        assertThat(cpu.share(Owner.JIT)).isCloseTo(0.05, within(1e-9));
        assertThat(cpu.share(Owner.JDK_HTTP_CLIENT)).isPositive();
        assertThat(cpu.share(Owner.TOMCAT)).isPositive();
        assertThat(cpu.owners().stream()
                        .mapToDouble(CpuOwners.OwnerShare::share)
                        .sum())
                .isCloseTo(1.0, within(1e-6));
    }

    @Test
    void aWindowWithoutSamplesFallsBackToTheExecutionSamplesAndHasOnlyGcAndJit() throws IOException {
        CpuOwners cpu = CpuByOwnerProbe.figures(recorded(), new MeasurementWindow(1, 2), START, END)
                .orElseThrow();

        assertThat(cpu.event()).isEqualTo("jdk.ExecutionSample");
        assertThat(cpu.samples()).isZero();
        assertThat(cpu.owners()).extracting(CpuOwners.OwnerShare::owner).containsExactly(Owner.GC, Owner.JIT);
    }

    @Test
    void noCpuBetweenTheClocksIsNoFigure() throws IOException {
        assertThat(CpuByOwnerProbe.figures(recorded(), EVERYTHING, START, START))
                .isEmpty();
    }

    @Test
    void readsThisJvmsClocksAndNoneOfAProcessThatIsGone() {
        assertThat(CpuByOwnerProbe.Clock.read(ProcessHandle.current().pid()))
                .hasValueSatisfying(clock -> assertThat(clock.processNanos()).isPositive());
        assertThat(CpuByOwnerProbe.Clock.read(Integer.MAX_VALUE)).isEmpty();
    }

    @Test
    void aTargetWithoutALocalJvmIsNotProbedAndOneWithoutARecordingHasNoFigures() {
        CpuByOwnerProbe probe = new CpuByOwnerProbe();
        Probed unreachable = new Probed(
                Target.DIRECT, "direct", new Probed.Unreachable(), Duration.ofSeconds(1), Optional.empty(), n -> {});
        assertThat(probe.start(unreachable)).isEmpty();

        Probed local = new Probed(
                Target.DIRECT,
                "direct",
                new Probed.Local(ProcessHandle.current().pid(), List.of(), Path.of("unused.jfr")),
                Duration.ofSeconds(1),
                Optional.empty(),
                n -> {});
        try (Probe.Running<CpuOwners> running = probe.start(local).orElseThrow()) {
            running.windowBegan(System.currentTimeMillis() - 1_000);
            Probe.Readings<CpuOwners> readings = running.stop();
            assertThat(readings.over(new Probed.Ended(EVERYTHING, null, Optional.empty(), Optional.empty())))
                    .isEmpty();
        }
    }
}
