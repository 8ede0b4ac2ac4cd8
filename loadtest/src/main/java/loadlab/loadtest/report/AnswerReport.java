package loadlab.loadtest.report;

import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import loadlab.loadtest.measure.Estimate;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * results/README.md, the answer page: the decision table (one row per {@link Situation}, decided by {@link Decision}),
 * how each row decides, and the index of the scenarios' canonical runs ordered by the question they answer. Each part
 * also renders alone, its links relative to another document, for the README's and docs' generated blocks.
 */
public final class AnswerReport {

    /** How the answer page's first line starts: what tells a results folder that has one. */
    public static final String TITLE_START = "# loadlab: which";

    private AnswerReport() {}

    /**
     * One published data file.
     *
     * @param folder its folder relative to the results folder, with forward slashes, {@code .} for the top
     * @param report its report's path relative to the results folder
     */
    public record Entry(String folder, String report, ResultSet results) {

        /**
         * Whether it is its scenario's own run: in the folder the scenario's {@code results} names, rather than a
         * repeat, a variant or a diagnostic run written elsewhere ({@code RESULTS=results/experiments/...}).
         */
        public boolean canonical() {
            return folder.equals(results.plan().folder());
        }

        String scenario() {
            return results.plan().name();
        }
    }

    /**
     * @param openArrivals how a row read under open arrivals decides, when one does: its template wording's numbers
     */
    record Page(
            Table table,
            List<IndexRow> index,
            Optional<String> experiments,
            Common.Rules rules,
            Optional<OpenRule> openArrivals) {}

    /**
     * The numbers of the open-arrival rule's wording: how long requests in flight stay at their calm level before a
     * backlog counts as drained, and the span a drain time is read to within.
     */
    record OpenRule(int holdSeconds, int withinSeconds) {}

    /** @param base the results folder relative to the document the table is in: empty, or e.g. {@code results/} */
    record Table(List<String> models, List<Row> rows) {}

    /**
     * @param is which situation this is, by the ids of {@link Situation#flags}
     * @param sources the scenarios that decide, measured or not
     * @param openArrivals the row reads timelines under open arrivals, and {@code more} are their closed loops
     * @param sideBySide the page that sets the open timelines beside their closed loops, when the row reads them
     */
    record Row(
            String label,
            Map<String, Boolean> is,
            boolean measured,
            List<SourceView> sources,
            boolean openArrivals,
            List<Link> more,
            Optional<Link> sideBySide,
            List<DecidingView> deciding,
            Choice choice,
            List<Cell> cells) {}

    /** @param tail how this scenario reads the tail, when the tail decides */
    record SourceView(
            String name,
            boolean measured,
            String link,
            String load,
            Optional<String> ceiling,
            Optional<TailView> tail) {}

    record TailView(boolean p99, String over) {}

    record Link(String name, String link) {}

    record DecidingView(
            boolean good,
            boolean tail,
            boolean heap,
            boolean perCore,
            boolean lost,
            boolean drained,
            boolean lostAtStart) {}

    /** @param none no model was kept by every scenario of the row */
    record Choice(boolean none, List<String> chosen, boolean even, boolean allEven) {}

    /** One model's deciding figures in one row: a line per scenario of the row. */
    record Cell(String model, List<Line> lines) {}

    /**
     * One model in one scenario of a row.
     *
     * @param source the scenario's name where the row has several
     */
    record Line(
            Optional<String> source,
            boolean chosen,
            boolean absent,
            boolean failed,
            boolean notServed,
            List<Shown> figures) {}

    /**
     * A figure with its interval; {@code bounds} when only the interval is known (a share bounded by percentiles),
     * {@code alone} when the value is shown without it ({@link Deciding#alone}).
     */
    record Shown(String value, String low, String high, boolean bounds, boolean alone) {}

    record IndexRow(String name, String link, String about, String load, String took) {}

