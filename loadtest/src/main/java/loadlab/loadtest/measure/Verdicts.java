package loadlab.loadtest.measure;

import java.util.List;
import java.util.Optional;

/**
 * The lab's judgements of a figure, as values: each is computed here alone, from {@link Thresholds}, and tested as a
 * value; the reports turn them into sentences.
 */
public final class Verdicts {

    private Verdicts() {}

    /** Reached {@link Thresholds#AT_CEILING_PERCENT} of its ceiling with good answers. */
    public static boolean atCeiling(RunStats stats) {
        return stats.efficiencyPercent() >= Thresholds.AT_CEILING_PERCENT;
    }

    /** Fewer errors than {@link Thresholds#ERROR_PERCENT_LIMIT}: the load did not fail. */
    public static boolean clean(RunStats stats) {
        return stats.errorPercent() < Thresholds.ERROR_PERCENT_LIMIT;
    }

    /** A sweep level that still does what the model allows: measured, clean, near enough its ceiling. */
    public static boolean holds(Point point) {
        return point.stats()
                .filter(s -> s.requests() > 0)
                .map(s -> s.efficiencyPercent() >= Thresholds.HOLDS_PERCENT && clean(s))
                .orElse(false);
    }

    /** Requests wait: the median is clearly above what the backend alone gave. */
    public static boolean queuesAtMedian(ResponseTimes own, ResponseTimes direct) {
        return own.p50Ms() > direct.p50Ms() * Thresholds.QUEUEING_MEDIAN_RATIO;
    }

    /** The tail is the backend's own: p99 within {@link Thresholds#P99_CLOSE_RATIO} of direct's. */
    public static boolean tailClose(ResponseTimes own, ResponseTimes direct) {
        return own.p99Ms() <= direct.p99Ms() * Thresholds.P99_CLOSE_RATIO;
    }

    /**
     * The least good throughput that still counts as keeping up with {@code rate}: {@link Thresholds#KEPT_UP_PERCENT}
     * of it, or less when random arrivals alone can fall that short over the window
     * ({@link Thresholds#CHANCE_SIGMAS}).
     */
    public static double keptUpFloor(double rate, int windowSeconds) {
        return chanceFloor(rate, windowSeconds, Thresholds.KEPT_UP_PERCENT);
    }

    /**
     * The least throughput over {@code seconds} that is still {@code rate}: {@code percent} of it, or less when
     * random completions alone (a count of n varies by √n) can fall that short ({@link Thresholds#CHANCE_SIGMAS}).
     */
    public static double chanceFloor(double rate, int seconds, double percent) {
        double expected = rate * seconds;
        double byChance = expected - Thresholds.CHANCE_SIGMAS * Math.sqrt(expected);
        return Math.min(expected * percent / 100, byChance) / seconds;
    }

    /**
     * Kept up with an open load's rate: good throughput at least {@link #keptUpFloor}, clean, and a tail close to
     * direct's at the same rate (when direct ran).
     */
    public static boolean keptUp(double rate, int windowSeconds, RunStats stats, Optional<ResponseTimes> direct) {
        boolean enough = stats.goodPerSecond() >= keptUpFloor(rate, windowSeconds);
        boolean tail = direct.isEmpty()
                || stats.responseTimes().map(t -> tailClose(t, direct.get())).orElse(false);
        return enough && clean(stats) && tail;
    }

    /** A process (or two together) busy enough that CPU counts among the causes. */
    public static boolean cpuBusy(double averageCores, int machineCores) {
        return averageCores >= Thresholds.BUSY_CPU_SHARE * machineCores;
    }

    /** What a mean time per request (queueing included) predicts against the response timeout. */
    public enum TimeoutForecast {
        /** The mean itself is over the timeout. */
        OVER,
        /** The mean is within {@link Thresholds#NEAR_TIMEOUT} of it: the slower requests exceed it. */
        NEAR,
        /** Well within it: timeouts need another cause. */
        WITHIN
    }

    public static TimeoutForecast timeoutForecast(double meanMs, double timeoutMs) {
        if (meanMs > timeoutMs) {
            return TimeoutForecast.OVER;
        }
        return meanMs >= Thresholds.NEAR_TIMEOUT * timeoutMs ? TimeoutForecast.NEAR : TimeoutForecast.WITHIN;
    }

    /**
     * More completed than the ceiling allows, and made of errors that came back faster than an answer could: the
     * target refused or failed at once. Such a throughput is not a measurement.
     */
    public static boolean failedFast(RunStats stats) {
        if (stats.requests() == 0 || stats.throughputPerSecond() <= stats.ceilingPerSecond()) {
            return false;
        }
        // A pool timeout waited the whole acquire timeout first: slow, like the users' own timeouts.
        int timeouts = stats.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0)
                + stats.errorsByClass().getOrDefault(ErrorClass.POOL_TIMEOUT, 0);
        double fastErrorsPerSecond =
                (stats.errors() - timeouts) / stats.window().seconds();
        return fastErrorsPerSecond > Thresholds.FAST_ERRORS_SHARE_OF_CEILING * stats.ceilingPerSecond();
    }

    /**
     * Whether a JVM's JIT compiler threads have been quiet over the last {@link Thresholds#JIT_SETTLE_SPAN} of its
     * readings; also when they cannot be read (not a JVM on Linux), so that the warm-up then ends at its least.
     */
    public static boolean jitSettled(ResourceSamples samples, long nowMillis) {
        List<ResourceSamples.Reading> readings = samples.readings();
        if (readings.isEmpty() || readings.getLast().jitCpuNanos() == ResourceSamples.Reading.UNKNOWN) {
            return true;
        }
        long from = nowMillis - Thresholds.JIT_SETTLE_SPAN.toMillis();
        ResourceSamples.Reading first = null;
        for (ResourceSamples.Reading reading : readings) {
            if (reading.atMillis() <= from) {
                first = reading;
            }
        }
        if (first == null || first.jitCpuNanos() == ResourceSamples.Reading.UNKNOWN) {
            return false;
        }
        ResourceSamples.Reading last = readings.getLast();
        double cores = (last.jitCpuNanos() - first.jitCpuNanos()) / 1e6 / (last.atMillis() - first.atMillis());
        return cores < Thresholds.JIT_SETTLED_CORES;
    }
}
