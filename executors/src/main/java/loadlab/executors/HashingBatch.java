package loadlab.executors;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
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

/**
 * The same N tasks, computing instead of waiting: each hashes a 1 KiB block a fixed number of rounds. Nothing waits,
 * so there is nothing for more threads to overlap; this is where virtual threads stop helping. {@link #serial()} is
 * the work alone on one thread, from which the report derives this group's floor (serial time / cores).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = Knobs.DEFAULT_FORKS,
        jvmArgsAppend = {Knobs.FORK_HEAP_MIN, Knobs.FORK_HEAP_MAX, Knobs.FORK_GC, Knobs.FORK_PRE_TOUCH})
@Warmup(iterations = Knobs.DEFAULT_WARMUP_ITERATIONS, time = Knobs.DEFAULT_ITERATION_SECONDS)
@Measurement(iterations = Knobs.DEFAULT_ITERATIONS, time = Knobs.DEFAULT_ITERATION_SECONDS)
public class HashingBatch {

    @Param(Knobs.DEFAULT_TASKS_TEXT)
    public int tasks;

    @Param(Knobs.DEFAULT_HASH_ROUNDS_TEXT)
    public int hashRounds;

    /**
     * The last batch's checksum, written where other threads could read it, so the JIT must compute it. It depends
     * only on N and the rounds, so every variant reaches the same value.
     */
    volatile long checksum;

    @Benchmark
    public int serial() {
        LongAdder sum = new LongAdder();
        int done = Batch.hashingSerially(tasks, hashRounds, sum);
        checksum = sum.sum();
        return done;
    }

    @Benchmark
    public int platformThreadPerTask() {
        return on(Executors.newThreadPerTaskExecutor(Thread.ofPlatform().factory()));
    }

    @Benchmark
    public int cachedPool() {
        return on(Executors.newCachedThreadPool());
    }

    @Benchmark
    public int fixedPool200() {
        return on(Executors.newFixedThreadPool(200));
    }

    @Benchmark
    public int fixedPool400() {
        return on(Executors.newFixedThreadPool(400));
    }

    @Benchmark
    public int virtualThreadPerTask() {
        return on(Executors.newVirtualThreadPerTaskExecutor());
    }

    private int on(ExecutorService executor) {
        LongAdder sum = new LongAdder();
        int done = Batch.hashing(executor, tasks, hashRounds, sum);
        checksum = sum.sum();
        return done;
    }
}
