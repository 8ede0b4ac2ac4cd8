package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Repeats;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.plan.Target;

/**
 * The "Repeats" section of results/summary.md: how much each key figure moved across a target's runs, so a
 * difference between targets can be told from a difference between two runs of the same target.
 */
final class RepeatsSection {

    /** Marks a cell whose figure did not repeat within its noise, {@link Figure#noisePercent}. */
    static final String NOISY = "⚠";

    private RepeatsSection() {}

    /** The most runs any target had: what the run asked for, since a target cut short is marked in its row. */
    static int runsPerTarget(Map<Target, Repeats> repeats) {
        return repeats.values().stream().mapToInt(r -> r.runs().size()).max().orElse(1);
    }

    /** @param rows every target in run order, as the single-run tables show them; a target not repeated counts as one run */
    static void append(StringBuilder md, List<Point> rows, Map<Target, Repeats> repeats) {
        int runs = runsPerTarget(repeats);
        List<ResourceCost> costs = rows.stream().map(Point::cost).toList();
        List<Figure> figures = Figure.repeated(Figure.speedTimed(costs), Figure.backendSampled(costs));
        md.append("## Repeats (").append(runs).append(" runs per target)\n\n");
        List<String> header = new ArrayList<>(List.of("Target"));
        figures.forEach(figure -> header.add(figure.header() + "|r"));
        MarkdownTable table = new MarkdownTable(header);
        List<Repeats> measured = new ArrayList<>();
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            switch (row.outcome()) {
                case Outcome.Failed ignored -> table.failed(List.of(name), Sections.failedShort());
                case Outcome.Measured m -> {
                    Repeats own = repeats.getOrDefault(
                            row.target(), new Repeats(row.target(), List.of(m.stats()), List.of(row.cost())));
                    measured.add(own);
                    List<String> cells = new ArrayList<>();
                    cells.add(name
                            + (own.runs().size() == runs
                                    ? ""
                                    : " (" + own.runs().size() + (own.runs().size() == 1 ? " run)" : " runs)")));
                    figures.forEach(figure -> cells.add(cell(figure, own)));
                    table.row(cells);
                }
            }
        }
        table.appendTo(md);
        if (!measured.isEmpty()) {
            md.append(noisy(figures, measured)).append("\n\n");
            machineNoise(measured).ifPresent(paragraph -> md.append(paragraph).append("\n\n"));
        }
        md.append("Each cell is the median of the target's runs with the lowest and highest in brackets: "
                        + "median (min–max); for an even count the median is the mean of the two middle runs. ")
                .append(NOISY)
                .append(" marks a figure whose spread, (max − min) / median, is above ")
                .append(Figure.NOISE_LEGEND)
                .append(", or that differs between runs around a median of 0; CPU per request's is wider because the "
                        + "CPU time of the same work moves with the shared host. "
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
                        + (figure.noisy(spread) ? " " + NOISY : ""))
                .orElse(Format.NOT_AVAILABLE);
    }

    /** "min–max" of a figure across runs, as every cell shows it. */
    static String range(Figure figure, Spread spread) {
        return figure.format().apply(spread.min()) + "–" + figure.format().apply(spread.max());
    }

    /** Empty when any run lacks the figure: a spread over the runs that happen to have it would hide that. */
    private static Optional<Spread> spread(Figure figure, Repeats repeats) {
        return perRun(figure, repeats).map(Spread::of);
    }

    /** The figure in each run, in run order; empty when any run lacks it. */
    static Optional<List<Double>> perRun(Figure figure, Repeats repeats) {
        List<OptionalDouble> values = IntStream.range(0, repeats.runs().size())
                .mapToObj(run -> figure.value().apply(repeats.runs().get(run), repeats.cost(run)))
                .toList();
        if (values.stream().anyMatch(OptionalDouble::isEmpty)) {
            return Optional.empty();
        }
        return Optional.of(values.stream().map(OptionalDouble::getAsDouble).toList());
    }

    /** The plain reading: which figures did not repeat, for which targets, by how much. */
    private static String noisy(List<Figure> figures, List<Repeats> measured) {
        List<String> noisy = new ArrayList<>();
        List<String> steady = new ArrayList<>();
        for (Repeats repeats : measured) {
            List<String> moved = figures.stream()
                    .flatMap(figure ->
                            spread(figure, repeats).filter(figure::noisy).map(s -> howNoisy(figure, s)).stream())
                    .toList();
            if (moved.isEmpty()) {
                steady.add(repeats.target().name());
            } else {
                noisy.add(repeats.target().name() + " " + String.join(", ", moved));
            }
        }
        String threshold = Figure.NOISE_LEGEND;
        if (noisy.isEmpty()) {
            return "No figure of any target spread more than " + threshold + " across its runs.";
        }
        return "Spread above " + threshold + " across the runs: " + String.join("; ", noisy) + "."
                + (steady.isEmpty()
                        ? ""
                        : " Within " + threshold + " on every figure: " + String.join(", ", steady) + ".");
    }

    /**
     * slow-server answers every request of every run with the same work, so the spread of its CPU per request over the
     * same windows is the machine's own noise (on a shared host the CPU time a piece of work takes varies from window
     * to window): an app whose CPU spread is no wider than that shows nothing about its model.
     */
    private static Optional<String> machineNoise(List<Repeats> measured) {
        List<String> backend = new ArrayList<>();
        List<String> within = new ArrayList<>();
        List<String> beyond = new ArrayList<>();
        for (Repeats repeats : measured) {
            Optional<Spread> machine = spread(Figure.BACKEND_CPU, repeats);
            Optional<Spread> own = spread(Figure.CPU, repeats);
            if (machine.isEmpty() || own.isEmpty() || repeats.runs().size() < 2) {
                continue;
            }
            String name = repeats.target().name();
            OptionalDouble machinePercent = machine.get().percent();
            backend.add(
                    name + " " + Figure.BACKEND_CPU.format().apply(machine.get().median()) + " ("
                            + range(Figure.BACKEND_CPU, machine.get()) + ", spread "
                            + (machinePercent.isPresent() ? Format.percent(machinePercent.getAsDouble()) + "%" : "n/a")
                            + ")");
            OptionalDouble ownPercent = own.get().percent();
            boolean withinNoise = machinePercent.isPresent()
                    && ownPercent.isPresent()
                    && ownPercent.getAsDouble() <= machinePercent.getAsDouble();
            (withinNoise ? within : beyond).add(name);
        }
        if (backend.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of("The machine's own noise: slow-server does the same work for every request of every run, so "
                + "its CPU s / 1000 req over each app's windows should not move, and how much it does move is the "
                + "machine's: "
                + String.join("; ", backend)
                + ". CPU per request spread no wider than slow-server's over the same windows: "
                + (within.isEmpty() ? "none" : String.join(", ", within))
                + "; wider: "
                + (beyond.isEmpty() ? "none" : String.join(", ", beyond))
                + ".");
    }

    private static String howNoisy(Figure figure, Spread spread) {
        OptionalDouble percent = spread.percent();
        return figure.name() + " "
                + (percent.isPresent()
                        ? Format.percent(percent.getAsDouble()) + "%"
                        : range(figure, spread) + " around a median of 0");
    }
}
