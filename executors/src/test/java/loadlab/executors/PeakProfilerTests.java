package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;

class PeakProfilerTests {

    @Test
    void countsThePlatformThreadsAliveDuringTheIterationAndNotVirtualOnes() throws Exception {
        PeakProfiler profiler = new PeakProfiler();
        profiler.beforeIteration(null, null);
        int before = (int) peak(profiler.afterIteration(null, null, null), PeakProfiler.THREADS);

        profiler.beforeIteration(null, null);
        runAndJoin(40, Thread.ofPlatform());
        double withPlatform = peak(profiler.afterIteration(null, null, null), PeakProfiler.THREADS);

        profiler.beforeIteration(null, null);
        runAndJoin(40, Thread.ofVirtual());
        double withVirtual = peak(profiler.afterIteration(null, null, null), PeakProfiler.THREADS);

        assertThat(withPlatform).isGreaterThanOrEqualTo(before + 40);
        // Virtual threads run on a few carriers; 40 of them never make 40 platform threads.
        assertThat(withVirtual).isLessThan(before + 40);
    }

    @Test
    void reportsThePeakResidentSetOnLinux() {
        assumeTrue(Files.exists(Path.of("/proc/self/status")));
        PeakProfiler profiler = new PeakProfiler();
        profiler.beforeIteration(null, null);
        double rssMiB = peak(profiler.afterIteration(null, null, null), PeakProfiler.RSS);
        assertThat(rssMiB).isPositive();
    }

    private static double peak(Collection<? extends Result> results, String label) {
        return results.stream()
                .filter(r -> r.getLabel().equals(label))
                .findFirst()
                .orElseThrow()
                .getScore();
    }

    /** Starts n threads that all wait until every one has started, so n are alive at once. */
    private static void runAndJoin(int n, Thread.Builder builder) throws InterruptedException {
        CountDownLatch allStarted = new CountDownLatch(n);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            threads.add(builder.start(() -> {
                allStarted.countDown();
                try {
                    allStarted.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
