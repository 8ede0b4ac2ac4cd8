package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.CpuOwners.OwnerShare;
import org.junit.jupiter.api.Test;

/** On a synthetic count of samples, whose shares are known, and the process's CPU and its GC's and JIT's. */
class CpuOwnersTests {

    private static final CpuByOwner SAMPLES = new CpuByOwner(
            CpuByOwner.SampleEvent.CPU_TIME,
            Map.of(Owner.TOMCAT, 30, Owner.JDK_HTTP_CLIENT, 60, Owner.SPRING, 10),
            3,
            1);

    @Test
    void gcAndJitTakeTheirThreadsTimeAndTheSamplesShareTheRest() {
        // 10 s of process CPU: 1 s GC, 1 s JIT, 8 s shared 30:60:10.
        CpuOwners cpu = CpuOwners.of(SAMPLES, 10_000_000_000L, new GcAndJitCpu(1_000_000_000L, 1_000_000_000L));

        assertThat(cpu.event()).isEqualTo("jdk.CPUTimeSample");
        assertThat(cpu.samples()).isEqualTo(100);
        assertThat(cpu.cutShortSamples()).isEqualTo(3);
        assertThat(cpu.cpuSeconds()).isEqualTo(10.0);
        assertThat(cpu.share(Owner.GC)).isCloseTo(0.1, within(1e-9));
        assertThat(cpu.share(Owner.JIT)).isCloseTo(0.1, within(1e-9));
        assertThat(cpu.share(Owner.JDK_HTTP_CLIENT)).isCloseTo(0.48, within(1e-9));
        assertThat(cpu.share(Owner.TOMCAT)).isCloseTo(0.24, within(1e-9));
        assertThat(cpu.share(Owner.NETTY)).isZero();
        assertThat(cpu.owners().stream().mapToDouble(OwnerShare::share).sum()).isCloseTo(1.0, within(1e-9));
        assertThat(cpu.owners()).extracting(OwnerShare::owner).isSorted();
    }

    @Test
    void readsBackFromTheDataFileAsItWasWritten() throws IOException {
        CpuOwners cpu = CpuOwners.of(SAMPLES, 4_000_000_000L, new GcAndJitCpu(500_000_000L, 0));

        ProbeFigures figures = ProbeFigures.NONE.with(CpuOwners.KEY, Optional.of(cpu));
        Map<String, JsonNode> json = DataFile.JSON.readValue(
                DataFile.JSON.writeValueAsString(figures.json()),
                DataFile.JSON.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, JsonNode.class));

        assertThat(ProbeFigures.ofJson(json).get(CpuOwners.KEY)).contains(cpu);
    }
}
