package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.MemoryPerConnection;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;

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
    PER_CORE(true);

    final boolean higherIsBetter;

    Deciding(boolean higherIsBetter) {
        this.higherIsBetter = higherIsBetter;
    }

    /** One model's figure over its runs at one load; empty when it failed or any run lacks it. */
    Optional<Estimate> of(Scores scores, TailFigure tail) {
        return switch (this) {
            case GOOD -> scores.good();
            case TAIL -> scores.tail(tail);
            case HEAP_PER_1000_WAITING -> heapPer1000(scores);
            case PER_CORE -> scores.cost(Figure.CPU).filter(e -> e.low() > 0).map(Deciding::perCore);
        };
    }

    /** A figure as a cell shows it, without its interval. */
    String format(double value, TailFigure tail) {
        return switch (this) {
            case GOOD -> Format.rate(value);
            case TAIL -> tail.isP99() ? Format.ms(value) : Format.percent(100 * value);
            case HEAP_PER_1000_WAITING -> Format.tenths(value);
            case PER_CORE -> Format.whole(value);
        };
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

    /** CPU seconds per 1000 requests turned into requests per core-second: the interval's ends swap. */
    private static Estimate perCore(Estimate cpuPer1000) {
        return new Estimate(1000 / cpuPer1000.value(), 1000 / cpuPer1000.high(), 1000 / cpuPer1000.low());
    }
}
