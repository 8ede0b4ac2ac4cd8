package loadlab.loadtest.measure;

import java.util.Optional;

/**
 * What one target cost in machine resources over its measurement window: one row of the summary's resource table.
 * Each source can be missing on its own (no /proc, a JVM killed before it wrote its recording), and a missing
 * source shows as n/a, never as zeros.
 *
 * @param process       the target's own process: the app, or slow-server itself for direct
 * @param jfr           GC, heap and pinning figures from the target's JFR recording
 * @param loadGenerator the load generator JVM (this one), to show it was not the bottleneck
 * @param poolWait      for a database request, where requests waited for a connection
 */
public record ResourceCost(
        Optional<ResourceUsage> process,
        Optional<JfrFigures> jfr,
        Optional<ResourceUsage> loadGenerator,
        Optional<PoolWait> poolWait) {

    public static final ResourceCost NONE = new ResourceCost(Optional.empty(), Optional.empty(), Optional.empty());

    /** The cost of a request that uses no pool. */
    public ResourceCost(
            Optional<ResourceUsage> process, Optional<JfrFigures> jfr, Optional<ResourceUsage> loadGenerator) {
        this(process, jfr, loadGenerator, Optional.empty());
    }

    /** The same cost with what the pool's gauges said. */
    public ResourceCost withPoolWait(Optional<PoolWait> figures) {
        return new ResourceCost(process, jfr, loadGenerator, figures);
    }

    /** The same cost with the figures of the target's JFR recording. */
    public ResourceCost withJfr(Optional<JfrFigures> figures) {
        return new ResourceCost(process, figures, loadGenerator, poolWait);
    }

    /**
     * @param target        readings of the target's process over the run ({@link ProcessSampler#start(long)})
     * @param jfr           the target's recording read for the same window, if it could be read
     * @param loadGenerator readings of this JVM over the run ({@link ProcessSampler#startThisJvm()})
     * @param requests      requests counted in the window ({@link RunStats#requests()})
     */
    public static ResourceCost of(
            ResourceSamples target,
            Optional<JfrFigures> jfr,
            ResourceSamples loadGenerator,
            MeasurementWindow window,
            int requests) {
        return of(target, jfr, loadGenerator, window, requests, Optional.empty());
    }

    /** @param idle a quiet span of the target just before its load, for its idle CPU */
    public static ResourceCost of(
            ResourceSamples target,
            Optional<JfrFigures> jfr,
            ResourceSamples loadGenerator,
            MeasurementWindow window,
            int requests,
            Optional<MeasurementWindow> idle) {
        return new ResourceCost(
                ResourceUsage.of(target, window, requests, idle),
                jfr,
                ResourceUsage.of(loadGenerator, window, requests));
    }
}
