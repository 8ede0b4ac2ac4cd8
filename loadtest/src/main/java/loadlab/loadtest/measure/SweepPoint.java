package loadlab.loadtest.measure;

import java.util.Objects;
import loadlab.loadtest.plan.Target;

/**
 * One level of a concurrency sweep: a target under {@code users} closed-loop users.
 *
 * @param result measured, or failed with its reason; a failed level keeps its row
 * @param cost   what the target cost over the level's window; {@link ResourceCost#NONE} when it was not sampled
 */
public record SweepPoint(Target target, int users, TargetResult result, ResourceCost cost) {

    public SweepPoint {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(cost, "cost");
        if (users <= 0) {
            throw new IllegalArgumentException("users must be positive: " + users);
        }
        // A row filed under the wrong target would compare one model's numbers with another's ceiling.
        if (!result.target().equals(target)) {
            throw new IllegalArgumentException("result of " + result.target().name() + " filed under " + target.name());
        }
    }

    /** Little's law, as {@link RunStats} computes it, but known for a failed level too. */
    double ceilingPerSecond(double backendMeanDelayMs) {
        return target.concurrency(users) / (backendMeanDelayMs / 1000);
    }
}
