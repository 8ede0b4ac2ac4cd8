package loadlab.loadtest.measure;

import java.util.Objects;
import loadlab.loadtest.plan.Target;

/**
 * One level of the open workload: a target under a fixed arrival rate.
 *
 * @param maxThreads the load generator's bound on requests in flight for this run; {@link RunStats} was computed with
 *                   it as "users", so its ceiling is min(maxThreads, model threads) / mean delay, the capacity
 * @param result     measured, or failed with its reason; a failed level keeps its row
 * @param cost       what the target cost over the run's window; {@link ResourceCost#NONE} when it was not sampled
 */
public record OpenPoint(
        Target target, double offeredRatePerSecond, int maxThreads, TargetResult result, ResourceCost cost) {

    public OpenPoint {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(cost, "cost");
        if (!(offeredRatePerSecond > 0) || Double.isInfinite(offeredRatePerSecond) || maxThreads <= 0) {
            throw new IllegalArgumentException(
                    "rate and maxThreads must be positive: " + offeredRatePerSecond + ", " + maxThreads);
        }
        if (!result.target().equals(target)) {
            throw new IllegalArgumentException("result of " + result.target().name() + " filed under " + target.name());
        }
    }

    /** The most this target can complete per second with maxThreads in flight: Little's law on its concurrency. */
    public double capacityPerSecond(double backendMeanDelayMs) {
        return target.concurrency(maxThreads) / (backendMeanDelayMs / 1000);
    }

    /** An open load never offers more than its rate, so the rate caps the ceiling too. */
    public double ceilingPerSecond(double backendMeanDelayMs) {
        return Math.min(offeredRatePerSecond, capacityPerSecond(backendMeanDelayMs));
    }

    /** Which bound sets the capacity: the model's thread pool, or the load generator's own threads. */
    public boolean generatorBound() {
        return target.threadLimit().isEmpty() || target.threadLimit().getAsInt() > maxThreads;
    }
}
