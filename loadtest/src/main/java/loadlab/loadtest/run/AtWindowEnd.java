package loadlab.loadtest.run;

import java.time.Duration;

/**
 * A probe's reading at its window's end, on a thread of its own: the load still runs then (for {@link LoadRun#TAIL}),
 * whereas {@link Probe.Running#stop()} comes once it has ended. Interrupted before the window's end, it reads nothing:
 * the load ended before its window did.
 */
final class AtWindowEnd {

    private final Thread thread;

    private AtWindowEnd(Thread thread) {
        this.thread = thread;
    }

    /** Runs {@code reading} when the window that began at {@code startMillis} and lasts {@code window} ends. */
    static AtWindowEnd start(String name, long startMillis, Duration window, Runnable reading) {
        long end = startMillis + window.toMillis();
        return new AtWindowEnd(Thread.ofPlatform().daemon().name(name).start(() -> {
            try {
                Thread.sleep(Math.max(0, end - System.currentTimeMillis()));
            } catch (InterruptedException e) {
                return;
            }
            reading.run();
        }));
    }

    /** Waits at most {@code atMost} for the reading to be done. */
    void await(Duration atMost) {
        try {
            thread.join(atMost);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops waiting for the window's end, or the reading under way if it can be interrupted. */
    void cancel() {
        thread.interrupt();
    }
}
