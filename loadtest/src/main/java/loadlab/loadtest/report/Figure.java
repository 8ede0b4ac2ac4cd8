package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;

/**
 * One figure of a point that every run has (or lacks) on its own, as the Repeats section and the diff show it.
 *
 * @param name how a sentence calls it
 * @param noisePercent what it moves by chance from one run of the same build to the next, in {@link Thresholds}: a
 *     spread across repeats above it is flagged, and a diff's change must exceed it
 */
record Figure(
        String header,
        String name,
        BiFunction<RunStats, ResourceCost, OptionalDouble> value,
        DoubleFunction<String> format,
        double noisePercent) {

    /** A figure that moves as much as most do from one run to the next, {@link Thresholds#NOISY_PERCENT}. */
    Figure(
            String header,
            String name,
            BiFunction<RunStats, ResourceCost, OptionalDouble> value,
            DoubleFunction<String> format) {
        this(header, name, value, format, Thresholds.NOISY_PERCENT);
    }

    static final Figure THROUGHPUT = new Figure(
            "Throughput (req/s)", "throughput", (s, c) -> OptionalDouble.of(s.throughputPerSecond()), Format::rate);
    static final Figure GOOD =
            new Figure("Good (req/s)", "good throughput", (s, c) -> OptionalDouble.of(s.goodPerSecond()), Format::rate);
    static final Figure EFFICIENCY =
            new Figure("Efficiency %", "efficiency", (s, c) -> withRequests(s, s.efficiencyPercent()), Format::percent);
    static final Figure AVG = new Figure("Avg (ms)", "avg", (s, c) -> time(s, ResponseTimes::meanMs), Format::ms);
    static final Figure P50 = new Figure("p50 (ms)", "p50", (s, c) -> time(s, ResponseTimes::p50Ms), Format::ms);
    static final Figure P90 = new Figure("p90 (ms)", "p90", (s, c) -> time(s, ResponseTimes::p90Ms), Format::ms);
    static final Figure P99 = new Figure("p99 (ms)", "p99", (s, c) -> time(s, ResponseTimes::p99Ms), Format::ms);
    static final Figure MAX = new Figure("Max (ms)", "max", (s, c) -> time(s, ResponseTimes::maxMs), Format::ms);
    static final Figure ERRORS =
            new Figure("Error %", "error %", (s, c) -> withRequests(s, s.errorPercent()), Format::percent);
    static final Figure ADDED = new Figure(
            "Added mean (ms)",
            "added mean",
            (s, c) -> s.addedLatency().map(a -> OptionalDouble.of(a.meanMs())).orElse(OptionalDouble.empty()),
            Format::fineMs);
    static final Figure CPU = new Figure(
            "CPU s / 1000 req",
            "CPU s / 1000 req",
            (s, c) -> c.process().map(ResourceUsage::cpuSecondsPer1000Requests).orElse(OptionalDouble.empty()),
            Format::hundredths,
            Thresholds.COST_NOISE_PERCENT);
    /** The same with the machine's speed over the window taken out: the one to compare across runs and days. */
    static final Figure NORMALISED_CPU = new Figure(
            "Normalised CPU s / 1000 req",
            "normalised CPU s / 1000 req",
            (s, c) -> c.normalisedCpuPer1000Requests(),
            Format::hundredths,
            Thresholds.COST_NOISE_PERCENT);
    /** slow-server's CPU over an app's window less its idle CPU, per 1000 of the app's requests: the same work. */
    static final Figure BACKEND_CPU = new Figure(
            "slow-server CPU s / 1000 req",
            "slow-server's CPU s / 1000 req",
            (s, c) -> c.backend().map(ResourceUsage::cpuSecondsPer1000Requests).orElse(OptionalDouble.empty()),
            Format::hundredths,
            Thresholds.COST_NOISE_PERCENT);

    /** The app's CPU per request in slow-server's, over the same window: the cost that moves least on a shared host. */
    static final Figure CPU_OVER_BACKEND = new Figure(
            "CPU / slow-server's",
            "CPU over slow-server's",
            (s, c) -> c.cpuOverBackend(),
            Format::hundredths,
            Thresholds.COST_NOISE_PERCENT);

    static final Figure RSS = new Figure(
            "Peak RSS (MiB)", "peak RSS", (s, c) -> optionalUsage(c, ResourceUsage::peakRssMib), Format::whole);
    static final Figure THREADS =
            new Figure("Peak threads", "peak threads", (s, c) -> usage(c, ResourceUsage::peakThreads), Format::whole);

    /** The figures' noise in words, for a report's legend. */
    static final String NOISE_LEGEND = Format.whole(Thresholds.NOISY_PERCENT)
            + "% ("
            + Format.whole(Thresholds.COST_NOISE_PERCENT)
            + "% for CPU per request)";

    /** Whether a spread of this figure across repeats is above its noise: the figure did not repeat. */
    boolean noisy(Spread spread) {
        return spread.flagged(noisePercent);
    }

    /**
     * The figures whose spread across repeats the summary shows; the normalised CPU only for runs that timed the CPU
     * (data written before the yardstick has none, and its report stays as it was), the CPU over slow-server's only
     * where slow-server was sampled beside an app.
     */
    static List<Figure> repeated(boolean speedTimed, boolean backendSampled) {
        List<Figure> figures = new ArrayList<>(List.of(THROUGHPUT, EFFICIENCY, AVG, P50, P90, P99, MAX, ERRORS, ADDED));
        figures.addAll(costs(speedTimed, backendSampled));
        return figures;
    }

    /** The figures a diff compares: what a team checks after a JDK or framework upgrade. */
    static List<Figure> diffed(boolean speedTimed, boolean backendSampled) {
        List<Figure> figures = new ArrayList<>(List.of(GOOD, THROUGHPUT, P50, P99, ERRORS, ADDED));
        figures.addAll(costs(speedTimed, backendSampled));
        figures.addAll(List.of(RSS, THREADS));
        return figures;
    }

    private static List<Figure> costs(boolean speedTimed, boolean backendSampled) {
        List<Figure> figures = new ArrayList<>(List.of(CPU));
        if (speedTimed) {
            figures.add(NORMALISED_CPU);
        }
        if (backendSampled) {
            figures.add(CPU_OVER_BACKEND);
        }
        return figures;
    }

    /** Whether slow-server's CPU was sampled over any app's window, so that an app's CPU can be read in its units. */
    static boolean backendSampled(java.util.Collection<ResourceCost> costs) {
        return costs.stream().anyMatch(cost -> cost.cpuOverBackend().isPresent());
    }

    /** Whether any of these costs has the CPU's speed over its window. */
    static boolean speedTimed(java.util.Collection<ResourceCost> costs) {
        return costs.stream().anyMatch(cost -> cost.speed().isPresent());
    }

    private static OptionalDouble withRequests(RunStats stats, double value) {
        return stats.requests() == 0 ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    private static OptionalDouble time(RunStats stats, ToDoubleFunction<ResponseTimes> figure) {
        return stats.responseTimes()
                .map(t -> OptionalDouble.of(figure.applyAsDouble(t)))
                .orElse(OptionalDouble.empty());
    }

    private static OptionalDouble optionalUsage(ResourceCost cost, Function<ResourceUsage, OptionalDouble> figure) {
        return cost.process().map(figure).orElse(OptionalDouble.empty());
    }

    private static OptionalDouble usage(ResourceCost cost, ToDoubleFunction<ResourceUsage> figure) {
        return cost.process()
                .map(u -> OptionalDouble.of(figure.applyAsDouble(u)))
                .orElse(OptionalDouble.empty());
    }
}
