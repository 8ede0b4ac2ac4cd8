package loadlab.loadtest.run;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.LiveMemory;
import loadlab.loadtest.measure.ProbeFigures;

/**
 * Reads what a target holds live ({@link LiveMemory}): a full collection at rest when it starts, before the target's
 * quiet span and load, and another as the window ends, while the load still holds every user (it runs for
 * {@link LoadRun#TAIL} more, and a user whose request is in flight stays in flight until it is answered). Both are
 * outside the window, so neither collection is in the window's GC, CPU or latency figures. Only a JVM of the lab on
 * this machine can be asked ({@code jcmd}, {@link HeapProbe}).
 */
final class LiveMemoryProbe implements Probe<LiveMemory> {

    private static final Duration WAIT_FOR_END = Duration.ofSeconds(90);

    @Override
    public ProbeFigures.Key<LiveMemory> key() {
        return LiveMemory.KEY;
    }

    @Override
    public Optional<Running<LiveMemory>> start(Probed target) {
        return target.reach() instanceof Probed.Local local
                ? Optional.of(new AtRest(local.pid(), target.window()))
                : Optional.empty();
    }

    /** One target's readings: at rest now, under load once the window has run its course. */
    private static final class AtRest implements Running<LiveMemory> {

        private final long pid;
        private final Duration window;
        private final OptionalDouble restHeapMib;
        private final OptionalDouble restRssMib;
        private volatile OptionalDouble loadedHeapMib = OptionalDouble.empty();
        private volatile Thread atEnd;

        /** Forces a full collection of the target now, at rest, and reads its heap and RSS after it. */
        AtRest(long pid, Duration window) {
            this.pid = pid;
            this.window = window;
            this.restHeapMib = HeapProbe.liveHeapMib(pid);
            this.restRssMib = ProcessSampler.rssMibNow(pid);
        }

        /** A full collection {@code window} after the window has begun. */
        @Override
        public void windowBegan(long startMillis) {
            atEnd = Thread.ofPlatform().daemon().name("loadlab-live-memory").start(() -> {
                try {
                    Thread.sleep(Math.max(0, startMillis + window.toMillis() - System.currentTimeMillis()));
                    loadedHeapMib = HeapProbe.liveHeapMib(pid);
                } catch (InterruptedException e) {
                    // The load ended before its window did: there is no reading under load.
                }
            });
        }

        /** Both readings, once the one at the window's end is in; none if either could not be taken. */
        @Override
        public Readings<LiveMemory> stop() {
            Thread end = atEnd;
            if (end != null) {
                try {
                    end.join(WAIT_FOR_END);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            OptionalDouble loaded = loadedHeapMib;
            Optional<LiveMemory> memory = restHeapMib.isEmpty() || restRssMib.isEmpty() || loaded.isEmpty()
                    ? Optional.empty()
                    : Optional.of(
                            new LiveMemory(restHeapMib.getAsDouble(), restRssMib.getAsDouble(), loaded.getAsDouble()));
            return load -> memory;
        }

        @Override
        public void close() {
            Thread end = atEnd;
            if (end != null) {
                end.interrupt();
            }
        }
    }
}
