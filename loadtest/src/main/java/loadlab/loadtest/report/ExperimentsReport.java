package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * results/experiments/README.md: the runs that are not a scenario's own (repeats, variants, diagnostic runs), each
 * with what its command changed; and the tables that set a scenario's runs side by side, for the docs' generated
 * blocks: the CPU figures of every run of a comparison, and one target's efficiency at every level of every run of a
 * sweep.
 */
public final class ExperimentsReport {

    /** Where experiments live under a results folder, and where their index is written. */
    public static final String FOLDER = "experiments";

    private ExperimentsReport() {}

    record Page(List<Experiment> rows) {}

    /**
     * @param canonical the scenario's own run, relative to the experiments' index, when there is one
     * @param differs the command's knobs besides the scenario and the results folder; empty for a repeat
     * @param otherLoad the scenario's own run has another load than this run's: the scenario was changed since
     */
    record Experiment(
            String name,
            String link,
            String scenario,
            Optional<String> canonical,
            String differs,
            boolean otherLoad,
            String load,
            String commit,
            String date,
            String took) {}

    record Runs(
            String scenario,
            List<String> models,
            List<RunRow> rows,
            List<String> ratioSpread,
            List<String> cpuSpread) {}

    record RunRow(
            String run,
            String link,
            String load,
            String differs,
            String commit,
            List<String> ratio,
            List<String> cpu) {}

    record Levels(String scenario, String target, List<Column> columns, List<LevelRow> rows) {}

    record Column(String run, String link, String differs) {}

    record LevelRow(String level, List<String> cells) {}

    /** The experiments' index, its links relative to results/experiments/. */
    public static String page(List<AnswerReport.Entry> entries) {
        List<AnswerReport.Entry> canonical = AnswerReport.canonical(entries);
        List<Experiment> rows = entries.stream()
                .filter(e -> !e.canonical())
                .sorted(Comparator.comparing(AnswerReport.Entry::folder))
                .map(e -> {
                    String differs = differs(e.results().environment().commandLine());
                    Optional<AnswerReport.Entry> ownEntry = canonical.stream()
                            .filter(c -> c.scenario().equals(e.scenario()))
                            .findFirst();
                    Optional<String> own = ownEntry.map(c -> "../" + c.report());
                    return new Experiment(
                            e.folder().startsWith(FOLDER + "/")
                                    ? e.folder().substring(FOLDER.length() + 1)
                                    : e.folder(),
                            fromExperiments(e.report()),
                            e.scenario(),
                            own,
                            code(differs),
                            ownEntry.filter(c -> !c.results()
                                            .plan()
                                            .loads()
                                            .equals(e.results().plan().loads()))
                                    .isPresent(),
                            Markdown.cell(LoadWords.of(e.results().plan()).render()),
                            Markdown.codeCell(e.results().environment().gitCommit()),
                            date(e.results().environment().dateTime()),
                            AnswerReport.took(e.results()).map(Format::minutes).orElse(Format.NOT_AVAILABLE));
                })
                .toList();
        return Common.TEMPLATES.render("experiments", new Page(rows));
    }

    /**
     * Every run of a comparison scenario, its own first, with each app's CPU / slow-server's and CPU s / 1000 req, and
     * how far the runs at its own run's load spread; links prefixed with {@code base}.
     */
    public static String acrossRuns(List<AnswerReport.Entry> entries, String scenario, String base) {
        List<AnswerReport.Entry> runs = runsOf(entries, scenario);
        List<String> models = runs.stream()
                .flatMap(e -> e.results().plan().apps().stream())
                .map(Target::name)
                .distinct()
                .sorted(Comparator.comparingInt(AnswerReport::appOrder))
                .toList();
        List<RunRow> rows = runs.stream()
                .map(e -> new RunRow(
                        label(e),
                        base + e.report(),
                        Markdown.cell(LoadWords.of(e.results().plan()).render()),
                        code(differs(e.results().environment().commandLine())),
                        Markdown.codeCell(e.results().environment().gitCommit()),
                        models.stream()
                                .map(m -> cell(e.results(), m, Figure.CPU_OVER_BACKEND))
                                .toList(),
                        models.stream()
                                .map(m -> cell(e.results(), m, Figure.CPU))
                                .toList()))
                .toList();
        LoadShape load =
                runs.isEmpty() ? null : runs.getFirst().results().plan().loads().getLast();
        List<AnswerReport.Entry> sameLoad = runs.stream()
                .filter(e -> e.results().plan().loads().getLast().equals(load))
                .toList();
        return Common.TEMPLATES.render(
                "across-runs",
                new Runs(
                        scenario,
                        models,
                        rows,
                        models.stream()
                                .map(m -> spread(sameLoad, m, Figure.CPU_OVER_BACKEND))
                                .toList(),
                        models.stream()
                                .map(m -> spread(sameLoad, m, Figure.CPU))
                                .toList()));
    }

