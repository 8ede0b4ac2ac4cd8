package loadlab.loadtest.measure;

import java.nio.file.Path;
import loadlab.loadtest.plan.Target;

/** One row of the summary: a target that was measured, or one that failed and still gets its row. */
public sealed interface TargetResult {

    Target target();

    static TargetResult measured(Target target, RunStats stats) {
        return new Measured(target, stats);
    }

    static TargetResult failed(Target target, String reason, Path log) {
        return new Failed(target, reason, log);
    }

    record Measured(Target target, RunStats stats) implements TargetResult {}

    /** @param log where to look, e.g. the app's stdout/stderr */
    record Failed(Target target, String reason, Path log) implements TargetResult {}
}
