package loadlab.loadtest.report;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.plan.LoadShape;

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
}
