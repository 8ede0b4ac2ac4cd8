package loadlab.loadtest.run;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.LiveMemory;

/**
 * Reads what a target holds live ({@link LiveMemory}): a full collection at rest when it is made, before the target's
 * quiet span and load, and another as the window ends, while the load still holds every user (it runs for
 * {@link LoadRun#TAIL} more, and a user whose request is in flight stays in flight until it is answered). Both are
 * outside the window, so neither collection is in the window's GC, CPU or latency figures.
 */
final class LiveMemoryProbe implements AutoCloseable {

    private static final Duration WAIT_FOR_END = Duration.ofSeconds(90);

    private final long pid;
    private final OptionalDouble restHeapMib;
    private final OptionalDouble restRssMib;
    private volatile OptionalDouble loadedHeapMib = OptionalDouble.empty();
    private volatile Thread atEnd;

    private LiveMemoryProbe(long pid, OptionalDouble restHeapMib, OptionalDouble restRssMib) {
        this.pid = pid;
        this.restHeapMib = restHeapMib;
        this.restRssMib = restRssMib;
    }

    /** Reads nothing: a target with no JVM of its own to ask. */
    static final LiveMemoryProbe NONE = new LiveMemoryProbe(-1, OptionalDouble.empty(), OptionalDouble.empty());

    /** Forces a full collection of the target now, at rest, and reads its heap and RSS after it. */
    static LiveMemoryProbe atRest(long pid) {
        OptionalDouble heap = HeapProbe.liveHeapMib(pid);
        return new LiveMemoryProbe(pid, heap, ProcessSampler.rssMibNow(pid));
    }

    /** {@code start}, and a full collection {@code window} after the window it starts has begun. */
    WindowClock.WindowStart alsoAtEndOf(WindowClock.WindowStart start, Duration window) {
        if (pid < 0) {
            return start;
        }
        return planned -> {
            long begun = start.begin(planned);
            atEnd = Thread.ofPlatform().daemon().name("loadlab-live-memory").start(() -> {
                try {
                    Thread.sleep(Math.max(0, begun + window.toMillis() - System.currentTimeMillis()));
                    loadedHeapMib = HeapProbe.liveHeapMib(pid);
                } catch (InterruptedException e) {
                    // The load ended before its window did: there is no reading under load.
                }
            });
            return begun;
        };
    }

    /** Both readings, once the one at the window's end is in; empty if either could not be taken. */
    Optional<LiveMemory> result() {
        Thread end = atEnd;
        if (end != null) {
            try {
                end.join(WAIT_FOR_END);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        OptionalDouble loaded = loadedHeapMib;
        if (restHeapMib.isEmpty() || restRssMib.isEmpty() || loaded.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LiveMemory(restHeapMib.getAsDouble(), restRssMib.getAsDouble(), loaded.getAsDouble()));
    }

    @Override
    public void close() {
        Thread end = atEnd;
        if (end != null) {
            end.interrupt();
        }
    }
}
