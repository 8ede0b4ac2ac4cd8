package loadlab.workload;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * Measures {@link CpuWork#ITERATIONS_PER_MILLISECOND} on this machine; never used at run time. Run it alone on an
 * otherwise idle machine, with the apps' JDK:
 *
 * <pre>
 * ./mvnw -B -ntp -q -pl workload package -DskipTests
 * flock -x /tmp/loadlab-machine.lock $JAVA_HOME/bin/java -cp workload/target/classes loadlab.workload.CpuWorkCalibration
 * </pre>
 *
 * It hashes for 3 s to warm up (the JIT compiles the loop and the SHA-256 intrinsic), then 15 times for about 200 ms
 * of this thread's CPU time each, and prints each run's rounds per CPU millisecond and their median.
 */
public final class CpuWorkCalibration {

    private static final int RUNS = 15;
    private static final long WARM_UP_NANOS = 3_000_000_000L;
    private static final long RUN_NANOS = 200_000_000L;
    private static final long BATCH = 10_000;

    private CpuWorkCalibration() {}

    public static void main(String[] args) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        hashFor(threads, WARM_UP_NANOS);
        double[] perMillisecond = new double[RUNS];
        for (int run = 0; run < RUNS; run++) {
            long cpuStart = threads.getCurrentThreadCpuTime();
            long rounds = hashFor(threads, RUN_NANOS);
            long cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
            perMillisecond[run] = rounds * 1_000_000.0 / cpuNanos;
            System.out.printf(
                    "run %2d: %,d rounds in %.1f ms of CPU: %.0f per ms%n",
                    run + 1, rounds, cpuNanos / 1e6, perMillisecond[run]);
        }
        double[] sorted = perMillisecond.clone();
        Arrays.sort(sorted);
        System.out.printf(
                "median: %.0f SHA-256 rounds per ms of CPU (%s, %s)%n",
                sorted[RUNS / 2], System.getProperty("java.vm.name"), Runtime.version());
    }

    private static long hashFor(ThreadMXBean threads, long cpuNanos) {
        long end = threads.getCurrentThreadCpuTime() + cpuNanos;
        long rounds = 0;
        byte[] sink = new byte[0];
        while (threads.getCurrentThreadCpuTime() < end) {
            sink = CpuWork.hashChain(BATCH);
            rounds += BATCH;
        }
        if (sink.length != 32) {
            throw new AssertionError("keeps the JIT from dropping the work");
        }
        return rounds;
    }
}
