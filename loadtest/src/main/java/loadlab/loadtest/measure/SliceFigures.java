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
 * @param settleEndMillis          where the counted span starts: the planned settle's end, or later where the target
 *                                 had not yet accepted its users' connections ({@link #acceptedAll})
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
        long settled = Math.max(slice.settleEndMillis(), acceptedAll(slice, target));
        if (settled >= slice.endMillis()) {
            // Connections waited to be accepted until the slice's end: nothing of it was the steady load.
            return new SliceFigures(
                    slice.round(),
                    slice.target().name(),
                    slice.startMillis(),
                    slice.endMillis(),
                    slice.endMillis(),
                    0,
                    0,
                    OptionalDouble.empty(),
                    OptionalDouble.empty());
        }
        MeasurementWindow counted = new MeasurementWindow(settled, slice.endMillis());
        List<Sample> inside = samples.stream().filter(counted::counts).toList();
        int requests = inside.size();
        int good = (int) inside.stream()
                .filter(sample -> ErrorClass.classify(sample).isEmpty())
                .count();
        return new SliceFigures(
                slice.round(),
                slice.target().name(),
                slice.startMillis(),
                settled,
                slice.endMillis(),
                requests,
                good,
                cpuPer1000(target, counted, requests),
                cpuPer1000(backend, counted, requests));
    }

    /**
     * When the target had accepted every connection of the slice: the first reading of its accept queue that found it
     * empty after the last one in the slice that did not; the slice's start when none held any or the queue was not
     * read; the slice's end when it still held some at the last reading. A slice starts its users' connections afresh,
     * and a server that accepts them slowly (Reactor Netty accepts on the event loops that serve requests, so a loop
     * busy serving the first users leaves the rest waiting) serves fewer users, for seconds, than the slice has: its
     * cost and throughput then are those of a partial load, not of the model at the plan's.
     */
    static long acceptedAll(SliceSchedule.Slice slice, Optional<ResourceSamples> target) {
        List<ResourceSamples.Reading> inSlice = target.map(ResourceSamples::readings).orElse(List.of()).stream()
                .filter(r -> r.atMillis() >= slice.startMillis() && r.atMillis() < slice.endMillis())
                .filter(r -> r.notAccepted() != ResourceSamples.Reading.UNKNOWN)
                .toList();
        int lastWaiting = -1;
        for (int i = 0; i < inSlice.size(); i++) {
            if (inSlice.get(i).notAccepted() > 0) {
                lastWaiting = i;
            }
        }
        if (lastWaiting < 0) {
            return slice.startMillis();
        }
        return lastWaiting + 1 < inSlice.size() ? inSlice.get(lastWaiting + 1).atMillis() : slice.endMillis();
    }

    private static OptionalDouble cpuPer1000(
            Optional<ResourceSamples> readings, MeasurementWindow counted, int requests) {
        return readings.flatMap(r -> ResourceUsage.of(r, counted, requests))
                .map(ResourceUsage::cpuSecondsPer1000Requests)
                .orElse(OptionalDouble.empty());
    }

    /** Whether anything of the slice counted: not when connections waited to be accepted until its end. */
    @JsonIgnore
    public boolean countedAny() {
        return settleEndMillis < endMillis;
    }

    /** The counted span, which a rate over the slice divides by; only for a slice that {@link #countedAny}. */
    @JsonIgnore
    public MeasurementWindow counted() {
        return new MeasurementWindow(settleEndMillis, endMillis);
    }

    /** Good requests per second of the counted span. */
    @JsonIgnore
    public double goodPerSecond() {
        return countedAny() ? good / counted().seconds() : 0;
    }

    /** The target's CPU over slow-server's for the same requests, as {@link ResourceCost#cpuOverBackend} reads it. */
    @JsonIgnore
    public OptionalDouble cpuOverBackend() {
        return ResourceCost.cpuOverBackend(cpuSecondsPer1000Requests, backendCpuSecondsPer1000Requests);
    }
}
