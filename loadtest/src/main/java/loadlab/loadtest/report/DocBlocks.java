package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import loadlab.loadtest.plan.Knob;
import loadlab.reporting.Markdown;

/**
 * The generated blocks of the README and docs/ that the runner owns, by name, each rendered from the results folder's
 * data files (or, for the knobs, from {@link Knob#ALL}) with its links relative to the document it sits in. The
 * executors' block is the executors runner's.
 */
public final class DocBlocks {

    /** Every block name the runner renders. */
    public static final List<String> NAMES = List.of(
            "answer",
            "scenarios",
            "times",
            "compare-runs",
            "fast-backend-runs",
            "capacity-engines",
            "knobs",
            "clients");

    private DocBlocks() {}

    record Knobs(List<KnobRow> knobs) {}

    /** @param defaults empty for none */
    record KnobRow(String makeVariable, String name, String defaults, String meaning) {}

    record Times(Optional<Compare> compare) {}

    /** @param runs empty for one run */
    record Compare(String link, String took, String runs, String perRun) {}

    /**
     * @param base the results folder seen from the document, e.g. {@code results/} or {@code ../results/}
     * @return empty for a name the runner does not own
     */
    public static Optional<String> render(String name, List<AnswerReport.Entry> entries, String base) {
        return Optional.ofNullable(
                switch (name) {
                    case "answer" -> AnswerReport.decisions(entries, base);
                    case "scenarios" -> AnswerReport.scenarios(entries, base);
                    case "times" -> times(entries, base);
                    case "compare-runs" -> ExperimentsReport.acrossRuns(entries, "compare", base);
                    case "fast-backend-runs" -> RatioRepeat.acrossRuns(entries, "fast-backend", base);
                    case "capacity-engines" -> ExperimentsReport.acrossLevels(entries, "capacity", "direct", base);
                    case "knobs" -> knobs();
                    case "clients" -> ClientsGap.render(entries, base);
                    default -> null;
                });
    }

    private static String knobs() {
        return Common.TEMPLATES.render(
                "knobs",
                new Knobs(Knob.ALL.stream()
                        .map(k -> new KnobRow(
                                k.makeVariable(),
                                k.name(),
                                k.defaultValue() == null ? "" : Markdown.cell(k.defaultValue()),
                                Markdown.cell(k.meaning())))
                        .toList()));
    }

    private static String times(List<AnswerReport.Entry> entries, String base) {
        Optional<Compare> compare = AnswerReport.canonical(entries).stream()
                .filter(e -> e.scenario().equals("compare"))
                .findFirst()
                .flatMap(e -> AnswerReport.took(e.results()).map(took -> {
                    int runs = e.results().plan().runs();
                    return new Compare(
                            base + e.report(),
                            Format.minutes(took),
                            runs > 1 ? String.valueOf(runs) : "",
                            runs > 1 ? Format.minutes(took.dividedBy(runs)) : "");
                }));
        return Common.TEMPLATES.render("times", new Times(compare));
    }
}
