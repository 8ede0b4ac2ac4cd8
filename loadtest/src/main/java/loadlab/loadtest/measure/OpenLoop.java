package loadlab.loadtest.measure;

import java.util.List;
import java.util.Optional;

/**
 * What an open load's run measured from its arrivals' intended times, beside the service times of {@link RunStats}: how
 * long each request's user waited from when it was due (coordinated omission corrected, Gil Tene's term), and how far
 * behind its schedule the generator sent.
 *
 * @param fromIntended response times from each request's intended time, over all counted requests, errors included
 *     (a request that waited for a free generator thread and then timed out waited for both)
 * @param lag          the generator's lag, actual send − intended time, over the same requests
 */
public record OpenLoop(ResponseTimes fromIntended, GeneratorLag lag) {

    /** The generator's lag in ms: exact nearest-rank percentiles, as every latency of the lab. */
    public record GeneratorLag(long p50Ms, long p99Ms, long maxMs) {}

    /** The figures of the counted samples that were scheduled arrivals; empty when none were (a closed loop). */
    public static Optional<OpenLoop> of(List<Sample> counted) {
        List<Sample> scheduled = counted.stream().filter(Sample::isScheduled).toList();
        if (scheduled.isEmpty()) {
            return Optional.empty();
        }
        ExactPercentiles fromIntended = ExactPercentiles.of(
                scheduled.stream().mapToLong(Sample::fromIntendedMillis).toArray());
        ExactPercentiles lag = ExactPercentiles.of(
                scheduled.stream().mapToLong(Sample::lagMillis).toArray());
        return Optional.of(
                new OpenLoop(ResponseTimes.of(fromIntended), new GeneratorLag(lag.at(50), lag.at(99), lag.max())));
    }

    /**
     * The most lag p99 the run's latencies can carry and still be the target's: {@link
     * Thresholds#GENERATOR_LAG_PERCENT_OF_P99} of its p99 from the intended time, and never less than {@link
     * Thresholds#GENERATOR_LAG_FLOOR_MS}.
     */
    public long lagLimitMs() {
        return Math.max(
                Thresholds.GENERATOR_LAG_FLOOR_MS,
                Math.round(fromIntended.p99Ms() * Thresholds.GENERATOR_LAG_PERCENT_OF_P99 / 100));
    }

    /** Whether the generator fell so far behind that the run's latencies are partly its own: the run is flagged. */
    public boolean generatorBehind() {
        return lag.p99Ms() > lagLimitMs();
    }
}
