package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.Backlog;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Recovery;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.plan.Timeline;
import loadlab.reporting.Markdown;

/**
 * results/timelines.md: each disturbance timeline closed and open side by side, per disturbance and per model: when it
 * was back within its calm band, what it lost to timeouts and to other errors, the most requests in flight, and under
 * open arrivals when the backlog drained. A closed loop's users wait for the slow answers and send nothing meanwhile,
 * so its load backs off as the backend slows; open arrivals keep coming, so the queue stays in the measurement.
 *
 * <p>Its home is the results folder's index, written with the answer page from every canonical run, not an open
 * timeline's own report: a report renders from its own data file alone, and either run of a pair may be run again
 * without the other. A timeline's open version is its scenario's name followed by {@link #OPEN_SUFFIX} (scenarios.yaml
 * names them so): the pairing is read off the names, for every pair there is.
 */
public final class TimelinePairs {

    /** What an open timeline's name adds to its closed loop's. */
    static final String OPEN_SUFFIX = "-open";

    /** The page's name, as a link shows it, and its file in the results folder. */
    static final String NAME = "timelines";

    public static final String FILE = NAME + ".md";

    private TimelinePairs() {}

    record Page(List<Pair> pairs, Method method) {}

    /**
     * An open timeline and its closed loop; the closed one may not have been measured.
     *
     * @param closedRun its report's link, load and time taken, when it was measured
     */
    record Pair(String open, Run openRun, String closed, Optional<Run> closedRun, List<Stretch> disturbances) {}

    record Run(String link, String load, String took) {}

    /** @param closedLabel what the closed loop's disturbance at the same place is called, where that differs */
    record Stretch(String label, Optional<String> closedLabel, long from, long to, List<ModelRow> rows) {}

    /** @param drainedAfter under open arrivals, seconds until its backlog drained ({@link Backlog}); empty when failed */
    record ModelRow(String model, Side closed, Side open, Optional<String> drainedAfter) {}

    /** One model through one disturbance, closed or open. */
    record Side(boolean absent, boolean failed, String backAfter, String timeouts, String otherErrors, String peak) {

        static final Side ABSENT = new Side(true, false, "", "", "", "");
        static final Side FAILED = new Side(false, true, "", "", "", "");
    }

    record Method(int holdSeconds) {}

    /** The open timeline of a closed one, by name. */
    static String openOf(String closed) {
        return closed + OPEN_SUFFIX;
    }

    /** Whether any canonical run is an open timeline with a closed loop to pair with: the page has something to say. */
    static boolean anyIn(Map<String, ResultSet> canonical) {
        return !openTimelines(canonical).isEmpty();
    }

    /** The page, when there is an open timeline to show; empty otherwise, and nothing is written. */
    public static Optional<String> page(List<AnswerReport.Entry> entries) {
        Map<String, ResultSet> byName = new LinkedHashMap<>();
        Map<String, AnswerReport.Entry> entryOf = new LinkedHashMap<>();
        for (AnswerReport.Entry e : AnswerReport.canonical(entries)) {
            byName.put(e.scenario(), e.results());
            entryOf.put(e.scenario(), e);
        }
        List<String> open = openTimelines(byName);
        if (open.isEmpty()) {
            return Optional.empty();
        }
        List<Pair> pairs = new ArrayList<>();
        for (String name : open) {
            String closed = name.substring(0, name.length() - OPEN_SUFFIX.length());
            Optional<ResultSet> closedResults = Optional.ofNullable(byName.get(closed))
                    .filter(r -> r.plan().kind() == Plan.Kind.TIMELINE && !Backlogs.apply(r.plan()));
            pairs.add(new Pair(
                    name,
                    run(entryOf.get(name)),
                    closed,
                    closedResults.map(r -> run(entryOf.get(closed))),
                    stretches(byName.get(name), closedResults)));
        }
        return Optional.of(
                Common.TEMPLATES.render(NAME, new Page(pairs, new Method(Thresholds.RECOVERY_HOLD_SECONDS))));
    }

