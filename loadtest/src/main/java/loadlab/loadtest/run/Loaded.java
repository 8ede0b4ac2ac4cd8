package loadlab.loadtest.run;

import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.ResourceUsage;

/**
 * What a load yields before it is judged: its samples, what the processes cost (no process readings for the direct
 * row of a database plan: PostgreSQL is a process per connection), what each probe read, and any death.
 */
record Loaded(
        LoadRun.Result result,
        Optional<ResourceSamples> targetSamples,
        ResourceSamples generatorSamples,
        List<EngineUsage.Readings> engineReadings,
        Optional<Death> death,
        MeasurementWindow idle,
        List<RunningProbes.Stopped<?>> probes) {

    /**
     * What the window's requests cost: the target's process less its idle CPU, the load generator (and each remote
     * engine that sent the load), and the backend behind an app less its own idle CPU over the same quiet span (as for
     * direct's row, whose target it is, so that the two are the same figure). The probes' figures come once the target
     * has stopped.
     */
    ResourceCost cost(MeasurementWindow window, int requests, Optional<ResourceSamples> backendSamples) {
        ResourceCost cost = targetSamples
                .map(samples -> ResourceCost.of(
                        samples, Optional.empty(), generatorSamples, window, requests, Optional.of(idle)))
                .orElseGet(() -> new ResourceCost(
                        Optional.empty(), Optional.empty(), ResourceUsage.of(generatorSamples, window, requests)));
        return cost.withBackend(backendSamples.flatMap(
                        samples -> ResourceUsage.of(samples, window, requests, Optional.of(idle))))
                .withEngines(engineReadings.stream()
                        .map(engine -> engine.over(window, requests))
                        .toList());
    }
}
