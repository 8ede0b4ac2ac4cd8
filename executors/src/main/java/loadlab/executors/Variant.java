package loadlab.executors;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Every benchmark the report knows, in report order: what it runs, how many threads may hold a task at once (the P
 * of its floor) and, where there is one, the published figure to set beside it.
 */
public enum Variant {
    BLOCKING_PLATFORM_THREAD_PER_TASK(
            Group.BLOCKING,
            "BlockingBatch.platformThreadPerTask",
            "platform thread per task",
            "`Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory())`",
            Variant.ONE_PER_TASK,
            new Published(0.857, 0.042)),
    BLOCKING_CACHED_POOL(
            Group.BLOCKING,
            "BlockingBatch.cachedPool",
            "cached pool",
            "`Executors.newCachedThreadPool()`",
            Variant.ONE_PER_TASK,
            new Published(1.494, 0.279)),
    BLOCKING_FIXED_POOL_200(
            Group.BLOCKING,
            "BlockingBatch.fixedPool200",
            "fixed pool of 200 (app-threadpool)",
            "`Executors.newFixedThreadPool(200)`",
            200,
            null),
    BLOCKING_FIXED_POOL_400(
            Group.BLOCKING,
            "BlockingBatch.fixedPool400",
            "fixed pool of 400 (app-threadpool-400)",
            "`Executors.newFixedThreadPool(400)`",
            400,
            null),
    BLOCKING_VIRTUAL_THREAD_PER_TASK(
            Group.BLOCKING,
            "BlockingBatch.virtualThreadPerTask",
            "virtual thread per task (app-virtual)",
            "`Executors.newVirtualThreadPerTaskExecutor()`",
            Variant.ONE_PER_TASK,
            new Published(9.038, 0.268)),
    BLOCKING_SCHEDULED_EXECUTOR(
            Group.BLOCKING,
            "BlockingBatch.scheduledExecutor",
            "scheduled executor (non-blocking timers)",
            "`Executors.newScheduledThreadPool(cores)`, `schedule(task, D)` per task",
            Variant.ONE_PER_TASK,
            null),
    BLOCKING_MONO_DELAY(
            Group.BLOCKING,
            "BlockingBatch.monoDelay",
            "Mono.delay (non-blocking, app-webflux's idiom)",
            "N × `Mono.delay(D)` on `Schedulers.parallel()`, `Mono.when(all).block()`",
            Variant.ONE_PER_TASK,
            null),
    HASHING_SERIAL(
            Group.HASHING,
            "HashingBatch.serial",
            "one thread, no executor (the work itself)",
            "the N tasks in a loop on the benchmark thread",
            1,
            null),
    HASHING_PLATFORM_THREAD_PER_TASK(
            Group.HASHING,
            "HashingBatch.platformThreadPerTask",
            "platform thread per task",
            "`Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory())`",
            Variant.ONE_PER_TASK,
            null),
    HASHING_CACHED_POOL(
            Group.HASHING,
            "HashingBatch.cachedPool",
            "cached pool",
            "`Executors.newCachedThreadPool()`",
            Variant.ONE_PER_TASK,
            null),
    HASHING_FIXED_POOL_200(
            Group.HASHING,
            "HashingBatch.fixedPool200",
            "fixed pool of 200",
            "`Executors.newFixedThreadPool(200)`",
            200,
            null),
    HASHING_FIXED_POOL_400(
            Group.HASHING,
            "HashingBatch.fixedPool400",
            "fixed pool of 400",
            "`Executors.newFixedThreadPool(400)`",
            400,
            null),
    HASHING_VIRTUAL_THREAD_PER_TASK(
            Group.HASHING,
            "HashingBatch.virtualThreadPerTask",
            "virtual thread per task",
            "`Executors.newVirtualThreadPerTaskExecutor()`",
            Variant.ONE_PER_TASK,
            null);

    /** P = N: the executor starts a thread (or a timer) for every task. */
    public static final int ONE_PER_TASK = -1;

    public enum Group {
        /** Tasks that wait D ms: the question the apps ask. */
        BLOCKING,
        /** Tasks that compute: where more threads stop helping. */
        HASHING
    }

    /**
     * A published JMH score in ops/s, as the issue quotes it: 2 benchmark threads, each submitting its own batch, so
     * one batch took 2 / score seconds.
     */
    public record Published(double opsPerSecond, double error) {
        public static final int BENCHMARK_THREADS = 2;

        public double secondsPerBatch() {
            return BENCHMARK_THREADS / opsPerSecond;
        }
    }

    private final Group group;
    private final String benchmark;
    private final String label;
    private final String code;
    private final int threads;
    private final Published published;

    Variant(Group group, String benchmark, String label, String code, int threads, Published published) {
        this.group = group;
        this.benchmark = benchmark;
        this.label = label;
        this.code = code;
        this.threads = threads;
        this.published = published;
    }

    public Group group() {
        return group;
    }

    /** Class and method, as JMH names it after the package. */
    public String benchmark() {
        return benchmark;
    }

    public String label() {
        return label;
    }

    public String code() {
        return code;
    }

    /** P for the floor, or {@link #ONE_PER_TASK}. */
    public int threads() {
        return threads;
    }

    public Optional<Published> published() {
        return Optional.ofNullable(published);
    }

    /** The variant JMH's full benchmark name belongs to, if it is one of ours. */
    public static Optional<Variant> ofBenchmark(String fullName) {
        return Arrays.stream(values())
                .filter(v -> fullName.equals(Variant.class.getPackageName() + "." + v.benchmark))
                .findFirst();
    }

    public static List<Variant> of(Group group) {
        return Arrays.stream(values()).filter(v -> v.group == group).toList();
    }
}
