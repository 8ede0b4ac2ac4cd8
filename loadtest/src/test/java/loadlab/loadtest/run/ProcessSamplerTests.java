package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.ResourceUsage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class ProcessSamplerTests {

    private static final Duration FAST = Duration.ofMillis(50);

    @BeforeAll
    static void linuxOnly() {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "Linux /proc only");
    }

    @Test
    void samplesAProcessUntilStoppedInOrderWithACounterThatNeverGoesBack() throws Exception {
        ProcessSampler sampler = ProcessSampler.start(ProcessHandle.current().pid(), FAST);
        ProcStatTests.burnCpu();
        Thread.sleep(300);

        ResourceSamples samples = sampler.stop();

        List<ResourceSamples.Reading> readings = samples.readings();
        assertThat(readings).hasSizeGreaterThanOrEqualTo(4);
        assertThat(readings).allSatisfy(r -> assertThat(r.threads()).isPositive());
        assertThat(readings.getLast().cpuNanos())
                .isGreaterThan(readings.getFirst().cpuNanos());
        assertThat(sampler.ended()).isTrue();
        assertThat(sampler.problem()).isEmpty();
        // Stopped means stopped: nothing arrives afterwards.
        Thread.sleep(150);
        assertThat(sampler.samples().readings()).hasSameSizeAs(readings);
    }

    @Test
    void readsTheAcceptQueueOfThePortWithEachReading() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket first = new Socket(server.getInetAddress(), server.getLocalPort());
                Socket second = new Socket(server.getInetAddress(), server.getLocalPort())) {
            assertThat(AcceptQueueTests.waitFor(server.getLocalPort(), 2)).isEqualTo(OptionalInt.of(2));
            ProcessSampler sampler =
                    ProcessSampler.start(ProcessHandle.current().pid(), server.getLocalPort(), FAST);
            Thread.sleep(150);

            List<ResourceSamples.Reading> readings = sampler.stop().readings();

            assertThat(readings)
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.notAccepted()).isEqualTo(2));
        }
    }

    @Test
    void aProcessSampledWithoutItsPortHasNoAcceptQueue() {
        ProcessSampler sampler = ProcessSampler.start(ProcessHandle.current().pid(), FAST);

        assertThat(sampler.stop().readings())
                .isNotEmpty()
                .allSatisfy(r -> assertThat(r.notAccepted()).isEqualTo(ResourceSamples.Reading.UNKNOWN));
    }

    @Test
    void theSamplerThreadIsADaemonSoItNeverKeepsTheRunnerAlive() throws Exception {
        try (ProcessSampler ignored =
                ProcessSampler.start(ProcessHandle.current().pid(), FAST)) {
            Thread.sleep(100);
            Thread thread = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> t.getName()
                            .equals("loadlab-sampler-" + ProcessHandle.current().pid()))
                    .findFirst()
                    .orElseThrow();
            assertThat(thread.isDaemon()).isTrue();
        }
    }

    @Test
    void stopsByItselfWhenTheProcessIsGone() throws Exception {
        Process child = new ProcessBuilder("sleep", "30").start();
        try {
            ProcessSampler sampler = ProcessSampler.start(child.pid(), FAST);
            Thread.sleep(200);
            child.destroy();
            assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (!sampler.ended() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }

            assertThat(sampler.ended()).isTrue();
            ResourceSamples samples = sampler.stop();
            assertThat(samples.readings())
                    .isNotEmpty()
                    .allSatisfy(r -> assertThat(r.threads()).isEqualTo(1));
            assertThat(sampler.problem()).isEmpty();
        } finally {
            child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void samplesThisJvmWithTheMxBeanClock() throws Exception {
        ProcessSampler sampler = ProcessSampler.startThisJvm(FAST);
        // As in a run, the sampler has read before the window starts: a waited-for reading, not a sleep, since a busy
        // machine can hold the sampler's thread back longer than any sleep.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (sampler.samples().readings().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        long before = System.currentTimeMillis();
        ProcStatTests.burnCpu();
        ProcStatTests.burnCpu();

        // Its last reading, taken as it stops, comes after the burn whenever its timer last ran.
        ResourceSamples samples = sampler.stop();
        MeasurementWindow window = new MeasurementWindow(before, System.currentTimeMillis());

        ResourceUsage usage = ResourceUsage.of(samples, window, 1).orElseThrow();
        // 100 ms of this thread's CPU inside the window, and whatever else the JVM did.
        assertThat(usage.cpuSeconds()).isGreaterThanOrEqualTo(0.1);
        assertThat(usage.peakThreads()).isGreaterThan(5);
    }
}
