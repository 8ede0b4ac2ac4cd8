package loadlab.executors;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One benchmark's line in the report: JMH's score as seconds per batch and as batches per second, its floor and
 * efficiency, and the profilers' figures.
 *
 * @param floorSeconds       empty for the serial hashing row, which is the floor's reference, not held to one
 * @param peakThreads        most platform threads alive in any measurement iteration (JVM and JMH threads included)
 * @param peakRssMiB         largest resident set of the benchmark JVM in any measurement iteration
 * @param allocatedMiBPerBatch heap allocated per batch (JMH's {@code gc.alloc.rate.norm})
 */
public record ReportRow(
        Variant variant,
        JmhResult result,
        double seconds,
        double secondsError,
        double batchesPerSecond,
        double batchesPerSecondError,
        OptionalDouble floorSeconds,
        OptionalDouble peakThreads,
        OptionalDouble peakRssMiB,
        OptionalDouble allocatedMiBPerBatch) {

    public OptionalDouble efficiency() {
        return floorSeconds.isPresent()
                ? OptionalDouble.of(Floor.efficiency(floorSeconds.getAsDouble(), seconds))
                : OptionalDouble.empty();
    }

    /**
     * The rows of a JMH result, in report order. {@code cores} is the benchmark machine's, for the hashing floor.
     *
     * @throws IllegalArgumentException for a benchmark this report does not know
     */
    public static List<ReportRow> of(List<JmhResult> results, int cores) {
        Optional<JmhResult> serial = results.stream()
                .filter(r -> Variant.ofBenchmark(r.benchmark()).orElse(null) == Variant.HASHING_SERIAL)
                .findFirst();
        List<ReportRow> rows = new ArrayList<>();
        for (JmhResult r : results) {
            Variant variant = Variant.ofBenchmark(r.benchmark())
                    .orElseThrow(
                            () -> new IllegalArgumentException("the report does not know benchmark " + r.benchmark()));
            double seconds = r.secondsPerBatch();
            double error = r.secondsPerBatchError();
            // Each of JMH's threads runs its own batches, so together they complete threads / time batches a second.
            double perSecond = r.threads() / seconds;
            rows.add(new ReportRow(
                    variant,
                    r,
                    seconds,
                    error,
                    perSecond,
                    // First order: the relative error of 1 / t is that of t.
                    perSecond * error / seconds,
                    floor(variant, r, serial, cores),
                    metric(r, PeakProfiler.THREADS, 1),
                    metric(r, PeakProfiler.RSS, 1),
                    metric(r, "gc.alloc.rate.norm", 1.0 / (1024 * 1024))));
        }
        rows.sort(Comparator.comparing(ReportRow::variant));
        return rows;
    }

    private static OptionalDouble floor(Variant variant, JmhResult r, Optional<JmhResult> serial, int cores) {
        return switch (variant.group()) {
            case BLOCKING ->
                OptionalDouble.of(
                        Floor.blockingMs((int) r.param("tasks"), r.param("delayMs"), variant.threads()) / 1000.0);
            case HASHING ->
                variant == Variant.HASHING_SERIAL || serial.isEmpty()
                        ? OptionalDouble.empty()
                        : OptionalDouble.of(Floor.cpuSeconds(serial.get().secondsPerBatch(), cores));
        };
    }

    private static OptionalDouble metric(JmhResult r, String name, double scale) {
        return r.secondary(name)
                .filter(m -> !Double.isNaN(m.score()))
                .map(m -> OptionalDouble.of(m.score() * scale))
                .orElse(OptionalDouble.empty());
    }
}
