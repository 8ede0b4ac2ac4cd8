package loadlab.loadtest.measure;

/**
 * The child JVM of {@link JfrFiguresTests}: two collections, a marker line with the time, then a collection with
 * 32 MiB kept alive and one short virtual-thread pinning, 300 ms of its own CPU time in a loop (so that the CPU-time
 * sampler, one sample per 20 ms of a thread's CPU, has samples to take whatever the host's speed), half a second for
 * the sampler's queue to drain, then exit (which writes the recording).
 */
public final class JfrChild {

    static final int RETAINED_MIB = 32;
    static final String MARKER = "marker=";
    static byte[] retained;

    private JfrChild() {}

    /** Blocks 5 ms in its static initializer: a virtual thread that runs it blocks while pinned (JDK 21 to 25+). */
    static final class SlowInit {
        static {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {}
    }

    public static void main(String[] args) throws InterruptedException {
        garbage();
        System.gc();
        garbage();
        System.gc();
        Thread.sleep(300);
        System.out.println(MARKER + System.currentTimeMillis());
        System.out.flush();
        Thread.sleep(300);
        retained = new byte[RETAINED_MIB * 1024 * 1024];
        System.gc();
        Thread pinner = Thread.ofVirtual().start(SlowInit::touch);
        pinner.join();
        System.out.println("retained " + retained.length + " bytes, " + spin(300) + " spins");
        // The CPU-time sampler queues its samples and a JFR thread drains the queue now and then: on a busy host an
        // exit right after the spin lost every one of them (0 samples under load), so give the drain time to run.
        Thread.sleep(500);
    }

    /** Spins until this thread has used {@code cpuMillis} of CPU time, however long that takes on the clock. */
    private static long spin(long cpuMillis) {
        java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + cpuMillis * 1_000_000;
        long spins = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            spins++;
        }
        return spins;
    }

    private static long garbage() {
        long sum = 0;
        for (int i = 0; i < 200; i++) {
            byte[] chunk = new byte[64 * 1024];
            chunk[i] = (byte) i;
            sum += chunk[i];
        }
        return sum;
    }
}