    /** The canonical open timelines named as a closed loop's open version, in the order the index lists them. */
    private static List<String> openTimelines(Map<String, ResultSet> canonical) {
        List<String> order = Situation.questionOrder();
        return canonical.entrySet().stream()
                .filter(e -> e.getKey().endsWith(OPEN_SUFFIX)
                        && Backlogs.apply(e.getValue().plan()))
                .map(Map.Entry::getKey)
                .sorted(java.util.Comparator.comparingInt((String n) -> {
                            int at = order.indexOf(n);
                            return at < 0 ? order.size() : at;
                        })
                        .thenComparing(n -> n))
                .toList();
    }

    private static Run run(AnswerReport.Entry e) {
        return new Run(
                e.report(),
                Markdown.cell(LoadWords.of(e.results().plan()).render()),
                AnswerReport.took(e.results()).map(Format::minutes).orElse(Format.NOT_AVAILABLE));
    }

    /** The open timeline's disturbances, each beside the closed loop's at the same place in its timeline. */
    private static List<Stretch> stretches(ResultSet open, Optional<ResultSet> closed) {
        List<Timeline.Segment> openDisturbances = open.plan().timeline().disturbances();
        List<Timeline.Segment> closedDisturbances =
                closed.map(r -> r.plan().timeline().disturbances()).orElse(List.of());
        List<Target> targets = new ArrayList<>(open.targets());
        closed.ifPresent(
                r -> r.targets().stream().filter(t -> !targets.contains(t)).forEach(targets::add));
        List<Stretch> stretches = new ArrayList<>();
        for (int i = 0; i < openDisturbances.size(); i++) {
            Timeline.Segment d = openDisturbances.get(i);
            Optional<Timeline.Segment> twin =
                    i < closedDisturbances.size() ? Optional.of(closedDisturbances.get(i)) : Optional.empty();
            List<ModelRow> rows = new ArrayList<>();
            for (Target target : targets) {
                Side closedSide =
                        closed.flatMap(r -> twin.map(t -> side(r, target, t))).orElse(Side.ABSENT);
                rows.add(new ModelRow(target.name(), closedSide, side(open, target, d), drainedAfter(open, target, d)));
            }
            stretches.add(new Stretch(
                    Markdown.cell(d.label()),
                    twin.filter(t -> !t.label().equals(d.label())).map(t -> Markdown.cell(t.label())),
                    d.start().toSeconds(),
                    d.end().toSeconds(),
                    rows));
        }
        return stretches;
    }

    private static Side side(ResultSet results, Target target, Timeline.Segment disturbance) {
        if (!results.targets().contains(target)) {
            return Side.ABSENT;
        }
        Point point = results.representative(target);
        if (point.stats().isEmpty()) {
            return Side.FAILED;
        }
        Optional<Recovery> recovery = TimelineReport.recovery(results.plan(), point, disturbance);
        if (recovery.isEmpty()) {
            String na = Format.NOT_AVAILABLE;
            return new Side(false, false, na, na, na, na);
        }
        Recovery r = recovery.get();
        int timeouts = count(r, ErrorClass.TIMEOUT);
        int errors = 0;
        for (ErrorClass each : ErrorClass.values()) {
            errors += count(r, each);
        }
        return new Side(
                false,
                false,
                TimelineReport.backAfter(r),
                Integer.toString(timeouts),
                Integer.toString(errors - timeouts),
                Integer.toString(r.peakInFlight()));
    }

    /** Errors of one class from the disturbance's start to the end of what was watched after it. */
    private static int count(Recovery r, ErrorClass errorClass) {
        return r.errorsDuring().getOrDefault(errorClass, 0) + r.errorsAfter().getOrDefault(errorClass, 0);
    }

    private static Optional<String> drainedAfter(ResultSet open, Target target, Timeline.Segment disturbance) {
        if (!open.targets().contains(target)) {
            return Optional.empty();
        }
        return Backlogs.of(open.plan(), open.representative(target), disturbance)
                .map(b -> TimelineReport.queued(b).drainedAfter());
    }
}
