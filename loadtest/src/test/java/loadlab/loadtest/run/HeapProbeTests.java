package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class HeapProbeTests {

    @Test
    void readsTheHeapInUseFromGcHeapInfo() {
        String answer = """
                12345:
                Command executed successfully
                garbage-first heap   total reserved 524288K, committed 524288K, used 207754K [0x00000000e0000000, \
                0x0000000100000000)
                 region size 1024K, 0 young (0K), 0 survivors (0K)
                """;

        assertThat(HeapProbe.usedMib(answer)).hasValue(207754 / 1024.0);
        assertThat(HeapProbe.usedMib("12345:\nNo such process")).isEmpty();
    }

    @Test
    void asksALiveJvmAndGetsItsHeapAfterAFullCollection() {
        // This test's own JVM: attached from the outside by jcmd, like any target of the lab.
        OptionalDouble mib = HeapProbe.liveHeapMib(ProcessHandle.current().pid());

        assertThat(mib).isPresent();
        assertThat(mib.getAsDouble()).isPositive();
    }

    @Test
    void aProcessThatIsGoneHasNoReading() {
        assertThat(HeapProbe.liveHeapMib(Integer.MAX_VALUE)).isEmpty();
    }
}
