package loadlab.loadtest.measure;

/**
 * What a target adds on top of the backend's own delay: elapsed − backendDelayMs per good request, in ms.
 * For "direct" this is the load generator and loopback alone, the baseline the apps are compared with.
 *
 * @param requests how many good requests it was computed from
 */
public record AddedLatency(int requests, double meanMs, long p99Ms) {

    static AddedLatency of(ExactPercentiles added) {
        return new AddedLatency(added.count(), added.mean(), added.at(99));
    }
}
