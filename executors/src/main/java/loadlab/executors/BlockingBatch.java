package loadlab.executors;

import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import reactor.core.scheduler.Schedulers;

/**
 * A batch of N tasks that each block for D ms, on each model's executor. Every method is one batch on a new executor,
 * returns when all N are done and returns how many completed (checked to be N). The annotations repeat the runner's
 * defaults so that {@code java -jar benchmarks.jar} alone runs the same thing.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = Knobs.DEFAULT_FORKS,
        jvmArgsAppend = {Knobs.FORK_HEAP_MIN, Knobs.FORK_HEAP_MAX, Knobs.FORK_GC, Knobs.FORK_PRE_TOUCH})
@Warmup(iterations = Knobs.DEFAULT_WARMUP_ITERATIONS, time = Knobs.DEFAULT_ITERATION_SECONDS)
@Measurement(iterations = Knobs.DEFAULT_ITERATIONS, time = Knobs.DEFAULT_ITERATION_SECONDS)
public class BlockingBatch {

    @Param(Knobs.DEFAULT_TASKS_TEXT)
    public int tasks;

    @Param(Knobs.DEFAULT_TASK_MS_TEXT)
    public long delayMs;

    @Benchmark
    public int platformThreadPerTask() {
        return Batch.sleeping(
                Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()), tasks, delayMs);
    }

    @Benchmark
    public int cachedPool() {
        return Batch.sleeping(Executors.newCachedThreadPool(), tasks, delayMs);
    }

    /** app-threadpool's model: Tomcat's default 200 worker threads. */
    @Benchmark
    public int fixedPool200() {
        return Batch.sleeping(Executors.newFixedThreadPool(200), tasks, delayMs);
    }

    /** app-threadpool-400's model. */
    @Benchmark
    public int fixedPool400() {
        return Batch.sleeping(Executors.newFixedThreadPool(400), tasks, delayMs);
    }

    /** app-virtual's model. */
    @Benchmark
    public int virtualThreadPerTask() {
        return Batch.sleeping(Executors.newVirtualThreadPerTaskExecutor(), tasks, delayMs);
    }

    /** A timer per task on one thread per core, as an event loop waits. */
    @Benchmark
    public int scheduledExecutor() {
        return Batch.scheduled(
                Executors.newScheduledThreadPool(Runtime.getRuntime().availableProcessors()), tasks, delayMs);
    }

    /** app-webflux's idiom: Reactor's timer on its shared parallel scheduler (one thread per core), one per task. */
    @Benchmark
    public int monoDelay() {
        return Batch.monoDelay(Schedulers.parallel(), tasks, delayMs);
    }
}
