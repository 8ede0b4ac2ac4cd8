package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import loadlab.loadtest.plan.CpuPinning;
import org.junit.jupiter.api.Test;

class AffinityTests {

    /**
     * As when a run's JMeter threads end while the lab gives this JVM the whole machine back: taskset -a meets threads
     * that end between its listing and its turn.
     */
    @Test
    void thisJvmIsPinnedAndUnpinnedWhileItsThreadsComeAndGo() throws InterruptedException {
        int machine = Runtime.getRuntime().availableProcessors();
        assumeTrue(Files.isExecutable(CpuPinning.TASKSET) && machine >= 2, "needs taskset and two CPUs");
        CpuPinning pinning = new CpuPinning(List.of(machine - 1), List.of(0), machine);
        AtomicBoolean churning = new AtomicBoolean(true);
        Thread churn = new Thread(() -> {
            while (churning.get()) {
                Thread.ofPlatform().start(() -> {});
            }
        });
        churn.start();
        try {
            assertThatCode(() -> {
                        for (int i = 0; i < 20; i++) {
                            try (Affinity.Pinned pinned = Affinity.pinThisJvm(pinning)) {
                                // pinned and given back
                            }
                        }
                    })
                    .doesNotThrowAnyException();
        } finally {
            churning.set(false);
            churn.join();
        }
    }
}
