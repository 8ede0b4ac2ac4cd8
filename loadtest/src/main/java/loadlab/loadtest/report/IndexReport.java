package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.LoadShape;

/**
 * results/README.md: every scenario whose data is in the results folder, with a link to its report and, per figure,
 * which model leads; a lead is named only where it is larger than the noise (the runs' own range when there are
 * repeats, else the figure's noise floor in {@link Thresholds}), otherwise the leaders are called even.
 */
public final class IndexReport {

    /** One scenario's data, and its report's path relative to the index. */
    public record Entry(String report, ResultSet results) {}

    private record Lead(Figure figure, boolean higherIsBetter, double noiseFloorPercent) {}

    private static final List<Lead> LEADS = List.of(
            new Lead(Figure.GOOD, true, Thresholds.THROUGHPUT_NOISE_PERCENT),
            new Lead(Figure.P99, false, Thresholds.LATENCY_NOISE_PERCENT),
            new Lead(Figure.CPU, false, Thresholds.COST_NOISE_PERCENT),
            new Lead(Figure.RSS, false, Thresholds.MEMORY_NOISE_PERCENT),
            new Lead(Figure.THREADS, false, Thresholds.MEMORY_NOISE_PERCENT));

    private IndexReport() {}

    public static String render(List<Entry> entries) {
        StringBuilder md = new StringBuilder("# loadlab: the scenarios\n\n")
                .append("Every scenario measured into this folder, with the model that leads on each figure, among "
                        + "the apps (direct is the backend alone). A lead is named only when it is larger than the "
                        + "noise: the wider range of the two runs' figures when the scenario was repeated, else ")
                .append(Format.whole(Thresholds.THROUGHPUT_NOISE_PERCENT))
                .append("% of throughput, ")
                .append(Format.whole(Thresholds.LATENCY_NOISE_PERCENT))
                .append("% of p99, ")
                .append(Format.whole(Thresholds.COST_NOISE_PERCENT))
                .append("% of CPU per request (normalised by the CPU yardstick where the scenario timed it), ")
                .append(Format.whole(Thresholds.MEMORY_NOISE_PERCENT))
                .append("% of memory and threads; otherwise the models within it are even (≈). Only a model that "
                        + "served the load competes: good throughput at least ")
                .append(Format.whole(Thresholds.SERVED_SHARE * 100))
                .append("% of its own ceiling, or that share of the requests it completed good (a model held back by "
                        + "its CPU). A sweep or an open workload is read at its heaviest load; a scenario without apps "
                        + "(slow-server alone) has no lead to name.\n\n");
        List<String> header = new ArrayList<>(List.of("Scenario", "Load"));
        LEADS.forEach(lead -> header.add(lead.figure().header()));
        MarkdownTable table = new MarkdownTable(header);
        for (Entry entry : entries) {
            ResultSet results = entry.results();
            LoadShape heaviest = results.plan().loads().getLast();
            List<String> cells = new ArrayList<>(List.of(
                    "[" + results.plan().name() + "](" + entry.report() + ")"
                            + (results.plan().about().isEmpty()
                                    ? ""
                                    : ": " + Format.cell(results.plan().about())),
                    Format.cell(
                            heaviest.label() + " " + results.plan().request().path())));
            LEADS.forEach(lead -> cells.add(leader(lead, results, heaviest)));
            table.row(cells);
        }
        table.appendTo(md);
        md.append(Sections.FOOTER);
        return md.toString();
    }

    private record Candidate(String name, Spread spread, int runs) {}

    private static String leader(Lead lead, ResultSet results, LoadShape load) {
        Figure figure = figureOf(lead, results);
        List<Candidate> candidates = new ArrayList<>();
        results.byTarget().forEach((target, points) -> {
            if (!target.isApp()) {
                return;
            }
            List<Point> runs =
                    points.stream().filter(p -> p.load().equals(load)).toList();
            spread(figure, runs).ifPresent(s -> candidates.add(new Candidate(target.name(), s, runs.size())));
        });
        if (candidates.isEmpty()) {
            return results.plan().apps().isEmpty() ? "no apps" : "none served";
        }
        Comparator<Candidate> best = Comparator.comparingDouble(c -> c.spread().median());
        candidates.sort(lead.higherIsBetter() ? best.reversed() : best);
        Candidate first = candidates.getFirst();
        List<String> even = new ArrayList<>(List.of(first.name()));
        for (Candidate other : candidates.subList(1, candidates.size())) {
            if (Math.abs(first.spread().median() - other.spread().median()) <= noise(lead, first, other)) {
                even.add(other.name());
            }
        }
        String value = figure.format().apply(first.spread().median());
        return even.size() == 1 ? "**" + first.name() + "** " + value : String.join(" ≈ ", even) + " " + value;
    }

    /**
     * The lead's figure as this scenario measured it: CPU per request normalised by the machine's speed when every
     * app's run timed the CPU, since the raw figure moves with the machine from one window to the next.
     */
    private static Figure figureOf(Lead lead, ResultSet results) {
        boolean everyAppTimed = results.points().stream()
                .filter(point -> point.target().isApp() && !point.failed())
                .allMatch(point -> point.cost().speed().isPresent());
        return lead.figure() == Figure.CPU
                        && everyAppTimed
                        && !results.plan().apps().isEmpty()
                ? Figure.NORMALISED_CPU
                : lead.figure();
    }

    private static double noise(Lead lead, Candidate a, Candidate b) {
        if (a.runs() > 1 || b.runs() > 1) {
            return Math.max(
                    a.spread().max() - a.spread().min(),
                    b.spread().max() - b.spread().min());
        }
        return Math.abs(a.spread().median()) * lead.noiseFloorPercent() / 100;
    }

    private static boolean served(RunStats stats) {
        return stats.goodPerSecond() >= Thresholds.SERVED_SHARE * stats.ceilingPerSecond()
                || (stats.requests() > 0
                        && stats.requests() - stats.errors() >= Thresholds.SERVED_SHARE * stats.requests());
    }

    private static Optional<Spread> spread(Figure figure, List<Point> runs) {
        List<Double> values = new ArrayList<>();
        for (Point run : runs) {
            if (run.failed() || !served(run.stats().orElseThrow())) {
                return Optional.empty();
            }
            OptionalDouble value = figure.value().apply(run.stats().orElseThrow(), run.cost());
            if (value.isEmpty()) {
                return Optional.empty();
            }
            values.add(value.getAsDouble());
        }
        return values.isEmpty() ? Optional.empty() : Optional.of(Spread.of(values));
    }
}
