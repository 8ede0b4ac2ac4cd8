package loadlab.executors;

/**
 * The physical floor of a batch of N tasks that each wait D ms. With every task concurrent the batch cannot take less
 * than D; with P threads that each hold a task for its whole D, the tasks run in ceil(N / P) waves of D. So
 * floor = max(D, ceil(N / P) × D), and an executor without a thread limit counts as P = N.
 */
public final class Floor {

    private Floor() {}

    /** The floor in milliseconds; {@code threads} is P, or {@link Variant#ONE_PER_TASK} for P = N. */
    public static long blockingMs(int tasks, long delayMs, int threads) {
        if (tasks < 1 || delayMs < 0 || (threads < 1 && threads != Variant.ONE_PER_TASK)) {
            throw new IllegalArgumentException(
                    "floor needs tasks >= 1, delay >= 0 and threads >= 1: " + tasks + ", " + delayMs + ", " + threads);
        }
        int p = threads == Variant.ONE_PER_TASK ? tasks : threads;
        long waves = ((long) tasks + p - 1) / p;
        return Math.max(delayMs, waves * delayMs);
    }

    /**
     * The floor of the CPU-bound batch: the same work measured on one thread, spread perfectly over every core. No
     * executor can finish N tasks of pure computation faster than the cores can compute them.
     */
    public static double cpuSeconds(double serialSeconds, int cores) {
        if (!(serialSeconds > 0) || cores < 1) {
            throw new IllegalArgumentException(
                    "CPU floor needs a serial time > 0 and cores >= 1: " + serialSeconds + ", " + cores);
        }
        return serialSeconds / cores;
    }

    /** Floor / measured: 1.0 is as fast as physically possible. */
    public static double efficiency(double floorSeconds, double measuredSeconds) {
        return floorSeconds / measuredSeconds;
    }
}
