package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.GcAndJitCpu.ThreadCpu;
import org.junit.jupiter.api.Test;

class GcAndJitCpuTests {

    @Test
    void theCollectorsThreadsAreKnownByTheNamesHotSpotGivesThem() {
        // As /proc/<pid>/task/*/comm shows them on JDK 25: 15 characters and a newline.
        assertThat(List.of(
                        "GC Thread#0\n",
                        "G1 Main Marker\n",
                        "G1 Conc#0\n",
                        "G1 Refine#0\n",
                        "G1 Service\n",
                        "ZWorkerYoung#0\n",
                        "ZDriverMajor\n",
                        "ZDirector\n",
                        "RuntimeWorker#0\n",
                        "Shenandoah GC T\n"))
                .allMatch(GcAndJitCpu::isGcThreadName);
        assertThat(List.of(
                        "C2 CompilerThre\n",
                        "VM Thread\n",
                        "main\n",
                        "http-nio-8085-e\n",
                        "reactor-http-ep\n",
                        "ForkJoinPool-1-\n"))
                .noneMatch(GcAndJitCpu::isGcThreadName);
    }

    @Test
    void threadsAreSummedByRoleAndTheRestLeftOut() {
        GcAndJitCpu cpu = GcAndJitCpu.of(List.of(
                new ThreadCpu("GC Thread#0\n", 30),
                new ThreadCpu("GC Thread#1\n", 20),
                new ThreadCpu("G1 Conc#0\n", 5),
                new ThreadCpu("C1 CompilerThre\n", 7),
                new ThreadCpu("C2 CompilerThre\n", 11),
                new ThreadCpu("main\n", 1_000),
                new ThreadCpu("VM Thread\n", 100)));

        assertThat(cpu).isEqualTo(new GcAndJitCpu(55, 18));
    }

    @Test
    void aWindowsCpuIsTheDifferenceAndNeverNegative() {
        GcAndJitCpu start = new GcAndJitCpu(100, 50);

        assertThat(new GcAndJitCpu(160, 80).since(start)).isEqualTo(new GcAndJitCpu(60, 30));
        // A compiler thread that HotSpot ended took its time with it.
        assertThat(new GcAndJitCpu(160, 40).since(start)).isEqualTo(new GcAndJitCpu(60, 0));
    }

    @Test
    void thisJvmsCollectorAndCompilerHaveWorked() {
        List<byte[]> kept = new ArrayList<>();
        for (int round = 0; round < 5; round++) {
            for (int i = 0; i < 200; i++) {
                kept.add(new byte[64 * 1024]);
            }
            System.gc();
            kept.clear();
        }

        GcAndJitCpu cpu = GcAndJitCpu.read(ProcessHandle.current().pid()).orElseThrow();

        assertThat(cpu.gcNanos()).isPositive();
        assertThat(cpu.jitNanos()).isPositive();
    }

    @Test
    void aProcessThatIsGoneHasNoReading() {
        assertThat(GcAndJitCpu.read(Long.MAX_VALUE)).isEmpty();
    }
}
