package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import loadlab.loadtest.measure.CpuByOwner.OwnerCpu;
import loadlab.loadtest.measure.CpuByOwner.SampleEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads real recordings: app-virtual and app-webflux (JDK 25.0.3, Boot 4.1.0, built from main at bf10586) under 100
 * closed-loop users against slow-server at 100..300 ms, recorded for 12 s once warm with JFR's default settings plus
 * JDK 25's CPU-time sampler ({@code jdk.CPUTimeSample#enabled=true,throttle=20ms}), then scrubbed to the two sample
 * events ({@code jfr scrub --include-events jdk.ExecutionSample,jdk.CPUTimeSample}) and gzipped.
 */
class CpuByOwnerTests {

    private static final MeasurementWindow EVERYTHING = new MeasurementWindow(0, Long.MAX_VALUE);

    @TempDir
    static Path dir;

    private static Path virtual;
    private static Path webflux;

    @BeforeAll
    static void unpack() throws IOException {
        virtual = unpack("app-virtual.samples.jfr.gz");
        webflux = unpack("app-webflux.samples.jfr.gz");
    }

    private static Path unpack(String name) throws IOException {
        Path file = dir.resolve(name.replace(".gz", ""));
        try (InputStream in = new GZIPInputStream(CpuByOwnerTests.class.getResourceAsStream("/owners/" + name))) {
            Files.copy(in, file);
        }
        return file;
    }

    /** The start times, epoch millis, of the file's events of that kind that have a stack, read independently. */
    private static List<Long> sampleTimes(Path jfr, SampleEvent event) throws IOException {
        List<Long> times = new ArrayList<>();
        for (RecordedEvent sample : RecordingFile.readAllEvents(jfr)) {
            if (sample.getEventType().getName().equals(event.eventName()) && sample.getStackTrace() != null) {
                times.add(sample.getStartTime().toEpochMilli());
            }
        }
        return times.stream().sorted().toList();
    }

    @Test
    void aVirtualThreadAppsSamplesGoToTomcatSpringAndTheJdkClient() throws IOException {
        CpuByOwner cpu = CpuByOwner.read(virtual, EVERYTHING);

        assertThat(cpu.event()).isEqualTo(SampleEvent.EXECUTION);
        assertThat(cpu.totalSamples())
                .isEqualTo(sampleTimes(virtual, SampleEvent.EXECUTION).size());
        assertThat(cpu.samples()).containsKeys(Owner.TOMCAT, Owner.SPRING, Owner.JDK_HTTP_CLIENT);
        assertThat(cpu.samples())
                .doesNotContainKeys(
                        Owner.REACTOR_NETTY_CLIENT, Owner.REACTOR_NETTY_SERVER, Owner.NETTY, Owner.GC, Owner.JIT);
        assertThat(cpu.unwalkedSamples()).isZero();
    }

    @Test
    void aReactiveAppsSamplesGoToReactorNettysServerAndClientAndSpring() throws IOException {
        CpuByOwner cpu = CpuByOwner.read(webflux, EVERYTHING);

        assertThat(cpu.totalSamples())
                .isEqualTo(sampleTimes(webflux, SampleEvent.EXECUTION).size());
        assertThat(cpu.samples()).containsKeys(Owner.REACTOR_NETTY_CLIENT, Owner.REACTOR_NETTY_SERVER, Owner.SPRING);
        assertThat(cpu.samples()).doesNotContainKeys(Owner.TOMCAT, Owner.JDK_HTTP_CLIENT, Owner.VIRTUAL_THREAD_STACKS);
        // Reactive stacks are deep, and JFR cuts them at 64 frames; only those cut before an own frame are counted.
        long truncated = RecordingFile.readAllEvents(webflux).stream()
                .filter(e -> e.getEventType().getName().equals(SampleEvent.EXECUTION.eventName()))
                .filter(e -> e.getStackTrace() != null && e.getStackTrace().isTruncated())
                .count();
        assertThat(truncated).isPositive();
        assertThat(cpu.cutShortSamples()).isLessThan((int) truncated);
    }

