package loadlab.loadtest.measure;

/**
 * The child JVM of {@link JfrFiguresTests}: two collections, a marker line with the time, then a collection with
 * 32 MiB kept alive and one short virtual-thread pinning, then its own CPU time in a loop until the CPU-time sampler
 * (one sample per 20 ms of a thread's CPU) has recorded samples, then exit (which writes the recording).
 */
public final class JfrChild {

    static final int RETAINED_MIB = 32;
    static final String MARKER = "marker=";
    private static final java.time.Duration SAMPLED_WITHIN = java.time.Duration.ofSeconds(30);
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
        System.out.println("retained " + retained.length + " bytes, " + spinUntilSampled() + " CPU-time samples seen");
    }

    /**
     * Spins until a stream of this JVM's own events has seen CPU-time samples: the sampler queues its samples and a JFR
     * thread drains the queue now and then, so on a busy host a fixed spin and a fixed wait ended with none recorded
     * (CI, under load). Events go to every running recording, so what the stream saw the recording on disk holds.
     * Bounded, so that a JVM whose sampler never samples ends and the test says so.
     */
    private static int spinUntilSampled() throws InterruptedException {
        java.util.concurrent.atomic.AtomicInteger seen = new java.util.concurrent.atomic.AtomicInteger();
        try (jdk.jfr.consumer.RecordingStream stream = new jdk.jfr.consumer.RecordingStream()) {
            stream.enable("jdk.CPUTimeSample").with("throttle", "20ms");
            stream.setMaxAge(java.time.Duration.ofSeconds(10));
            stream.onEvent("jdk.CPUTimeSample", event -> seen.incrementAndGet());
            stream.startAsync();
            long giveUp = System.nanoTime() + SAMPLED_WITHIN.toNanos();
            while (seen.get() == 0 && System.nanoTime() < giveUp) {
                spin(100);
            }
            // Samples the stream has seen were in a flushed chunk; one more flush period lets the last ones in too.
            Thread.sleep(1000);
        }
        return seen.get();
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
