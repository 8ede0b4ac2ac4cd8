package loadlab.loadtest.measure;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** How the lab's samplers stop their timer: the task under way may finish, for a while, then it is cut off. */
public final class Timers {

    private static final Duration STOP_WAIT = Duration.ofSeconds(5);

    private Timers() {}

    /** Stops {@code timer}, waits up to 5 s for a task under way, and interrupts it after that. */
    public static void stop(ScheduledExecutorService timer) {
        timer.shutdown();
        try {
            if (!timer.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                timer.shutdownNow();
            }
        } catch (InterruptedException e) {
            timer.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
