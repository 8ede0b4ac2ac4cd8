package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Optional;

/**
 * How fast the target's CPU ran over a measurement window, from one fixed piece of work timed again and again during
 * it. On a virtual machine the CPU time the same work takes moves from minute to minute, by a quarter or more (a busy
 * neighbour on the host's core, a clock that changes), and every CPU figure of the window moves with it: slow-server,
 * doing the same work for every request, moved with the app beside it. Dividing by the yardstick's own time over the
 * same window takes the machine's speed out of a CPU figure and leaves the model's.
 *
 * @param yardstick the fixed work that was timed
 * @param kernelMs  the median CPU time one run of the fixed work took, over the runs inside the window
 * @param timings   how many runs the median is over
 */
@JsonPropertyOrder({"yardstick", "kernelMs", "referenceMs", "timings"})
public record CpuSpeed(Yardstick yardstick, double kernelMs, int timings) {

    /** Its probe's place among a point's figures and in the data file. */
    public static final ProbeFigures.Key<CpuSpeed> KEY = new ProbeFigures.Key<>("speed", CpuSpeed.class);

    /**
     * One run of the fixed work.
     *
     * @param atMillis when it ended, epoch millis
     * @param cpuNanos the CPU time its thread used for it
     */
    public record Timing(long atMillis, long cpuNanos) {}

    public CpuSpeed {
        if (yardstick == null || !(kernelMs > 0) || timings < 1) {
            throw new IllegalArgumentException(
                    "a CPU speed needs its yardstick, a positive time and at least one timing: " + yardstick + ", "
                            + kernelMs + ", " + timings);
        }
    }

    /**
     * The speed over a window, from the runs that ended inside it.
     *
     * @return empty with fewer than {@link Thresholds#MIN_SPEED_TIMINGS} runs inside: too few to speak for the window
     */
    public static Optional<CpuSpeed> of(List<Timing> timings, MeasurementWindow window, Yardstick yardstick) {
        long[] inside = timings.stream()
                .filter(timing -> timing.atMillis() >= window.startMillis() && timing.atMillis() < window.endMillis())
                .mapToLong(Timing::cpuNanos)
                .toArray();
        if (inside.length < Thresholds.MIN_SPEED_TIMINGS) {
            return Optional.empty();
        }
        // The median, not the mean: a run that the target's own threads preempted comes back with a cold cache and
        // says more about that than about the CPU.
        double kernelMs = ExactPercentiles.of(inside).at(50) / 1e6;
        return Optional.of(new CpuSpeed(yardstick, kernelMs, inside.length));
    }

    /** As a data file has it: files from before the yardstick was named were all timed with the 64 KiB walk. */
    @JsonCreator
    static CpuSpeed read(
            @JsonProperty("yardstick") Yardstick yardstick,
            @JsonProperty("kernelMs") double kernelMs,
            @JsonProperty("timings") int timings) {
        return new CpuSpeed(yardstick == null ? Yardstick.WALK_64_KIB : yardstick, kernelMs, timings);
    }

    /**
     * What the work is taken to cost on the reference CPU: the unit the normalised figures are in. A data file has it
     * beside the kernel's time, for a reader without the runner.
     */
    @JsonProperty(access = JsonProperty.Access.READ_ONLY)
    public double referenceMs() {
        return yardstick.referenceMs();
    }

    /** How much faster than the reference the CPU ran: below 1 when the fixed work took longer. */
    public double factor() {
        return referenceMs() / kernelMs;
    }

    /** A CPU figure of the window as it would have been on the reference CPU. */
    public double normalise(double cpu) {
        return cpu * factor();
    }
}
