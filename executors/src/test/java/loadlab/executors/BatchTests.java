package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;
import reactor.core.scheduler.Schedulers;

/** The count check is what stops a broken executor from producing a fast score. */
class BatchTests {

    @Test
    void aBatchReturnsOnlyWhenEveryTaskIsDone() {
        assertThat(Batch.sleeping(Executors.newCachedThreadPool(), 50, 5)).isEqualTo(50);
        assertThat(Batch.scheduled(Executors.newScheduledThreadPool(1), 50, 5)).isEqualTo(50);
        assertThat(Batch.monoDelay(Schedulers.parallel(), 50, 5)).isEqualTo(50);
    }

    @Test
    void anExecutorThatDropsTasksFailsTheBatch() {
        assertThatThrownBy(() -> Batch.sleeping(new Dropping(3), 30, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("only 20 of 30 tasks completed");
        assertThatThrownBy(() -> Batch.hashing(new Dropping(2), 10, 1, new LongAdder()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("only 5 of 10 tasks completed");
    }

    @Test
    void anExecutorThatReturnsBeforeItsTasksRanFailsTheBatch() {
        assertThatThrownBy(() -> Batch.sleeping(new NotWaiting(), 20, 50))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("only 0 of 20 tasks completed");
    }

    @Test
    void aSchedulerThatDropsTimersFailsTheBatch() {
        ScheduledExecutorService dropsEveryOther = new ScheduledThreadPoolExecutor(1) {
            private final AtomicInteger calls = new AtomicInteger();

            @Override
            public ScheduledFuture<?> schedule(Runnable task, long delay, TimeUnit unit) {
                return super.schedule(calls.incrementAndGet() % 2 == 0 ? () -> {} : task, delay, unit);
            }
        };
        assertThatThrownBy(() -> Batch.scheduled(dropsEveryOther, 10, 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("only 5 of 10 tasks completed");
    }

    @Test
    void everyExecutorDoesTheSameHashingWork() {
        LongAdder serial = new LongAdder();
        LongAdder pooled = new LongAdder();
        LongAdder virtual = new LongAdder();
        Batch.hashingSerially(40, 3, serial);
        Batch.hashing(Executors.newFixedThreadPool(4), 40, 3, pooled);
        Batch.hashing(Executors.newVirtualThreadPerTaskExecutor(), 40, 3, virtual);
        assertThat(serial.sum()).isNotZero().isEqualTo(pooled.sum()).isEqualTo(virtual.sum());
    }

    @Test
    void moreRoundsIsDifferentWork() {
        assertThat(Batch.hash(7, 3)).isEqualTo(Batch.hash(7, 3)).isNotEqualTo(Batch.hash(7, 4));
        assertThat(Batch.hash(7, 3)).isNotEqualTo(Batch.hash(8, 3));
    }

    /** Runs tasks on the caller's thread but silently skips every n-th one. */
    private static final class Dropping extends AbstractExecutorService {
        private final int every;
        private int submitted;
        private boolean shutdown;

        Dropping(int every) {
            this.every = every;
        }

        @Override
        public void execute(Runnable task) {
            if (++submitted % every != 0) {
                task.run();
            }
        }

        @Override
        public void shutdown() {
            shutdown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }

    /** Starts every task on a thread of its own but claims to be terminated at once: close() does not wait. */
    private static final class NotWaiting extends AbstractExecutorService {
        private boolean shutdown;

        @Override
        public void execute(Runnable task) {
            Thread.ofVirtual().start(task);
        }

        @Override
        public void shutdown() {
            shutdown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }
}
