package loadlab.loadtest.run;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Hands an open load's arrivals, in the order they are due, to a fixed pool of generator threads, each one when it is
 * due: a thread asks for the next arrival, waits until its intended time and sends it. An arrival that finds every
 * thread busy is taken by the first thread to come back, late, and its sample says by how much (its lag).
 * <p>
 * The idle thread that takes the next arrival is the one that came back last (a stack, not a queue), as a client's
 * connection pool reuses its most recently used connection: the threads that carry the load stay as few as its
 * concurrency needs, and with them the connections they keep, while the rest of the pool idles without a connection.
 * A queue would rotate every arrival through every thread, and so through maxThreads connections.
 * <p>
 * Only the thread at the top of the stack waits for a time; the others wait to be woken, one at a time, so an
 * arrival wakes one thread, not the pool.
 */
final class ArrivalDispatch {

    /**
     * An arrival handed to a thread.
     *
     * @param index          its place in the schedule, from 0
     * @param intendedMillis epoch millis when it was due, on the clock the samples' times are on
     */
    record Arrival(long index, long intendedMillis) {}

    private final ArrivalSchedule schedule;
    private final LongSupplier epochMillis;
    private final ReentrantLock lock = new ReentrantLock();
    /** The idle threads, the one that came back last first. */
    private final Deque<Condition> idle = new ArrayDeque<>();

    private long next;
    private long index;
    private long originNanos;
    private long originEpochMillis;
    private boolean started;
    private boolean closed;

    /**
     * @param epochMillis the clock the samples are timed by, read once, when the first thread asks: the schedule starts
     *     then
     */
    ArrivalDispatch(ArrivalSchedule schedule, LongSupplier epochMillis) {
        this.schedule = schedule;
        this.epochMillis = epochMillis;
        this.next = schedule.nextNanos();
    }

    /**
     * Waits until this thread is the one to take the next arrival and the arrival is due, then hands it over; empty
     * once the schedule has ended or the dispatch was closed.
     */
    Optional<Arrival> take() throws InterruptedException {
        lock.lockInterruptibly();
        Condition mine = lock.newCondition();
        idle.push(mine);
        try {
            if (!started) {
                started = true;
                originNanos = System.nanoTime();
                originEpochMillis = epochMillis.getAsLong();
            }
            while (true) {
                if (closed || next == ArrivalSchedule.END) {
                    return Optional.empty();
                }
                if (idle.peek() != mine) {
                    mine.await();
                    continue;
                }
                long wait = originNanos + next - System.nanoTime();
                if (wait > 0) {
                    mine.awaitNanos(wait);
                    continue;
                }
                Arrival arrival = new Arrival(index++, originEpochMillis + TimeUnit.NANOSECONDS.toMillis(next));
                next = schedule.nextNanos();
                return Optional.of(arrival);
            }
        } finally {
            boolean wasFirst = idle.peek() == mine;
            idle.remove(mine);
            // The next idle thread now waits for the next arrival.
            if (wasFirst && !idle.isEmpty()) {
                idle.peek().signal();
            }
            lock.unlock();
        }
    }

    /** Ends the arrivals now: every waiting thread, and every one that asks from now on, gets none. */
    void close() {
        lock.lock();
        try {
            closed = true;
            idle.forEach(Condition::signal);
        } finally {
            lock.unlock();
        }
    }
}
