package loadlab.loadtest.measure;

import java.nio.file.Path;
import java.util.Optional;

/** What one load against one target gave: figures, or the reason there are none. A failed load keeps its row. */
public sealed interface Outcome {

    /** The figures, when there are any. */
    default Optional<RunStats> measuredStats() {
        return this instanceof Measured measured ? Optional.of(measured.stats()) : Optional.empty();
    }

    /** Measured, and at least one request completed in the window: the only outcome with latencies to read. */
    default boolean hasRequests() {
        return measuredStats().map(s -> s.requests() > 0).orElse(false);
    }

    record Measured(RunStats stats) implements Outcome {}

    /**
     * @param reason one line: what failed, e.g. the exit code of a service that died mid-run
     * @param log    where to look, e.g. the app's stdout and stderr
     */
    record Failed(String reason, Path log) implements Outcome {}
}
