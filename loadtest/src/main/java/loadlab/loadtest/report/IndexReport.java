package loadlab.loadtest.report;

import java.util.List;
import java.util.Map;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * results/README.md: every scenario whose data is in the results folder, with a link to its report and, per headline
 * figure, which model leads at its heaviest load, by the same rules as the reports' verdicts ({@link Verdict}).
 */
public final class IndexReport {

    /** One scenario's data, and its report's path relative to the index. */
    public record Entry(String report, ResultSet results) {}

    record View(List<Row> rows, Common.Rules rules) {}

    record Row(
            String name,
            String report,
            String about,
            String load,
            boolean apps,
            Verdict verdict,
            Verdict.Line threads) {}

    private IndexReport() {}

    public static String render(List<Entry> entries) {
        return Common.TEMPLATES.render(
                "index", new View(entries.stream().map(IndexReport::row).toList(), Common.Rules.THRESHOLDS));
    }

    private static Row row(Entry entry) {
        ResultSet results = entry.results();
        LoadShape heaviest = results.plan().loads().getLast();
        List<Scores> scores = atLoad(results, heaviest);
        List<Point> points = scores.stream().flatMap(s -> s.runs().stream()).toList();
        TailFigure tail = TailFigure.of(points, results.plan().phases().timeoutSeconds());
        Verdict verdict = Verdict.of(scores, tail, Scores.cpuFigure(points));
        return new Row(
                results.plan().name(),
                entry.report(),
                Markdown.cell(results.plan().about()),
                Markdown.cell(heaviest.label() + " " + results.plan().request().path()),
                !results.plan().apps().isEmpty(),
                verdict,
                Verdict.threads(scores));
    }

    /** Every target's runs at one load, in run order. */
    static List<Scores> atLoad(ResultSet results, LoadShape load) {
        Map<Target, List<Point>> byTarget = results.byTarget();
        return byTarget.entrySet().stream()
                .map(e -> new Scores(
                        e.getKey(),
                        e.getValue().stream().filter(p -> p.load().equals(load)).toList()))
                .filter(s -> !s.runs().isEmpty())
                .toList();
    }
}
