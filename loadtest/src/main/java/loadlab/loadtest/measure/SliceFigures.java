package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.plan.SliceSchedule;

/**
 * One slice of an interleaved comparison, as measured: one target's turn with the load, of which only the counted span
 * (after its settle) counts. Its figures are the ones a whole window's are, by the same functions: requests that ended
 * inside the span ({@link MeasurementWindow#counts}), good ones (no {@link ErrorClass}), and CPU per 1,000 requests as
 * {@link ResourceUsage#of} reads it from the process's readings, for the target and for slow-server behind it.
 *
 * @param round                    from 0
 * @param target                   the target's name
 * @param settleEndMillis          where the counted span starts
 * @param cpuSecondsPer1000Requests the target's process over the counted span; empty without readings or requests
 * @param backendCpuSecondsPer1000Requests slow-server's over the same span, per 1,000 of this target's requests
 */
public record SliceFigures(
        int round,
        String target,
        long startMillis,
        long settleEndMillis,
        long endMillis,
        int requests,
        int good,
        OptionalDouble cpuSecondsPer1000Requests,
        OptionalDouble backendCpuSecondsPer1000Requests) {

    /**
     * @param samples every sample of the slice's load, settle included: only those that ended in the counted span count
     * @param target  the target's process readings over (at least) the slice
     * @param backend slow-server's readings over the slice, when the lab samples it
     */
    public static SliceFigures of(
            SliceSchedule.Slice slice,
            List<Sample> samples,
            Optional<ResourceSamples> target,
            Optional<ResourceSamples> backend) {
        MeasurementWindow counted = new MeasurementWindow(slice.settleEndMillis(), slice.endMillis());
        List<Sample> inside = samples.stream().filter(counted::counts).toList();
        int requests = inside.size();
        int good = (int) inside.stream()
                .filter(sample -> ErrorClass.classify(sample).isEmpty())
                .count();
        return new SliceFigures(
                slice.round(),
                slice.target().name(),
                slice.startMillis(),
                slice.settleEndMillis(),
                slice.endMillis(),
                requests,
                good,
                cpuPer1000(target, counted, requests),
                cpuPer1000(backend, counted, requests));
    }

    private static OptionalDouble cpuPer1000(
            Optional<ResourceSamples> readings, MeasurementWindow counted, int requests) {
        return readings.flatMap(r -> ResourceUsage.of(r, counted, requests))
                .map(ResourceUsage::cpuSecondsPer1000Requests)
                .orElse(OptionalDouble.empty());
    }

    /** The counted span, which a rate over the slice divides by. */
    @JsonIgnore
    public MeasurementWindow counted() {
        return new MeasurementWindow(settleEndMillis, endMillis);
    }

    /** Good requests per second of the counted span. */
    @JsonIgnore
    public double goodPerSecond() {
        return good / counted().seconds();
    }

    /** The target's CPU over slow-server's for the same requests, as {@link ResourceCost#cpuOverBackend} reads it. */
    @JsonIgnore
    public OptionalDouble cpuOverBackend() {
        return ResourceCost.cpuOverBackend(cpuSecondsPer1000Requests, backendCpuSecondsPer1000Requests);
    }
}
