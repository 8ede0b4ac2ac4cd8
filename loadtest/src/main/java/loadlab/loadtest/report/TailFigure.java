package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.Intervals;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;

/**
 * How one table reads the tail, the same for every row: p99, or, where any row's tail has two modes
 * ({@link Intervals#tailHasTwoModes}), the share of requests slower than a threshold, which then cannot crown a model
 * for the few requests that put its p99 on the other side of a cliff.
 *
 * @param overMs empty for p99; else the threshold
 * @param timeouts whether the threshold is the response timeout, so that the share is the timeouts' exact count
 */
record TailFigure(OptionalDouble overMs, boolean timeouts) {

    static final TailFigure P99 = new TailFigure(OptionalDouble.empty(), false);

    /** @param points every run of every row of the table */
    static TailFigure of(List<Point> points, int timeoutSeconds) {
        List<ResponseTimes> tails = points.stream()
                .flatMap(p -> p.stats().flatMap(RunStats::responseTimes).stream())
                .toList();
        if (tails.stream().noneMatch(Intervals::tailHasTwoModes)) {
            return P99;
        }
        double p95 =
                Spread.of(tails.stream().map(t -> (double) t.p95Ms()).toList()).median();
        double cut = roundUp(Thresholds.TAIL_SHARE_P95_MULTIPLE * p95);
        double timeout = timeoutSeconds * 1000.0;
        return cut >= timeout
                ? new TailFigure(OptionalDouble.of(timeout), true)
                : new TailFigure(OptionalDouble.of(cut), false);
    }

    boolean isP99() {
        return overMs.isEmpty();
    }

    /** One run's figure with its interval: p99's order-statistic interval, or the share's. */
    Optional<Estimate> of(RunStats stats) {
        Optional<ResponseTimes> times = stats.responseTimes();
        if (times.isEmpty()) {
            return Optional.empty();
        }
        if (isP99()) {
            return Optional.of(Intervals.p99(times.get(), stats.requests()).atLeast(Thresholds.LATENCY_NOISE_PERCENT));
        }
        OptionalLong exactly = timeouts
                ? OptionalLong.of(stats.errorsByClass().getOrDefault(ErrorClass.TIMEOUT, 0))
                : OptionalLong.empty();
        return Optional.of(Intervals.shareOver(times.get(), stats.requests(), overMs.getAsDouble(), exactly));
    }

    /** Over runs: the median of their figures, from the lowest run's low to the highest run's high. */
    Optional<Estimate> of(List<Point> runs) {
        List<Optional<Estimate>> each =
                runs.stream().map(p -> p.stats().flatMap(this::of)).toList();
        if (each.isEmpty() || each.stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        List<Estimate> estimates = each.stream().map(Optional::orElseThrow).toList();
        if (estimates.size() == 1) {
            return Optional.of(estimates.getFirst());
        }
        double median =
                Spread.of(estimates.stream().map(Estimate::value).toList()).median();
        return Optional.of(new Estimate(
                median,
                estimates.stream().mapToDouble(Estimate::low).min().orElseThrow(),
                estimates.stream().mapToDouble(Estimate::high).max().orElseThrow()));
    }

    /** How a cell shows it: p99 as every figure is shown, a share as its interval when only bounds are known. */
    String cell(List<Point> runs) {
        if (isP99()) {
            return Cells.of(Figure.P99, runs);
        }
        Optional<Estimate> estimate = of(runs);
        if (estimate.isEmpty()) {
            return Format.NOT_AVAILABLE;
        }
        Estimate e = estimate.get();
        if (timeouts) {
            return Cells.of(
                    runs,
                    p -> p.stats()
                            .flatMap(this::of)
                            .map(x -> OptionalDouble.of(100 * x.value()))
                            .orElse(OptionalDouble.empty()),
                    Format::percent);
        }
        return Format.percent(100 * e.low()) + "–" + Format.percent(100 * e.high());
    }

    /** 1, 2 or 5 times a power of ten, at least {@code ms}. */
    static double roundUp(double ms) {
        double power = Math.pow(10, Math.floor(Math.log10(Math.max(1, ms))));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= ms) {
                return step * power;
            }
        }
        return 10 * power;
    }
}
