package loadlab.loadtest.run;

import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.LiveMemory;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.ResourceUsage;

/**
 * What a load yields before it is judged: its samples, what the processes cost (no process readings for the direct
 * row of a database plan: PostgreSQL is a process per connection), the pool's readings, and any death.
 */
record Loaded(
        LoadRun.Result result,
        Optional<ResourceSamples> targetSamples,
        ResourceSamples generatorSamples,
        List<EngineUsage.Readings> engineReadings,
        Optional<String> death,
        MeasurementWindow idle,
        List<PoolWait.Reading> poolReadings,
        Optional<LiveMemory> memory,
        List<CpuSpeed.Timing> speedTimings) {

    /**
     * What the window's requests cost: the target's process less its idle CPU, the load generator (and each remote
     * engine that sent the load), the backend behind an app less its own idle CPU over the same quiet span (as for
     * direct's row, whose target it is, so that the two are the same figure), the target's live memory, how fast the
     * target's CPUs ran and, in a database plan, where requests waited for the pool.
     */
    ResourceCost cost(
            MeasurementWindow window,
            int requests,
            Optional<ResourceSamples> backendSamples,
            Optional<PoolWait> poolWait) {
        ResourceCost cost = targetSamples
                .map(samples -> ResourceCost.of(
                        samples, Optional.empty(), generatorSamples, window, requests, Optional.of(idle)))
                .orElseGet(() -> new ResourceCost(
                        Optional.empty(), Optional.empty(), ResourceUsage.of(generatorSamples, window, requests)));
        return cost.withMemory(memory)
                .withBackend(backendSamples.flatMap(
                        samples -> ResourceUsage.of(samples, window, requests, Optional.of(idle))))
                .withPoolWait(poolWait)
                .withSpeed(CpuSpeed.of(speedTimings, window, CpuSpeedProbe.YARDSTICK))
                .withEngines(engineReadings.stream()
                        .map(engine -> engine.over(window, requests))
                        .toList());
    }
}