    @Test
    void theCpuTimeSamplerIsReadWhenAsked() throws IOException {
        CpuByOwner cpu = CpuByOwner.read(virtual, EVERYTHING, SampleEvent.CPU_TIME);

        assertThat(cpu.event()).isEqualTo(SampleEvent.CPU_TIME);
        assertThat(cpu.totalSamples())
                .isEqualTo(sampleTimes(virtual, SampleEvent.CPU_TIME).size());
        assertThat(cpu.totalSamples())
                .isNotEqualTo(sampleTimes(virtual, SampleEvent.EXECUTION).size());
        assertThat(cpu.samples()).containsKeys(Owner.TOMCAT, Owner.SPRING, Owner.JDK_HTTP_CLIENT);
    }

    @Test
    void onlySamplesInsideTheHalfOpenWindowCount() throws IOException {
        List<Long> times = sampleTimes(virtual, SampleEvent.EXECUTION);
        long middle = times.get(times.size() / 2);
        long first = times.getFirst();
        long afterLast = times.getLast() + 1;

        int before =
                CpuByOwner.read(virtual, new MeasurementWindow(first, middle)).totalSamples();
        int after = CpuByOwner.read(virtual, new MeasurementWindow(middle, afterLast))
                .totalSamples();
        CpuByOwner outside = CpuByOwner.read(virtual, new MeasurementWindow(first - 60_000, first));

        assertThat(before).isEqualTo(times.stream().filter(t -> t < middle).count());
        assertThat(before + after).isEqualTo(times.size());
        assertThat(outside.totalSamples()).isZero();
        assertThat(outside.shares()).isEmpty();
    }

    @Test
    void sharesOfTheSamplesAddUpToOneInOwnerOrder() throws IOException {
        List<OwnerCpu> rows = CpuByOwner.read(webflux, EVERYTHING).shares();

        assertThat(rows.stream().mapToDouble(OwnerCpu::share).sum()).isCloseTo(1.0, within(1e-9));
        assertThat(rows.stream().map(OwnerCpu::owner).toList()).isSortedAccordingTo(Enum::compareTo);
        assertThat(rows).allSatisfy(row -> assertThat(row.cpuSeconds()).isEmpty());
    }

    private static final CpuByOwner SYNTHETIC =
            new CpuByOwner(SampleEvent.EXECUTION, Map.of(Owner.SPRING, 3, Owner.TOMCAT, 1), 0, 0);

    @Test
    void withTheWindowsCpuTheGcAndJitTakeTheirOwnAndTheSamplesShareTheRest() {
        List<OwnerCpu> rows = SYNTHETIC.shares(10_000_000_000L, new GcAndJitCpu(1_000_000_000L, 1_000_000_000L));

        assertThat(rows.stream().map(OwnerCpu::owner)).containsExactly(Owner.TOMCAT, Owner.SPRING, Owner.GC, Owner.JIT);
        assertThat(rows.stream().map(row -> row.cpuSeconds().orElseThrow())).containsExactly(2.0, 6.0, 1.0, 1.0);
        assertThat(rows.stream().map(OwnerCpu::share)).containsExactly(0.2, 0.6, 0.1, 0.1);
        assertThat(rows.stream().map(OwnerCpu::samples)).containsExactly(1, 3, 0, 0);
    }

    @Test
    void gcAndJitThatReadMoreThanTheProcessNeverMakeANegativeRow() {
        List<OwnerCpu> rows = SYNTHETIC.shares(1_000_000_000L, new GcAndJitCpu(800_000_000L, 400_000_000L));

        assertThat(rows)
                .allSatisfy(row -> assertThat(row.cpuSeconds().orElseThrow()).isNotNegative());
        assertThat(rows.stream()
                        .mapToDouble(row -> row.cpuSeconds().orElseThrow())
                        .sum())
                .isCloseTo(1.0, within(1e-9));
    }

    @Test
    void withNoSampleOnlyTheGcAndJitRowsAreThere() {
        CpuByOwner none = new CpuByOwner(SampleEvent.EXECUTION, Map.of(), 0, 0);

        assertThat(none.shares(1_000_000_000L, new GcAndJitCpu(100_000_000L, 0)))
                .extracting(OwnerCpu::owner)
                .containsExactly(Owner.GC);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> none.shares(0, new GcAndJitCpu(0, 0)))
                .withMessageContaining("processCpuNanos=0");
    }
}
