package loadlab.loadtest.run;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.Timers;
import loadlab.loadtest.measure.Yardstick;

/**
 * Times one fixed piece of CPU work four times a second on a thread of its own, on the target's CPUs, for
 * {@link CpuSpeed}: how fast those CPUs ran while the target carried its load. The work is {@link #YARDSTICK}: a walk
 * in a fixed shuffled order through a 512 KiB table, which the target's threads and the host's other work partly evict
 * from the core's caches in the 250 ms between two walks. A walk that stayed in cache saw the core's clock but not
 * that, and that is what moved the targets' CPU per request. It takes about 1.5 ms here, under 1% of a core. A
 * target whose process is not on this machine is not timed: the CPUs here could not speak for its CPU figures.
 */
final class CpuSpeedProbe implements Probe<CpuSpeed> {

    static final Yardstick YARDSTICK = Yardstick.WALK_512_KIB;

    private static final Duration PERIOD = Duration.ofMillis(250);
    private static final int STEPS = 100_000;
    private static final int[] WALK = walk(128 * 1024);

    @Override
    public ProbeFigures.Key<CpuSpeed> key() {
        return CpuSpeed.KEY;
    }

    /** On the target's CPUs: the app's, or for direct the rest of the lab's, where slow-server runs. */
    @Override
    public Optional<Running<CpuSpeed>> start(Probed target) {
        if (!(target.reach() instanceof Probed.Local local)) {
            return Optional.empty();
        }
        Timer timer = Timer.on(local.cpus());
        return Optional.of(new Running<>() {
            @Override
            public Readings<CpuSpeed> stop() {
                List<CpuSpeed.Timing> timings = timer.timings();
                timer.problem().ifPresent(problem -> target.note().accept("the CPU yardstick did not run: " + problem));
                return load -> CpuSpeed.of(timings, load.window(), YARDSTICK);
            }

            @Override
            public void close() {
                timer.close();
            }
        });
    }

    /** The fixed work timed on a thread of its own, four times a second. */
    static final class Timer implements AutoCloseable {

        private final ScheduledExecutorService timer;
        private final List<CpuSpeed.Timing> timings = new ArrayList<>();
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private volatile long sink;
        private String problem;

        private Timer(List<Integer> cpus) {
            timer = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "loadlab-cpu-speed");
                thread.setDaemon(true);
                return thread;
            });
            timer.execute(() -> place(cpus));
            timer.scheduleAtFixedRate(this::time, PERIOD.toMillis(), PERIOD.toMillis(), TimeUnit.MILLISECONDS);
        }

        /**
         * Starts timing now.
         *
         * @param cpus the CPUs the target is pinned to, which the timing thread moves to; empty: wherever it runs
         */
        static Timer on(List<Integer> cpus) {
            return new Timer(cpus);
        }

        /** Stops timing and returns every run so far. */
        List<CpuSpeed.Timing> timings() {
            Timers.stop(timer);
            synchronized (this) {
                return List.copyOf(timings);
            }
        }

        /** Why no run was timed, if the thread could not be put on the target's CPUs. */
        synchronized Optional<String> problem() {
            return Optional.ofNullable(problem);
        }

        @Override
        public void close() {
            timings();
        }

        private void place(List<Integer> cpus) {
            try {
                Affinity.pinThisThread(cpus);
                // Compiled before the first timing, so that no timing is of the interpreter.
                for (int warm = 0; warm < 200; warm++) {
                    sink += work(STEPS / 100);
                }
            } catch (IllegalStateException e) {
                synchronized (this) {
                    problem = e.getMessage();
                }
                // Timings from other CPUs than the target's would be a different machine's speed: none rather than
                // those.
                timer.shutdownNow();
            }
        }

        private void time() {
            long before = threads.getCurrentThreadCpuTime();
            sink += work(STEPS);
            long nanos = threads.getCurrentThreadCpuTime() - before;
            synchronized (this) {
                timings.add(new CpuSpeed.Timing(System.currentTimeMillis(), nanos));
            }
        }
    }

    /**
     * The fixed work: {@code steps} steps of the walk, from the same slot every time, each step a load that depends on
     * the one before, so that every line found evicted costs its full wait; what it returns only keeps the JIT from
     * dropping it.
     */
    static long work(int steps) {
        int at = 0;
        long sum = 0;
        for (int step = 0; step < steps; step++) {
            at = WALK[at];
            sum += at;
        }
        return sum;
    }

    /** A single cycle through {@code size} slots in a fixed shuffled order (Sattolo's), the same in every run. */
    private static int[] walk(int size) {
        int[] next = new int[size];
        for (int i = 0; i < size; i++) {
            next[i] = i;
        }
        SplittableRandom random = new SplittableRandom(42);
        for (int i = size - 1; i > 0; i--) {
            int j = random.nextInt(i);
            int swap = next[i];
            next[i] = next[j];
            next[j] = swap;
        }
        return next;
    }
}
