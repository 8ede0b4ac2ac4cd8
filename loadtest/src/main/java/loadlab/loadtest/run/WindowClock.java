package loadlab.loadtest.run;

import java.time.Duration;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import loadlab.loadtest.plan.Phases;

/**
 * Where a load's measured window starts. With a fixed warm-up, at the first request + ramp-up + warm-up, as the plan
 * says. With a warm-up that lasts until the JIT settles, it is decided while the load runs: once the least warm-up is
 * over, the first second in which the target's compiler threads are quiet starts the window (at the latest
 * {@link Phases#MAX_WARM_UP} after the ramp-up), and the load is stopped a window and a tail later.
 */
final class WindowClock implements AutoCloseable {

    private static final long CHECK_EVERY_MILLIS = 1_000;

    private final Phases phases;
    private final ScheduledExecutorService timer;
    private volatile long windowStart = -1;
    private volatile boolean settled;

    private WindowClock(Phases phases, ScheduledExecutorService timer) {
        this.phases = phases;
        this.timer = timer;
    }

    static WindowClock fixed(Phases phases) {
        return new WindowClock(phases, null);
    }

    /**
     * @param firstRequest epoch millis of the load's first request, 0 until it has one
     * @param jitSettled   whether the target's JIT is quiet now
     * @param stop         ends the load gracefully, once the window and its tail are over
     */
    static WindowClock untilJitSettles(
            Phases phases, LongSupplier firstRequest, BooleanSupplier jitSettled, Runnable stop) {
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-window-clock");
            thread.setDaemon(true);
            return thread;
        });
        WindowClock clock = new WindowClock(phases, timer);
        timer.scheduleWithFixedDelay(
                () -> clock.check(firstRequest.getAsLong(), jitSettled, stop),
                CHECK_EVERY_MILLIS,
                CHECK_EVERY_MILLIS,
                TimeUnit.MILLISECONDS);
        return clock;
    }

    /** How long the load holds its users after the ramp-up: long enough for the longest warm-up there can be. */
    Duration hold() {
        Duration warmUp = timer == null ? phases.warmUp() : Phases.MAX_WARM_UP.plus(phases.warmUp());
        return warmUp.plus(phases.window()).plus(LoadRun.TAIL);
    }

    private void check(long firstRequest, BooleanSupplier jitSettled, Runnable stop) {
        if (windowStart >= 0 || firstRequest == 0) {
            return;
        }
        long now = System.currentTimeMillis();
        long rampedUp = firstRequest + phases.rampUp().toMillis();
        if (now < rampedUp + phases.warmUp().toMillis()) {
            return;
        }
        boolean quiet = jitSettled.getAsBoolean();
        if (quiet || now >= rampedUp + Phases.MAX_WARM_UP.toMillis()) {
            settled = quiet;
            windowStart = now;
            timer.schedule(stop, phases.window().plus(LoadRun.TAIL).toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The window's start, once known; for a fixed warm-up, from the first request. */
    OptionalLong windowStart(long firstRequest) {
        if (timer == null) {
            return OptionalLong.of(
                    firstRequest + phases.rampUp().plus(phases.warmUp()).toMillis());
        }
        return windowStart < 0 ? OptionalLong.empty() : OptionalLong.of(windowStart);
    }

    /** Whether the window started because the JIT had settled, not because the longest warm-up was over. */
    boolean settled() {
        return timer == null || settled;
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }
}
