package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * An open load's arrival rate over its measured window: steps back to back from the window's start, each rate held
 * until the next step, the last one to the end. Before the window (ramp-up and warm-up) the load arrives at the first
 * step's rate, the calm one, so that a disturbance (a spike of arrivals) falls where the window puts it, as a closed
 * {@link LoadShape.Spike}'s does.
 *
 * @param steps the first at the window's start, then strictly later ones
 */
public record RateProfile(List<Step> steps) {

    /**
     * @param from           how long after the window's start this rate begins
     * @param ratePerSecond  the mean arrival rate from then on
     */
    public record Step(Duration from, double ratePerSecond) {
        public Step {
            if (from.isNegative() || !(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
                throw new IllegalArgumentException("a rate step needs a positive rate from a time not before the"
                        + " window: " + ratePerSecond + " req/s from " + from.toMillis() + " ms");
            }
        }
    }

    public RateProfile {
        steps = List.copyOf(steps);
        if (steps.isEmpty() || !steps.getFirst().from().isZero()) {
            throw new IllegalArgumentException("a rate profile starts with a step at the window's start: " + steps);
        }
        for (int i = 1; i < steps.size(); i++) {
            if (steps.get(i).from().compareTo(steps.get(i - 1).from()) <= 0) {
                throw new IllegalArgumentException("rate steps must be strictly later one after another: " + steps);
            }
        }
    }

    /** One rate throughout. */
    public static RateProfile constant(double ratePerSecond) {
        return new RateProfile(List.of(new Step(Duration.ZERO, ratePerSecond)));
    }

    /**
     * The open counterpart of {@link LoadShape.Spike}: the calm rate for {@code before}, {@code factor} times it for
     * {@code during}, then the calm rate again.
     */
    public static RateProfile spike(double calmPerSecond, double factor, Duration before, Duration during) {
        if (!(factor > 1) || !during.isPositive() || !before.isPositive()) {
            throw new IllegalArgumentException("a spike of arrivals needs a factor above 1, a calm stretch before it"
                    + " and a length: x" + factor + " after " + before.toSeconds() + " s for " + during.toSeconds()
                    + " s");
        }
        return new RateProfile(List.of(
                new Step(Duration.ZERO, calmPerSecond),
                new Step(before, calmPerSecond * factor),
                new Step(before.plus(during), calmPerSecond)));
    }

    /** The rate the load starts and settles at: the first step's. */
    public double calm() {
        return steps.getFirst().ratePerSecond();
    }

    /** The highest rate: what bounds the requests in flight (rate × timeout). */
    public double peak() {
        return steps.stream().mapToDouble(Step::ratePerSecond).max().orElseThrow();
    }

    public boolean isConstant() {
        return steps.size() == 1;
    }

    /** The rate at this time since the window's start; before the window, the calm rate. */
    public double rateAt(Duration sinceWindowStart) {
        double rate = calm();
        for (Step step : steps) {
            if (step.from().compareTo(sinceWindowStart) <= 0) {
                rate = step.ratePerSecond();
            }
        }
        return rate;
    }

    /** Every rate times {@code share}: what one of several engines sends so that together they send this. */
    public RateProfile scaled(double share) {
        return new RateProfile(steps.stream()
                .map(step -> new Step(step.from(), step.ratePerSecond() * share))
                .toList());
    }

    /** A short name: {@code 100} for a constant rate, {@code 100-peak-500} for one with steps. */
    String label() {
        return isConstant() ? number(calm()) : number(calm()) + "-peak-" + number(peak());
    }

    static String number(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate);
    }
}
