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
 * {@link Phases#MAX_WARM_UP} after the ramp-up), and the load is stopped a window and a tail later. Either way, what
 * must begin with the window (a backend schedule) begins when it does, and says when that was.
 */
final class WindowClock implements AutoCloseable {

    private static final long CHECK_EVERY_MILLIS = 200;
    private static final long JIT_CHECK_EVERY_MILLIS = 1_000;

    private final Phases phases;
    private final LongSupplier firstRequest;
    private final BooleanSupplier jitSettled;
    private final Runnable stop;
    private final WindowStart onStart;
    private final ScheduledExecutorService timer;
    private volatile long windowStart = -1;
    private volatile boolean settled = true;
    private long lastJitCheck;

    /** What begins with the window; it answers when it began, epoch millis, or the time it was asked to begin. */
    @FunctionalInterface
    interface WindowStart {
        long begin(long plannedMillis);

        WindowStart NOTHING = planned -> planned;
    }

    /**
     * @param firstRequest epoch millis of the load's first request, 0 until it has one
     * @param jitSettled   whether the target's JIT is quiet now; null for a fixed warm-up
     * @param stop         ends the load gracefully once the window and its tail are over (a warm-up of unknown length)
     * @param onStart      what begins with the window
     */
    WindowClock(
            Phases phases, LongSupplier firstRequest, BooleanSupplier jitSettled, Runnable stop, WindowStart onStart) {
        this.phases = phases;
        this.firstRequest = firstRequest;
        this.jitSettled = phases.untilJitSettles() ? jitSettled : null;
        this.stop = stop;
        this.onStart = onStart;
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-window-clock");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(this::check, CHECK_EVERY_MILLIS, CHECK_EVERY_MILLIS, TimeUnit.MILLISECONDS);
    }

    /** How long the load holds its users after the ramp-up: long enough for the longest warm-up there can be. */
    Duration hold() {
        Duration warmUp = jitSettled == null ? phases.warmUp() : Phases.MAX_WARM_UP.plus(phases.warmUp());
        return warmUp.plus(phases.window()).plus(LoadRun.TAIL);
    }

    private void check() {
        long first = firstRequest.getAsLong();
        if (windowStart >= 0 || first == 0) {
            return;
        }
        long now = System.currentTimeMillis();
        long earliest = first + phases.rampUp().plus(phases.warmUp()).toMillis();
        if (now < earliest) {
            return;
        }
        if (jitSettled == null) {
            windowStart = onStart.begin(earliest);
            return;
        }
        if (now - lastJitCheck < JIT_CHECK_EVERY_MILLIS) {
            return;
        }
        lastJitCheck = now;
        boolean quiet = jitSettled.getAsBoolean();
        if (quiet || now >= first + phases.rampUp().plus(Phases.MAX_WARM_UP).toMillis()) {
            settled = quiet;
            windowStart = onStart.begin(now);
            timer.schedule(stop, phases.window().plus(LoadRun.TAIL).toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** The window's start, once known; for a fixed warm-up also when the load ended before its window. */
    OptionalLong windowStart(long firstRequest) {
        if (windowStart >= 0) {
            return OptionalLong.of(windowStart);
        }
        return jitSettled == null
                ? OptionalLong.of(
                        firstRequest + phases.rampUp().plus(phases.warmUp()).toMillis())
                : OptionalLong.empty();
    }

    /** Whether the window started because the JIT had settled, not because the longest warm-up was over. */
    boolean settled() {
        return settled;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
