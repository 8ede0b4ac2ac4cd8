package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import loadlab.loadtest.measure.Backlog;
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.Intervals;
import loadlab.loadtest.measure.MemoryPerConnection;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Plan;

/**
 * A figure that decides a situation of the answer page, read the same way for every model, each with its interval
 * ({@link Estimate}): the range of the runs when repeated, else one computed from the run, never narrower than what one
 * run is known to move by.
 */
enum Deciding {
    /** Good requests per second: what reaches the users in time. */
    GOOD(true),
    /** The table's tail figure ({@link TailFigure}): p99, or the share of requests over a threshold. */
    TAIL(false),
    /**
     * Heap after a full collection under load, less the same at rest, per 1,000 requests in flight: what a waiting
     * request holds ({@link MemoryPerConnection}).
     */
    HEAP_PER_1000_WAITING(false),
    /** Requests per second per core of CPU: 1000 / CPU s per 1000 requests. */
    PER_CORE(true),
    /**
     * Under open arrivals, requests lost to the response timeout from each disturbance's start to the end of what was
     * watched after it ({@link Backlog#lostToTimeouts}), over the timeline's disturbances: a count, its interval a
     * Poisson one.
     */
    LOST_TO_TIMEOUTS(false),
    /**
     * Under open arrivals, seconds from a disturbance's end until the backlog it built drained ({@link
     * Backlog#drainedAfter}), the longest over the timeline's disturbances; one that never drained is behind every one
     * that did. Read to within {@link Thresholds#RECOVERY_SMOOTHING_SECONDS}, the span the recovery figures average
     * over.
     */
    DRAINED_AFTER(false),
    /**
     * From a fresh process, requests lost to the response timeout from the load's start, its ramp-up included, to the
     * end of the run: what a new instance loses while it starts. A count, its interval a Poisson one.
     */
    LOST_AT_START(false);

    /** How a drain time reads when the backlog never drained. */
    static final String NEVER = "never";

    final boolean higherIsBetter;

    Deciding(boolean higherIsBetter) {
        this.higherIsBetter = higherIsBetter;
    }

    /** One model's figure over its runs at one load of a plan; empty when it failed or any run lacks it. */
    Optional<Estimate> of(Scores scores, TailFigure tail, Plan plan) {
        return switch (this) {
            case GOOD -> scores.good();
            case TAIL -> scores.tail(tail);
            case HEAP_PER_1000_WAITING -> heapPer1000(scores);
            case PER_CORE -> scores.cost(Figure.CPU).filter(e -> e.low() > 0).map(Deciding::perCore);
            case LOST_TO_TIMEOUTS -> lostToTimeouts(scores, plan);
            case DRAINED_AFTER -> drainedAfter(scores, plan);
            case LOST_AT_START -> lostAtStart(scores);
        };
    }

    /** A figure as a cell shows it, without its interval. */
    String format(double value, TailFigure tail) {
        return switch (this) {
            case GOOD -> Format.rate(value);
            case TAIL -> tail.isP99() ? Format.ms(value) : Format.percent(100 * value);
            case HEAP_PER_1000_WAITING -> Format.tenths(value);
            case PER_CORE, LOST_TO_TIMEOUTS, LOST_AT_START -> Format.whole(value);
            case DRAINED_AFTER -> Double.isInfinite(value) ? NEVER : Format.whole(value);
        };
    }

    /**
     * Whether a cell shows the value alone, without its interval: a backlog's count or drain time whose interval is
     * the value itself as shown (no timeouts, a backlog that never drained).
     */
    boolean alone(Estimate e, TailFigure tail) {
        return (this == LOST_TO_TIMEOUTS || this == DRAINED_AFTER || this == LOST_AT_START)
                && format(e.low(), tail).equals(format(e.high(), tail));
    }

    /** Whether only the interval's bounds are known, without a value inside it: a share bounded by percentiles. */
    boolean boundsOnly(TailFigure tail) {
        return this == TAIL && !tail.isP99() && !tail.timeouts();
    }

    private static Optional<Estimate> heapPer1000(Scores scores) {
        if (scores.failure().isPresent()) {
            return Optional.empty();
        }
        Optional<List<Double>> values = Cells.values(scores.runs(), Deciding::heapPer1000);
        return values.map(v -> v.size() > 1
                ? Estimate.of(Spread.of(v))
                : Estimate.exactly(v.getFirst()).atLeast(Thresholds.MEMORY_NOISE_PERCENT));
    }

    private static OptionalDouble heapPer1000(Point point) {
        return MemoryPerConnection.of(point)
                .map(m -> OptionalDouble.of(m.heapMibPer1000()))
                .orElse(OptionalDouble.empty());
    }

    private static Optional<Estimate> lostToTimeouts(Scores scores, Plan plan) {
        Optional<List<Double>> lost = backlogs(
                scores,
                plan,
                each -> OptionalDouble.of(
                        each.stream().mapToInt(Backlog::lostToTimeouts).sum()));
        return lost.map(Deciding::count);
    }

    private static Optional<Estimate> lostAtStart(Scores scores) {
        if (scores.failure().isPresent()) {
            return Optional.empty();
        }
        return Cells.values(
                        scores.runs(),
                        p -> OptionalDouble.of(p.series().seconds().stream()
                                .mapToInt(s -> s.timeouts())
                                .sum()))
                .map(Deciding::count);
    }

    /** A count over runs: their range when repeated, else a Poisson interval around the one run's. */
    private static Estimate count(List<Double> runs) {
        return runs.size() > 1 ? Estimate.of(Spread.of(runs)) : Intervals.rate(Math.round(runs.getFirst()), 1);
    }

    private static Optional<Estimate> drainedAfter(Scores scores, Plan plan) {
        Optional<List<Double>> drained = backlogs(
                scores,
                plan,
                each -> OptionalDouble.of(each.stream()
                        .mapToDouble(b ->
                                b.drainedAfter().isPresent() ? b.drainedAfter().getAsInt() : Double.POSITIVE_INFINITY)
                        .max()
                        .orElseThrow()));
        return drained.map(v -> {
            if (v.size() == 1) {
                double value = v.getFirst();
                double half = Thresholds.RECOVERY_SMOOTHING_SECONDS;
                return new Estimate(value, Math.max(0, value - half), value + half);
            }
            // Spread takes finite values only; a run that never drained is the highest.
            List<Double> sorted = v.stream().sorted().toList();
            return v.stream().allMatch(Double::isFinite)
                    ? Estimate.of(Spread.of(v))
                    : new Estimate(sorted.get(sorted.size() / 2), sorted.getFirst(), sorted.getLast());
        });
    }

    /** Each run's figure from its backlogs; empty when the model failed or the plan builds no backlog. */
    private static Optional<List<Double>> backlogs(
            Scores scores, Plan plan, Function<List<Backlog>, OptionalDouble> figure) {
        if (scores.failure().isPresent() || !Backlogs.apply(plan)) {
            return Optional.empty();
        }
        return Cells.values(scores.runs(), p -> figure.apply(Backlogs.of(plan, p)));
    }

    /** CPU seconds per 1000 requests turned into requests per core-second: the interval's ends swap. */
    private static Estimate perCore(Estimate cpuPer1000) {
        return new Estimate(1000 / cpuPer1000.value(), 1000 / cpuPer1000.high(), 1000 / cpuPer1000.low());
    }
}
