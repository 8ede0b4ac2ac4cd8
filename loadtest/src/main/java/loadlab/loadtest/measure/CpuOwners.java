package loadlab.loadtest.measure;

import java.util.List;
import java.util.Optional;

/**
 * A target's CPU over its window by owner ({@link CpuByOwner}): the GC's and the JIT's threads by their own CPU time,
 * the rest of the process's CPU shared out by the recording's stack samples.
 *
 * @param event           which samples were counted: {@code jdk.CPUTimeSample} when the recording has them in the
 *                        window (they see native code, socket I/O included), else {@code jdk.ExecutionSample}
 * @param samples         the samples with a stack in the window
 * @param cutShortSamples of those, the ones JFR cut at its stack depth before they named an owner of their own
 * @param cpuSeconds      the process's CPU over the window, all of it
 * @param owners          every owner with CPU, in {@link Owner}'s order; their shares add up to 1
 */
public record CpuOwners(String event, int samples, int cutShortSamples, double cpuSeconds, List<OwnerShare> owners) {

    /** Its probe's place among a point's figures and in the data file. */
    public static final ProbeFigures.Key<CpuOwners> KEY = new ProbeFigures.Key<>("cpuOwners", CpuOwners.class);

    /** @param share of the process's CPU over the window, 0 to 1 */
    public record OwnerShare(Owner owner, int samples, double share) {}

    public CpuOwners {
        owners = List.copyOf(owners);
    }

    /**
     * @param processCpuNanos the process's user + system time over the window; more than 0
     * @param gcAndJit        its GC's and JIT's threads' over the same window
     */
    public static CpuOwners of(CpuByOwner cpu, long processCpuNanos, GcAndJitCpu gcAndJit) {
        return new CpuOwners(
                cpu.event().eventName(),
                cpu.totalSamples(),
                cpu.cutShortSamples(),
                processCpuNanos / 1e9,
                cpu.shares(processCpuNanos, gcAndJit).stream()
                        .map(row -> new OwnerShare(row.owner(), row.samples(), row.share()))
                        .toList());
    }

    /** The owner's row; empty when it had no CPU. */
    public Optional<OwnerShare> owner(Owner owner) {
        return owners.stream().filter(row -> row.owner() == owner).findFirst();
    }

    /** The owner's share of the process's CPU, 0 to 1. */
    public double share(Owner owner) {
        return owner(owner).map(OwnerShare::share).orElse(0.0);
    }
}
