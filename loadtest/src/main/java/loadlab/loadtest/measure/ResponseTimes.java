package loadlab.loadtest.measure;

/** Response-time statistics in ms over a non-empty set of requests; percentiles are exact nearest-rank. */
public record ResponseTimes(double meanMs, long minMs, long p50Ms, long p90Ms, long p95Ms, long p99Ms, long maxMs) {

    static ResponseTimes of(ExactPercentiles elapsed) {
        return new ResponseTimes(
                elapsed.mean(),
                elapsed.min(),
                elapsed.at(50),
                elapsed.at(90),
                elapsed.at(95),
                elapsed.at(99),
                elapsed.max());
    }
}
