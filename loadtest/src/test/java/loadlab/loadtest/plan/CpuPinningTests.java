package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class CpuPinningTests {

    @Test
    void theAppGetsTheCpusNamedAndTheRestOfTheLabTheOthers() {
        CpuPinning pinning = CpuPinning.parse("appCpus", "1-2,5", 8);

        assertThat(pinning.appCpus()).containsExactly(1, 2, 5);
        assertThat(pinning.labCpus()).containsExactly(0, 3, 4, 6, 7);
        assertThat(pinning.appCores()).isEqualTo(3);
        assertThat(pinning.describe())
                .isEqualTo("each app on CPU 1,2,5; slow-server and the load generator on CPU 0,3,4,6,7 (taskset)");
    }

    @Test
    void unpinnedTheAppMayUseEveryCore() {
        CpuPinning none = CpuPinning.none(2);

        assertThat(none.pinned()).isFalse();
        assertThat(none.appCores()).isEqualTo(2);
        assertThat(none.labCpus()).isEmpty();
        assertThat(CpuPinning.parse("appCpus", "none", 2)).isEqualTo(none);
    }

    @Test
    void aBadListIsOneLineNamingIt() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CpuPinning.parse("appCpus", "abc", 2))
                .withMessage("appCpus='abc' is not a CPU list such as 1, 1-3 or 0,2, or none (this machine's CPUs: "
                        + "0-1)");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CpuPinning.parse("appCpus", "2", 2))
                .withMessageStartingWith("appCpus='2' names CPUs this machine does not have");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CpuPinning.parse("appCpus", "1-0", 2))
                .withMessageStartingWith("appCpus='1-0' names CPUs this machine does not have");
    }

    @Test
    void cpuListsAreReadAsTasksetTakesThemAndTheKernelWritesThem() {
        assertThat(CpuPinning.cpus("0")).contains(new TreeSet<>(List.of(0)));
        assertThat(CpuPinning.cpus("0-1\n")).contains(new TreeSet<>(List.of(0, 1)));
        assertThat(CpuPinning.cpus(" 0,2-4,7")).contains(new TreeSet<>(List.of(0, 2, 3, 4, 7)));
        assertThat(CpuPinning.cpus("1-0")).isEmpty();
        assertThat(CpuPinning.cpus("abc")).isEmpty();
    }

    @Test
    void atLeastOneCpuIsLeftForTheLoadGeneratorAndSlowServer() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> CpuPinning.parse("appCpus", "0-1", 2))
                .withMessage("appCpus='0-1' leaves no CPU for slow-server and the load generator (this machine's "
                        + "CPUs: 0-1)");
        assertThat(CpuPinning.parse("appCpus", "0", 2).labCpus()).isEqualTo(List.of(1));
    }
}