    /** results/README.md. */
    public static String page(List<Entry> entries) {
        List<Entry> canonical = canonical(entries);
        boolean experiments = entries.stream().anyMatch(e -> !e.canonical());
        Table table = table(canonical, "");
        return Common.TEMPLATES.render(
                "answer",
                new Page(
                        table,
                        index(canonical, ""),
                        experiments ? Optional.of(ExperimentsReport.FOLDER + "/README.md") : Optional.empty(),
                        Common.Rules.THRESHOLDS,
                        table.rows().stream().anyMatch(Row::openArrivals)
                                ? Optional.of(new OpenRule(
                                        Thresholds.RECOVERY_HOLD_SECONDS, Thresholds.RECOVERY_SMOOTHING_SECONDS))
                                : Optional.empty()));
    }

    /** The decision table alone, its links prefixed with {@code base}, the results folder seen from the document. */
    public static String decisions(List<Entry> entries, String base) {
        return Common.TEMPLATES.render("answer-table", table(canonical(entries), base));
    }

    /** The scenario index alone, its links prefixed with {@code base}. */
    public static String scenarios(List<Entry> entries, String base) {
        return Common.TEMPLATES.render("answer-index", Map.of("index", index(canonical(entries), base)));
    }

    /** The canonical runs, one per scenario: the first in path order if a scenario had two. */
    static List<Entry> canonical(List<Entry> entries) {
        Map<String, Entry> byName = new LinkedHashMap<>();
        entries.stream()
                .filter(Entry::canonical)
                .sorted(Comparator.comparing(Entry::folder))
                .forEach(e -> byName.putIfAbsent(e.scenario(), e));
        return List.copyOf(byName.values());
    }

    static Table table(List<Entry> canonical, String base) {
        Map<String, ResultSet> byName = new LinkedHashMap<>();
        Map<String, String> links = new LinkedHashMap<>();
        for (Entry e : canonical) {
            byName.put(e.scenario(), e.results());
            links.put(e.scenario(), base + e.report());
        }
        List<Decision> decisions = new ArrayList<>();
        for (Situation situation : Situation.values()) {
            decisions.add(Decision.of(situation, byName));
        }
        List<String> models = decisions.stream()
                .flatMap(d -> d.sources().stream())
                .flatMap(s -> s.apps().stream())
                .map(s -> s.target().name())
                .distinct()
                .sorted(Comparator.comparingInt(AnswerReport::appOrder).thenComparing(n -> n))
                .toList();
        Optional<Link> pairs = TimelinePairs.anyIn(byName)
                ? Optional.of(new Link(TimelinePairs.NAME, base + TimelinePairs.FILE))
                : Optional.empty();
        List<Row> rows = decisions.stream()
                .map(d -> row(d, models, byName, links, pairs))
                .toList();
        return new Table(models, rows);
    }

    private static Row row(
            Decision decision,
            List<String> models,
            Map<String, ResultSet> byName,
            Map<String, String> links,
            Optional<Link> pairs) {
        Situation situation = decision.situation();
        Situation.Reading reading = decision.reading();
        boolean tailDecides = reading.deciding().contains(Deciding.TAIL);
        List<SourceView> sources = new ArrayList<>();
        for (String name : reading.sources()) {
            Optional<Decision.Source> source = decision.sources().stream()
                    .filter(s -> s.name().equals(name))
                    .findFirst();
            sources.add(new SourceView(
                    name,
                    source.isPresent(),
                    links.getOrDefault(name, ""),
                    source.map(s -> LoadWords.of(s.results().plan()).render()).orElse(""),
                    source.filter(s -> reading.deciding().getFirst() == Deciding.GOOD
                                    && reading.sources().size() == 1)
                            .flatMap(AnswerReport::ceiling),
                    source.filter(s -> tailDecides)
                            .map(s -> new TailView(
                                    s.tail().isP99(),
                                    s.tail().isP99()
                                            ? ""
                                            : Format.duration(s.tail().overMs().getAsDouble())))));
        }
        List<Link> more = reading.more().stream()
                .filter(byName::containsKey)
                .map(name -> new Link(name, links.get(name)))
                .toList();
        List<DecidingView> deciding = reading.deciding().stream()
                .map(d -> new DecidingView(
                        d == Deciding.GOOD,
                        d == Deciding.TAIL,
                        d == Deciding.HEAP_PER_1000_WAITING,
                        d == Deciding.PER_CORE,
                        d == Deciding.LOST_TO_TIMEOUTS,
                        d == Deciding.DRAINED_AFTER,
                        d == Deciding.LOST_AT_START))
                .toList();
        Choice choice = new Choice(
                decision.measured() && decision.chosen().isEmpty(),
                decision.chosen(),
                decision.even(),
                decision.allEven());
        List<Cell> cells = models.stream().map(m -> cell(decision, m)).toList();
        return new Row(
                Common.TEMPLATES.render("situation", situation.flags()).strip(),
                situation.flags(),
                decision.measured(),
                sources,
                reading.openArrivals(),
                more,
                reading.openArrivals() ? pairs : Optional.empty(),
                deciding,
                choice,
                cells);
    }

