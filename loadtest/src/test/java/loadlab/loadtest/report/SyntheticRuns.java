package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.IntToDoubleFunction;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;

/** Runs made by hand for the verdict and decision tests: 500 users over a 100 s window against a ceiling of 250 req/s. */
final class SyntheticRuns {

    static final LoadShape LOAD = new LoadShape.Closed(500);
    static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(0, 100);

    private SyntheticRuns() {}

    /** A run of {@code requests} over 100 s, {@code errors} of them errors of {@code errorClass}. */
    static RunStats run(int requests, int errors, ErrorClass errorClass, ResponseTimes times) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
        for (ErrorClass c : ErrorClass.values()) {
            byClass.put(c, c == errorClass ? errors : 0);
        }
        double ceiling = 250;
        return new RunStats(
                WINDOW,
                requests,
                requests / WINDOW.seconds(),
                Optional.of(times),
                errors,
                100.0 * errors / requests,
                byClass,
                ceiling,
                100.0 * (requests - errors) / WINDOW.seconds() / ceiling,
                Optional.empty());
    }

    /** A tail read at p95, p99 and the slowest request, over a median of 2 s. */
    static ResponseTimes tail(long p95, long p99, long max) {
        return new ResponseTimes(2000, 1, 2000, 3600, p95, p99, max);
    }

    /**
     * Eight rounds of 15 s slices (5 s settle) on a host that slows by 10% a round, every target alike: each target's
     * CPU s / 1000 req in a round is its cost for that round times the drift, slow-server's 0.1 times the drift.
     *
     * @param costs each target's cost by round, before the drift, in the order the rounds visit them
     */
    static SideBySide drifting(Map<Target, IntToDoubleFunction> costs) {
        List<SliceFigures> slices = new ArrayList<>();
        long at = 1_700_000_000_000L;
        for (int round = 0; round < 8; round++) {
            double drift = 1 + 0.1 * round;
            for (Map.Entry<Target, IntToDoubleFunction> cost : costs.entrySet()) {
                slices.add(new SliceFigures(
                        round,
                        cost.getKey().name(),
                        at,
                        at + 5_000,
                        at + 15_000,
                        2_500,
                        2_500,
                        OptionalDouble.of(cost.getValue().applyAsDouble(round) * drift),
                        OptionalDouble.of(0.1 * drift)));
                at += 15_000;
            }
        }
        return new SideBySide(8, 15, 5, 7, slices);
    }
}
