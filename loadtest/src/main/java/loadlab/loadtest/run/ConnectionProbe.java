package loadlab.loadtest.run;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.ProbeFigures;

/**
 * Counts the client connections to a target's port over the measured window ({@link ConnectionCount}): how many the
 * load opened and how many were open at once, so that a report says how its clients connected as measured, not as
 * designed. It reads this machine's socket tables, so it runs on a target the lab started here; the port is the one
 * the load sends to (an app's, or slow-server's for the direct row).
 */
final class ConnectionProbe implements Probe<ConnectionFigures> {

    private final Supplier<ScheduledExecutorService> windowTimers;

    ConnectionProbe() {
        this(() -> Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-connections-window");
            thread.setDaemon(true);
            return thread;
        }));
    }

    /** With the timer that ends each window given, so that a test can tell when the window has ended. */
    ConnectionProbe(Supplier<ScheduledExecutorService> windowTimers) {
        this.windowTimers = windowTimers;
    }

    @Override
    public ProbeFigures.Key<ConnectionFigures> key() {
        return ConnectionFigures.KEY;
    }

    @Override
    public Optional<Running<ConnectionFigures>> start(Probed target) {
        if (!(target.reach() instanceof Probed.Local)
                || target.port().isEmpty()
                || target.port().getAsInt() <= 0) {
            return Optional.empty();
        }
        return Optional.of(new Counting(target.port().getAsInt(), target.window(), windowTimers.get()));
    }

    /** Counting from the window's beginning to its end, or to the load's end when that comes first. */
    private static final class Counting implements Running<ConnectionFigures> {

        private final int port;
        private final Duration window;
        private final ScheduledExecutorService timer;
        private ConnectionCount count;
        private ConnectionFigures counted;

        Counting(int port, Duration window, ScheduledExecutorService timer) {
            this.port = port;
            this.window = window;
            this.timer = timer;
        }

        @Override
        public synchronized void windowBegan(long startMillis) {
            count = ConnectionCount.start(port);
            long untilEnd = startMillis + window.toMillis() - System.currentTimeMillis();
            timer.schedule(this::windowEnded, Math.max(0, untilEnd), TimeUnit.MILLISECONDS);
        }

        private synchronized void windowEnded() {
            if (count != null && counted == null) {
                counted = count.stop();
            }
        }

        @Override
        public Readings<ConnectionFigures> stop() {
            timer.shutdownNow();
            windowEnded();
            Optional<ConnectionFigures> figures;
            synchronized (this) {
                figures = Optional.ofNullable(counted);
            }
            // A reading that failed leaves figures of part of the window only: none is better than a wrong one.
            boolean whole = count != null && count.problem().isEmpty();
            return load -> whole ? figures : Optional.empty();
        }

        @Override
        public synchronized void close() {
            timer.shutdownNow();
            if (count != null) {
                count.close();
            }
        }
    }
}