    private static Cell cell(Decision decision, String model) {
        boolean several = decision.sources().size() > 1;
        boolean chosen = decision.chosen().contains(model);
        List<Line> lines = new ArrayList<>();
        for (Decision.Source source : decision.sources()) {
            Optional<String> name = several ? Optional.of(source.name()) : Optional.empty();
            Optional<Scores> scores = source.scoresOf(model);
            if (scores.isEmpty()) {
                lines.add(new Line(name, false, true, false, false, List.of()));
                continue;
            }
            Scores s = scores.get();
            List<Shown> figures = new ArrayList<>();
            for (Deciding figure : decision.reading().deciding()) {
                figure.of(s, source.tail(), source.results().plan())
                        .ifPresent(e -> figures.add(shown(figure, e, source.tail())));
            }
            lines.add(new Line(
                    name, chosen, false, s.failure().isPresent(), s.failure().isEmpty() && !s.served(), figures));
        }
        return new Cell(model, lines);
    }

    private static Shown shown(Deciding figure, Estimate e, TailFigure tail) {
        return new Shown(
                figure.format(e.value(), tail),
                figure.format(e.low(), tail),
                figure.format(e.high(), tail),
                figure.boundsOnly(tail),
                figure.alone(e, tail));
    }

    /** The ceiling the users allow (Little's law), the highest of the apps': the one the pools fall short of. */
    private static Optional<String> ceiling(Decision.Source source) {
        return source.apps().stream()
                .flatMap(s -> s.runs().stream())
                .flatMap(p -> p.stats().stream())
                .mapToDouble(RunStats::ceilingPerSecond)
                .max()
                .stream()
                .boxed()
                .findFirst()
                .map(Format::level);
    }

    static List<IndexRow> index(List<Entry> canonical, String base) {
        List<String> order = Situation.questionOrder();
        return canonical.stream()
                .sorted(Comparator.comparingInt((Entry e) -> {
                            int at = order.indexOf(e.scenario());
                            return at < 0 ? order.size() : at;
                        })
                        .thenComparing(Entry::scenario))
                .map(e -> new IndexRow(
                        e.scenario(),
                        base + e.report(),
                        Markdown.cell(e.results().plan().about()),
                        Markdown.cell(LoadWords.of(e.results().plan()).render()),
                        took(e.results()).map(Format::minutes).orElse(Format.NOT_AVAILABLE)))
                .toList();
    }

    /** From the run's start to the end of its last measured window: what the command took, give or take a stop. */
    static Optional<Duration> took(ResultSet results) {
        OptionalLong end = results.points().stream()
                .map(Point::stats)
                .flatMap(Optional::stream)
                .mapToLong(s -> s.window().endMillis())
                .max();
        if (end.isEmpty()) {
            return Optional.empty();
        }
        try {
            long start = ZonedDateTime.parse(results.environment().dateTime())
                    .toInstant()
                    .toEpochMilli();
            return end.getAsLong() > start ? Optional.of(Duration.ofMillis(end.getAsLong() - start)) : Optional.empty();
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    static int appOrder(String name) {
        for (int i = 0; i < Target.APPS.size(); i++) {
            if (Target.APPS.get(i).name().equals(name)) {
                return i;
            }
        }
        return Target.APPS.size();
    }
}