    /** One target's efficiency at every level of every run of a sweep scenario, its own run first. */
    public static String acrossLevels(List<AnswerReport.Entry> entries, String scenario, String target, String base) {
        List<AnswerReport.Entry> runs = runsOf(entries, scenario);
        List<Double> levels = runs.stream()
                .flatMap(e -> e.results().plan().loads().stream())
                .map(LoadShape::level)
                .distinct()
                .sorted()
                .toList();
        List<Column> columns = runs.stream()
                .map(e -> new Column(
                        label(e),
                        base + e.report(),
                        code(differs(e.results().environment().commandLine()))))
                .toList();
        List<LevelRow> rows = levels.stream()
                .map(level -> new LevelRow(
                        Format.level(level),
                        runs.stream()
                                .map(e -> e.results().points().stream()
                                        .filter(p -> p.target().name().equals(target)
                                                && p.load().level() == level)
                                        .toList())
                                .map(points -> points.isEmpty() ? "—" : Cells.of(Figure.EFFICIENCY, points))
                                .toList()))
                .toList();
        return Common.TEMPLATES.render("across-levels", new Levels(scenario, target, columns, rows));
    }

    /** A scenario's runs: its own first, then the experiments in path order. */
    static List<AnswerReport.Entry> runsOf(List<AnswerReport.Entry> entries, String scenario) {
        return entries.stream()
                .filter(e -> e.scenario().equals(scenario))
                .sorted(Comparator.comparing((AnswerReport.Entry e) -> !e.canonical())
                        .thenComparing(AnswerReport.Entry::folder))
                .toList();
    }

    static String label(AnswerReport.Entry e) {
        return e.canonical() ? e.scenario() : e.folder();
    }

    private static String cell(ResultSet results, String model, Figure figure) {
        List<Point> runs = results.points().stream()
                .filter(p -> p.target().name().equals(model))
                .toList();
        return runs.isEmpty() ? "—" : Cells.of(figure, runs);
    }

    /** (max − min) / median of the runs' own figures (each run's median over its repeats), in percent. */
    private static String spread(List<AnswerReport.Entry> runs, String model, Figure figure) {
        List<Double> medians = new ArrayList<>();
        for (AnswerReport.Entry e : runs) {
            List<Point> points = e.results().points().stream()
                    .filter(p -> p.target().name().equals(model))
                    .toList();
            Cells.values(points, p -> figure.value().apply(p.stats().orElseThrow(), p.cost()))
                    .ifPresent(values -> medians.add(Spread.of(values).median()));
        }
        if (medians.size() < 2) {
            return Format.NOT_AVAILABLE;
        }
        OptionalDouble percent = Spread.of(medians).percent();
        return percent.isPresent() ? Format.percent(percent.getAsDouble()) : Format.NOT_AVAILABLE;
    }

    /**
     * What a run's command set besides its scenario and where its results went: its knobs, e.g. {@code USERS=200
     * RUNS=2}; empty when nothing, a repeat. A command other than make is shown whole, less its results folder.
     */
    static String differs(String commandLine) {
        // The command line keeps a value's spaces escaped, as a shell would need them: one word, not several.
        List<String> words = Arrays.asList(commandLine.strip().split("(?<!\\\\)\\s+"));
        boolean make = words.size() >= 2 && words.getFirst().equals("make");
        return String.join(
                " ",
                words.subList(make ? 2 : 0, words.size()).stream()
                        .filter(w -> !w.startsWith("RESULTS=")
                                && !w.startsWith("SCENARIO=")
                                && !w.startsWith("-Dresults=")
                                && !w.startsWith("--results="))
                        .map(ExperimentsReport::quoted)
                        .toList());
    }

    /** {@code NAME=a\ b} as a reader would type it: {@code NAME='a b'}. */
    private static String quoted(String word) {
        int equals = word.indexOf('=');
        if (equals < 0 || !word.contains("\\ ")) {
            return word;
        }
        return word.substring(0, equals + 1) + "'" + word.substring(equals + 1).replace("\\ ", " ") + "'";
    }

    /** Knobs as inline code in a cell; nothing for none. */
    static String code(String knobs) {
        return knobs.isEmpty() ? "" : Markdown.codeCell(knobs);
    }

    /** The report's path seen from results/experiments/. */
    private static String fromExperiments(String report) {
        return report.startsWith(FOLDER + "/") ? report.substring(FOLDER.length() + 1) : "../" + report;
    }

    static String date(String dateTime) {
        return dateTime.length() >= 10 ? dateTime.substring(0, 10) : dateTime;
    }
}
