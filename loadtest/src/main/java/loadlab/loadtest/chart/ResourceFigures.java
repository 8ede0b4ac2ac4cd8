package loadlab.loadtest.chart;

import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.ResourceCost;

/**
 * What one target cost the machine while it carried the load, for the resources chart. Only the charts depend on
 * this shape; whoever measures the figures fills it.
 *
 * @param cpuSecondsPer1000Requests CPU time the target's process used, per 1000 requests it completed: the cost of
 *                                  a request, comparable across targets that reached different throughputs
 * @param peakRssMb                 the process's highest resident set size, in MiB; empty when not read (a target on
 *                                  another host, read through its Actuator)
 * @param peakPlatformThreads       the process's highest count of OS threads; virtual threads are not among them
 */
record ResourceFigures(double cpuSecondsPer1000Requests, OptionalDouble peakRssMb, int peakPlatformThreads) {

    /** The chart's view of a measured cost; empty when the process was not sampled or completed no request. */
    static Optional<ResourceFigures> of(ResourceCost cost) {
        return cost.process()
                .filter(usage -> usage.cpuSecondsPer1000Requests().isPresent())
                .map(usage -> new ResourceFigures(
                        usage.cpuSecondsPer1000Requests().getAsDouble(), usage.peakRssMib(), usage.peakThreads()));
    }
}
