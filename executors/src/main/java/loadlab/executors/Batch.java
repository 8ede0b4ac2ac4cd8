package loadlab.executors;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/**
 * One batch, the unit every benchmark times: N tasks submitted at once, and the batch is over when all N are done.
 * Each task counts itself when it finishes, and every batch checks the count before it returns: an executor that
 * drops tasks, or returns before they ran, fails the benchmark instead of producing a fast score.
 */
public final class Batch {

    /** Bytes each hashing round digests: a page-sized block, so a round is real work and not call overhead. */
    static final int HASH_BLOCK_BYTES = 1024;

    private Batch() {}

    /**
     * N tasks that each block for {@code delayMs} in {@link Thread#sleep}, the way a handler blocks on a slow
     * backend. {@code close()} waits for every submitted task (it is {@link ExecutorService#close}'s contract), and
     * the executor is new for each batch, as in the published benchmark.
     *
     * @return the number of tasks that completed, always {@code tasks}
     * @throws IllegalStateException if fewer completed
     */
    public static int sleeping(ExecutorService executor, int tasks, long delayMs) {
        AtomicInteger done = new AtomicInteger();
        try (executor) {
            for (int i = 0; i < tasks; i++) {
                executor.execute(() -> {
                    if (sleep(delayMs)) {
                        done.incrementAndGet();
                    }
                });
            }
        }
        return verified(done.get(), tasks);
    }

    /**
     * The non-blocking way on a {@link ScheduledExecutorService}: no task holds a thread while it waits; each is a
     * timer that fires after {@code delayMs} on one of the scheduler's few threads. {@code close()} waits for them
     * too: a {@link java.util.concurrent.ScheduledThreadPoolExecutor} runs its delayed tasks after shutdown.
     */
    public static int scheduled(ScheduledExecutorService scheduler, int tasks, long delayMs) {
        AtomicInteger done = new AtomicInteger();
        Runnable timerFired = done::incrementAndGet;
        try (scheduler) {
            for (int i = 0; i < tasks; i++) {
                scheduler.schedule(timerFired, delayMs, TimeUnit.MILLISECONDS);
            }
        }
        return verified(done.get(), tasks);
    }

    /**
     * The reactive apps' way: N independent {@code Mono.delay}s, as N requests would be, and {@code Mono.when} to
     * complete when the last one has. Not {@code Flux.flatMap(i -> Mono.delay(D), N)}: with N inners, flatMap's
     * drain loop scans all of them as they complete, which measured 200 to 370 ms per batch of 10,000 on top of the
     * 200 ms here. That is the cost of merging N streams into one, which no app does, not of waiting without a thread.
     */
    public static int monoDelay(Scheduler timer, int tasks, long delayMs) {
        AtomicInteger done = new AtomicInteger();
        Duration delay = Duration.ofMillis(delayMs);
        List<Mono<Long>> requests = new ArrayList<>(tasks);
        for (int i = 0; i < tasks; i++) {
            requests.add(Mono.delay(delay, timer).doOnNext(tick -> done.incrementAndGet()));
        }
        Mono.when(requests).block(timeout(tasks, delayMs));
        return verified(done.get(), tasks);
    }

    /**
     * N CPU-bound tasks: each hashes its own 1 KiB block {@code rounds} times with SHA-256, chaining the digests.
     * Task i's input depends only on i, so every executor does exactly the same work and reaches the same checksum
     * (the sum of each task's final digest), which is also what keeps the JIT from dropping the work.
     */
    public static int hashing(ExecutorService executor, int tasks, int rounds, LongAdder checksum) {
        AtomicInteger done = new AtomicInteger();
        try (executor) {
            for (int i = 0; i < tasks; i++) {
                int task = i;
                executor.execute(() -> {
                    checksum.add(hash(task, rounds));
                    done.incrementAndGet();
                });
            }
        }
        return verified(done.get(), tasks);
    }

    /** The same N hashing tasks one after another on the caller's thread: the CPU work of a batch, measured. */
    public static int hashingSerially(int tasks, int rounds, LongAdder checksum) {
        int done = 0;
        for (int i = 0; i < tasks; i++) {
            checksum.add(hash(i, rounds));
            done++;
        }
        return verified(done, tasks);
    }

    static long hash(int task, int rounds) {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        byte[] block = new byte[HASH_BLOCK_BYTES];
        for (int j = 0; j < block.length; j++) {
            block[j] = (byte) (task * 31 + j);
        }
        byte[] digest = new byte[32];
        for (int r = 0; r < rounds; r++) {
            sha256.update(block);
            sha256.update(digest);
            digest = sha256.digest();
        }
        return ByteBuffer.wrap(digest).getLong();
    }

    /** The check every batch ends with. */
    static int verified(int completed, int tasks) {
        if (completed != tasks) {
            throw new IllegalStateException(
                    "only " + completed + " of " + tasks + " tasks completed: the executor lost tasks or returned"
                            + " before they ran, so this batch's time means nothing");
        }
        return completed;
    }

    /** True if the sleep ran to its end; an interrupted task does not count as done. */
    private static boolean sleep(long delayMs) {
        try {
            Thread.sleep(delayMs);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Far above any honest batch (the delay plus a millisecond per task), far below forever. */
    private static Duration timeout(int tasks, long delayMs) {
        return Duration.ofMillis(delayMs + tasks + 60_000L);
    }
}
