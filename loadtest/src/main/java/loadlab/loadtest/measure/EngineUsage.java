package loadlab.loadtest.measure;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What one JMeter remote engine's JVM used over a measurement window: with the load on engines, they, not the runner's
 * JVM (which only collects their samples), are the load generator whose saturation a report must be able to rule out.
 * Read from the engine's own registry once a second ({@code loadlab.loadtest.engine.EngineFigures}).
 *
 * @param engine        the engine as the run named it, {@code host:port}
 * @param onThisMachine whether it ran on this machine (a loopback address), sharing its cores with the runner and the
 *                      targets
 * @param processors    the processors it could run on; empty when it could not be read
 * @param heapMaxMib    the most heap its JVM could grow to; empty when undefined or not read
 * @param usage         its CPU (a delta over the window), peak threads, heap and RSS, by the same arithmetic as every
 *                      process's ({@link ResourceUsage}); empty when it could not be read (an engine without the
 *                      figures object, or one whose reading failed)
 */
public record EngineUsage(
        String engine,
        boolean onThisMachine,
        OptionalInt processors,
        OptionalDouble heapMaxMib,
        Optional<ResourceUsage> usage) {

    /** An engine that could not be read: named, with no figures. */
    public static EngineUsage unread(String engine, boolean onThisMachine) {
        return new EngineUsage(engine, onThisMachine, OptionalInt.empty(), OptionalDouble.empty(), Optional.empty());
    }

    /** Whether it used enough of its own processors that it, not the target, may have been the limit. */
    public boolean busy() {
        return usage.isPresent()
                && processors.isPresent()
                && Verdicts.cpuBusy(usage.get().averageCores(), processors.getAsInt());
    }

    /**
     * An engine's readings over a load, before the window is known.
     *
     * @param samples    its readings: CPU, RSS, threads and heap in use
     * @param processors as the last reading said; empty when none was taken
     * @param heapMaxMib as the last reading said
     */
    public record Readings(
            String engine,
            boolean onThisMachine,
            ResourceSamples samples,
            OptionalInt processors,
            OptionalDouble heapMaxMib) {

        /** Its figures over the window, with the requests of the whole load (every engine's) for its CPU per request. */
        public EngineUsage over(MeasurementWindow window, int requests) {
            Optional<ResourceUsage> usage = ResourceUsage.of(samples, window, requests);
            return usage.isEmpty()
                    ? unread(engine, onThisMachine)
                    : new EngineUsage(engine, onThisMachine, processors, heapMaxMib, usage);
        }
    }
}
