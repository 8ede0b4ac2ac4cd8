package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.BiFunction;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import loadlab.loadtest.measure.Repeats;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.Target;

/**
 * The "Repeats" section of results/summary.md: how much each key figure moved across a target's runs, so a
 * difference between targets can be told from a difference between two runs of the same target.
 */
final class RepeatsSection {

    /** Marks a cell whose figure did not repeat within {@link Spread#NOISY_PERCENT}. */
    static final String NOISY = "⚠";

    /**
     * One column: a figure every run has (or lacks) on its own.
     *
     * @param name how the plain-reading line calls it
     */
    private record Figure(
            String header,
            String name,
            BiFunction<RunStats, ResourceCost, OptionalDouble> value,
            DoubleFunction<String> format) {}

    private static final List<Figure> FIGURES = List.of(
            new Figure(
                    "Throughput (req/s)",
                    "throughput",
                    (s, c) -> OptionalDouble.of(s.throughputPerSecond()),
                    Format::rate),
            new Figure("Efficiency %", "efficiency", (s, c) -> withRequests(s, s.efficiencyPercent()), Format::percent),
            new Figure("Avg (ms)", "avg", (s, c) -> time(s, ResponseTimes::meanMs), Format::ms),
            new Figure("p50 (ms)", "p50", (s, c) -> time(s, ResponseTimes::p50Ms), Format::ms),
            new Figure("p90 (ms)", "p90", (s, c) -> time(s, ResponseTimes::p90Ms), Format::ms),
            new Figure("p99 (ms)", "p99", (s, c) -> time(s, ResponseTimes::p99Ms), Format::ms),
            new Figure("Max (ms)", "max", (s, c) -> time(s, ResponseTimes::maxMs), Format::ms),
            new Figure("Error %", "error %", (s, c) -> withRequests(s, s.errorPercent()), Format::percent),
            new Figure(
                    "Added mean (ms)",
                    "added mean",
                    (s, c) -> s.addedLatency()
                            .map(a -> OptionalDouble.of(a.meanMs()))
                            .orElse(OptionalDouble.empty()),
                    Format::fineMs),
            new Figure(
                    "CPU s / 1000 req",
                    "CPU s / 1000 req",
                    (s, c) -> c.process()
                            .map(ResourceUsage::cpuSecondsPer1000Requests)
                            .orElse(OptionalDouble.empty()),
                    Format::hundredths));

    private RepeatsSection() {}

    /** The most runs any target had: what the run asked for, since a target cut short is marked in its row. */
    static int runsPerTarget(Map<Target, Repeats> repeats) {
        return repeats.values().stream().mapToInt(r -> r.runs().size()).max().orElse(1);
    }

    /**
     * @param rows  every target in run order, as the single-run tables show them
     * @param costs the single-run costs, for a measured target the repeats do not name: it counts as its one run
     */
    static void append(
            StringBuilder md, List<TargetResult> rows, Map<Target, ResourceCost> costs, Map<Target, Repeats> repeats) {
        int runs = runsPerTarget(repeats);
        md.append("## Repeats (")
                .append(runs)
                .append(" runs per target)\n\n")
                .append("| Target | ")
                .append(FIGURES.stream().map(Figure::header).collect(Collectors.joining(" | ")))
                .append(" |\n")
                .append("|---|")
                .append("--:|".repeat(FIGURES.size()))
                .append('\n');
        List<Repeats> measured = new ArrayList<>();
        for (TargetResult row : rows) {
            md.append("| ").append(Format.cell(row.target().name()));
            switch (row) {
                case TargetResult.Failed ignored ->
                    md.append(" | **FAILED**").append(SummaryReport.dashes(FIGURES.size() - 1));
                case TargetResult.Measured m -> {
                    Repeats own = repeats.getOrDefault(
                            m.target(),
                            new Repeats(
                                    m.target(),
                                    List.of(m.stats()),
                                    List.of(costs.getOrDefault(m.target(), ResourceCost.NONE))));
                    measured.add(own);
                    if (own.runs().size() != runs) {
                        md.append(" (")
                                .append(own.runs().size())
                                .append(own.runs().size() == 1 ? " run)" : " runs)");
                    }
                    FIGURES.forEach(figure -> md.append(" | ").append(cell(figure, own)));
                    md.append(" |");
                }
            }
            md.append('\n');
        }
        md.append('\n');
        if (!measured.isEmpty()) {
            md.append(noisy(measured)).append("\n\n");
        }
        md.append("Each cell is the median of the target's runs with the lowest and highest in brackets: "
                        + "median (min–max); for an even count the median is the mean of the two middle runs. ")
                .append(NOISY)
                .append(" marks a figure whose spread, (max − min) / median, is above ")
                .append(Format.whole(Spread.NOISY_PERCENT))
                .append("%, or that differs between runs around a median of 0. "
                        + "Percentiles are never averaged: each run's are exact over its own requests, and a cell gives "
                        + "the median and range of those per-run figures. A figure that any run lacks is n/a.\n\n");
        if (!measured.isEmpty()) {
            md.append(
                            "The tables above show each target's run with the median throughput (for an even count, the lower "
                                    + "of the two middle ones): ")
                    .append(measured.stream()
                            .map(r -> r.target().name() + " run " + (r.representative() + 1))
                            .collect(Collectors.joining(", ")))
                    .append(".\n\n");
        }
    }

