package loadlab.loadtest.measure;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What one target cost in machine resources over its measurement window: one row of the summary's resource table.
 * Each source can be missing on its own (no /proc, a JVM killed before it wrote its recording), and a missing
 * source shows as n/a, never as zeros.
 *
 * @param process       the target's own process: the app, or slow-server itself for direct
 * @param jfr           GC, heap and pinning figures from the target's JFR recording; for a target on another host,
 *                      its GC count and pauses from its Actuator ({@link JfrFigures#ofGcCounters})
 * @param loadGenerator the load generator JVM (this one), to show it was not the bottleneck
 * @param backend       slow-server over an app's window: with the load generator and the app, all of the lab's CPU;
 *                      empty for direct, whose process is slow-server
 * @param engines       each JMeter remote engine's own usage when the load came from engines (then the load generator
 *                      above is the runner's JVM, which only collected their samples); empty when JMeter ran here
 * @param hostCores     for an app on another host, the processors it may use there (its Actuator's
 *                      {@code system.cpu.count}): what its CPU and a CPU-bound ceiling are judged against instead of
 *                      this machine's cores. Empty for a target on this machine, and for a remote one whose count could
 *                      not be read, which is judged against this machine's cores as before
 * @param probes        what each probe that ran on the target measured ({@link #memory}, {@link #poolWait},
 *                      {@link #speed} and those added since)
 */
public record ResourceCost(
        Optional<ResourceUsage> process,
        Optional<JfrFigures> jfr,
        Optional<ResourceUsage> loadGenerator,
        Optional<ResourceUsage> backend,
        List<EngineUsage> engines,
        OptionalInt hostCores,
        ProbeFigures probes) {

    public static final ResourceCost NONE = new ResourceCost(Optional.empty(), Optional.empty(), Optional.empty());

    public ResourceCost {
        engines = List.copyOf(engines);
        Objects.requireNonNull(probes, "probes");
    }

    /**
     * Figures with the first three probes' by name.
     *
     * @param memory   what the target held live at rest and under load, when both full collections could be forced
     * @param poolWait for a database request, where requests waited for a connection
     * @param speed    how fast the target's CPUs ran over the window; empty for a target on another host, or one
     *                 whose process was not sampled
     */
    public ResourceCost(
            Optional<ResourceUsage> process,
            Optional<JfrFigures> jfr,
            Optional<ResourceUsage> loadGenerator,
            Optional<ResourceUsage> backend,
            Optional<LiveMemory> memory,
            Optional<PoolWait> poolWait,
            Optional<CpuSpeed> speed,
            List<EngineUsage> engines,
            OptionalInt hostCores) {
        this(
                process,
                jfr,
                loadGenerator,
                backend,
                engines,
                hostCores,
                ProbeFigures.NONE
                        .with(LiveMemory.KEY, memory)
                        .with(PoolWait.KEY, poolWait)
                        .with(CpuSpeed.KEY, speed));
    }

    /** Figures of a load sent from this JVM, without engines, of a target on this machine. */
    public ResourceCost(
            Optional<ResourceUsage> process,
            Optional<JfrFigures> jfr,
            Optional<ResourceUsage> loadGenerator,
            Optional<ResourceUsage> backend,
            Optional<LiveMemory> memory,
            Optional<PoolWait> poolWait,
            Optional<CpuSpeed> speed) {
        this(process, jfr, loadGenerator, backend, memory, poolWait, speed, List.of(), OptionalInt.empty());
    }

    /** Figures without the live-memory, backend, pool and speed readings. */
    public ResourceCost(
            Optional<ResourceUsage> process, Optional<JfrFigures> jfr, Optional<ResourceUsage> loadGenerator) {
        this(process, jfr, loadGenerator, Optional.empty(), List.of(), OptionalInt.empty(), ProbeFigures.NONE);
    }

    /** What the target held live at rest and under load, when both full collections could be forced. */
    public Optional<LiveMemory> memory() {
        return probes.get(LiveMemory.KEY);
    }

    /** For a database request, where requests waited for a connection. */
    public Optional<PoolWait> poolWait() {
        return probes.get(PoolWait.KEY);
    }

    /** How fast the target's CPUs ran over the window; empty for a target on another host, or one not sampled. */
    public Optional<CpuSpeed> speed() {
        return probes.get(CpuSpeed.KEY);
    }

    /** The same figures with the JFR recording's. */
    public ResourceCost withJfr(Optional<JfrFigures> figures) {
        return new ResourceCost(process, figures, loadGenerator, backend, engines, hostCores, probes);
    }

    /** The same figures with one probe's replaced. */
    public <F extends Record> ResourceCost withProbe(ProbeFigures.Key<F> probe, Optional<F> figures) {
        return new ResourceCost(process, jfr, loadGenerator, backend, engines, hostCores, probes.with(probe, figures));
    }

    /** The same figures with what the target held live. */
    public ResourceCost withMemory(Optional<LiveMemory> live) {
        return withProbe(LiveMemory.KEY, live);
    }

    /** The same figures with slow-server's over the window. */
    public ResourceCost withBackend(Optional<ResourceUsage> usage) {
        return new ResourceCost(process, jfr, loadGenerator, usage, engines, hostCores, probes);
    }

    /** The same figures with what the pool's gauges said. */
    public ResourceCost withPoolWait(Optional<PoolWait> figures) {
        return withProbe(PoolWait.KEY, figures);
    }

    /** The same figures with how fast the target's CPUs ran. */
    public ResourceCost withSpeed(Optional<CpuSpeed> measured) {
        return withProbe(CpuSpeed.KEY, measured);
    }

    /** The same figures with the remote engines' own. */
    public ResourceCost withEngines(List<EngineUsage> used) {
        return new ResourceCost(process, jfr, loadGenerator, backend, used, hostCores, probes);
    }

    /** The same figures with the processors of the other host the target ran on. */
    public ResourceCost withHostCores(OptionalInt processors) {
        return new ResourceCost(process, jfr, loadGenerator, backend, engines, processors, probes);
    }

    /**
     * The target's CPU per request over slow-server's over the same window: how many of the backend's requests one of
     * the app's costs. slow-server answers an app's requests with the same work in every run, on the other core at the
     * same time, so what the host's other work does to the CPU time of both in that window cancels out, and the ratio
     * repeats where each alone does not. Between apps it is fair only at the same rate: slow-server's CPU per request
     * is higher behind an app that serves fewer requests a second. Empty without both figures, and for direct, which
     * is slow-server itself.
     */
    public OptionalDouble cpuOverBackend() {
        if (process.isEmpty() || backend.isEmpty()) {
            return OptionalDouble.empty();
        }
        return cpuOverBackend(
                process.get().cpuSecondsPer1000Requests(), backend.get().cpuSecondsPer1000Requests());
    }

    /** The target's CPU per 1,000 requests over slow-server's for the same requests; empty without both. */
    static OptionalDouble cpuOverBackend(OptionalDouble own, OptionalDouble backends) {
        if (own.isEmpty() || backends.isEmpty() || !(backends.getAsDouble() > 0)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(own.getAsDouble() / backends.getAsDouble());
    }

    /**
     * What 1000 requests cost the target's process on the reference CPU: its CPU s / 1000 req with the machine's speed
     * over the same window taken out; empty without either.
     */
    public OptionalDouble normalisedCpuPer1000Requests() {
        if (speed().isEmpty()
                || process.isEmpty()
                || process.get().cpuSecondsPer1000Requests().isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(speed().get()
                .normalise(process.get().cpuSecondsPer1000Requests().getAsDouble()));
    }

    /**
     * @param target        readings of the target's process over the run ({@code run.ProcessSampler})
     * @param jfr           the target's recording read for the same window, if it could be read
     * @param loadGenerator readings of this JVM over the run ({@code run.ProcessSampler})
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
