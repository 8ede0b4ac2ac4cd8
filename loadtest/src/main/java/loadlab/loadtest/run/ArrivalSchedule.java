package loadlab.loadtest.run;

import java.time.Duration;
import java.util.Optional;
import java.util.SplittableRandom;
import loadlab.loadtest.plan.RateProfile;

/**
 * When each arrival of an open load is due, as offsets from the load's start: a Poisson stream whose rate ramps up
 * from zero, then follows a {@link RateProfile} from the window's start on. Seeded, so that every target of a plan
 * gets the same arrivals at the same offsets: two models then differ by what they did with one stream, not by two
 * draws of chance.
 * <p>
 * The first arrival is due at once (offset zero), so that the load's first request, from which the lab places the
 * window, is the schedule's own start and a rate step falls at its second of the window. The rest are drawn by
 * thinning (Lewis and Shedler): candidates at the peak rate, each kept with probability rate(t) / peak, which gives a
 * Poisson stream of rate(t) for any shape of rate, steps and ramp alike.
 */
final class ArrivalSchedule {

    /** No further arrival: the schedule has ended. */
    static final long END = -1;

    private static final double NANOS_PER_SECOND = 1e9;

    private final double calm;
    /** The steps' starts, seconds since the load's start, and their rates. */
    private final double[] stepStarts;

    private final double[] stepRates;
    private final double rampUpSeconds;
    private final double lengthSeconds;
    private final double peak;
    private final SplittableRandom random;
    private double at = -1;

    /**
     * @param rampUp      how long the rate takes to climb from zero to the calm rate
     * @param windowStart how long after the load's start its window starts: ramp-up and warm-up
     * @param length      how long the load lasts: no arrival is due at or after it
     */
    ArrivalSchedule(RateProfile rates, Duration rampUp, Duration windowStart, Duration length, long seed) {
        if (rampUp.compareTo(windowStart) > 0 || !length.isPositive()) {
            throw new IllegalArgumentException(
                    "the window starts after the ramp-up, and the load has a length: ramp-up "
                            + rampUp.toMillis() + " ms, window at " + windowStart.toMillis() + " ms, length "
                            + length.toMillis() + " ms");
        }
        this.calm = rates.calm();
        this.rampUpSeconds = rampUp.toNanos() / NANOS_PER_SECOND;
        double windowStartSeconds = windowStart.toNanos() / NANOS_PER_SECOND;
        this.stepStarts = rates.steps().stream()
                .mapToDouble(step -> windowStartSeconds + step.from().toNanos() / NANOS_PER_SECOND)
                .toArray();
        this.stepRates = rates.steps().stream()
                .mapToDouble(RateProfile.Step::ratePerSecond)
                .toArray();
        this.lengthSeconds = length.toNanos() / NANOS_PER_SECOND;
        this.peak = rates.peak();
        this.random = new SplittableRandom(seed);
    }

    /**
     * The seed an engine draws its share with: the plan's, mixed with the engine's name, since engines that drew the
     * same stream would send in pairs, which together is no Poisson stream at the whole rate.
     */
    static long seedOf(long seed, Optional<String> engine) {
        return engine.map(name -> seed * 31 + name.hashCode()).orElse(seed);
    }

    /** The rate at this many seconds since the load's start: {@link RateProfile#rateAt} after the ramp-up. */
    double rateAt(double seconds) {
        if (seconds < rampUpSeconds) {
            return calm * seconds / rampUpSeconds;
        }
        double rate = calm;
        for (int i = 0; i < stepStarts.length && stepStarts[i] <= seconds; i++) {
            rate = stepRates[i];
        }
        return rate;
    }

    /** The next arrival's offset from the load's start, in nanoseconds, or {@link #END}. */
    long nextNanos() {
        if (at < 0) {
            at = 0;
            return 0;
        }
        while (true) {
            // Exponential gaps at the peak rate; 1 - u is in (0, 1], so the logarithm is finite.
            at += -Math.log(1 - random.nextDouble()) / peak;
            if (at >= lengthSeconds) {
                at = lengthSeconds;
                return END;
            }
            if (random.nextDouble() * peak < rateAt(at)) {
                return Math.round(at * NANOS_PER_SECOND);
            }
        }
    }
}