    private static String cell(Figure figure, Repeats repeats) {
        return spread(figure, repeats)
                .map(spread -> figure.format().apply(spread.median()) + " (" + range(figure, spread) + ")"
                        + (spread.flagged() ? " " + NOISY : ""))
                .orElse(Format.NOT_AVAILABLE);
    }

    private static String range(Figure figure, Spread spread) {
        return figure.format().apply(spread.min()) + "–" + figure.format().apply(spread.max());
    }

    /** Empty when any run lacks the figure: a spread over the runs that happen to have it would hide that. */
    private static Optional<Spread> spread(Figure figure, Repeats repeats) {
        List<OptionalDouble> values = IntStream.range(0, repeats.runs().size())
                .mapToObj(run -> figure.value().apply(repeats.runs().get(run), repeats.cost(run)))
                .toList();
        if (values.stream().anyMatch(OptionalDouble::isEmpty)) {
            return Optional.empty();
        }
        return Optional.of(
                Spread.of(values.stream().map(OptionalDouble::getAsDouble).toList()));
    }

    /** The plain reading: which figures did not repeat, for which targets, by how much. */
    private static String noisy(List<Repeats> measured) {
        List<String> noisy = new ArrayList<>();
        List<String> steady = new ArrayList<>();
        for (Repeats repeats : measured) {
            List<String> figures = FIGURES.stream()
                    .flatMap(figure ->
                            spread(figure, repeats).filter(Spread::flagged).map(s -> howNoisy(figure, s)).stream())
                    .toList();
            if (figures.isEmpty()) {
                steady.add(repeats.target().name());
            } else {
                noisy.add(repeats.target().name() + " " + String.join(", ", figures));
            }
        }
        String threshold = Format.whole(Spread.NOISY_PERCENT) + "%";
        if (noisy.isEmpty()) {
            return "No figure of any target spread more than " + threshold + " across its runs.";
        }
        return "Spread above " + threshold + " across the runs: " + String.join("; ", noisy) + "."
                + (steady.isEmpty()
                        ? ""
                        : " Within " + threshold + " on every figure: " + String.join(", ", steady) + ".");
    }

    private static String howNoisy(Figure figure, Spread spread) {
        OptionalDouble percent = spread.percent();
        return figure.name() + " "
                + (percent.isPresent()
                        ? Format.percent(percent.getAsDouble()) + "%"
                        : range(figure, spread) + " around a median of 0");
    }

    private static OptionalDouble withRequests(RunStats stats, double value) {
        return stats.requests() == 0 ? OptionalDouble.empty() : OptionalDouble.of(value);
    }

    private static OptionalDouble time(RunStats stats, ToDoubleFunction<ResponseTimes> figure) {
        return stats.responseTimes()
                .map(t -> OptionalDouble.of(figure.applyAsDouble(t)))
                .orElse(OptionalDouble.empty());
    }
}
