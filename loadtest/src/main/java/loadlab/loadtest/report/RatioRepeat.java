package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * Whether two interleaved runs' cost ratios repeat: each pair of apps both measured side by side, its CPU s / 1000 req
 * ratio in the first run beside the other's, the change, and whether it moved by more than {@link
 * Thresholds#RATIO_REPEAT_PERCENT} or changed its lead; and, for the docs' generated block, every interleaved run of a
 * scenario set so beside one read at the same load.
 */
final class RatioRepeat {

    private RatioRepeat() {}

    /**
     * An interleaved scenario's own run, and each other interleaved run's ratios beside one read at the same load.
     *
     * @param own        the scenario's own run
     * @param others     the other runs at the same load as the scenario's own, each beside it
     * @param otherLoads the runs under another load, a group per load, each beside the first of its group: a cost per
     *     request depends on the load it was read at, so a ratio is only compared with one read at the same load
     */
    record RatioRuns(
            String scenario,
            Optional<RatioRun> own,
            String repeatPercent,
            String confidence,
            List<RatioRun> others,
            List<LoadGroup> otherLoads) {}

    /** Runs of one other load: the first of them, and each other beside it. */
    record LoadGroup(String load, RatioRun first, List<RatioRun> others) {}

    /**
     * @param against the run it is compared with
     * @param moved   how many pairs moved past the threshold or changed their lead
     */
    record RatioRun(
            String against,
            String run,
            String link,
            String differs,
            String commit,
            String date,
            List<Change> changes,
            long moved) {}

    /**
     * One pair's ratio in each run, with its interval and who costs less ({@code even} where the interval holds 1).
     *
     * @param moved the ratio moved by more than {@link Thresholds#RATIO_REPEAT_PERCENT}, or its lead changed
     */
    record Change(
            String pair,
            String first,
            String other,
            String change,
            String leadFirst,
            String leadOther,
            boolean moved) {}

    /** Each pair's change from {@code first} to {@code other}; empty unless both were measured side by side. */
    static List<Change> of(ResultSet first, ResultSet other) {
        if (first.sideBySide().isEmpty() || other.sideBySide().isEmpty()) {
            return List.of();
        }
        SideBySide one = first.sideBySide().get();
        SideBySide two = other.sideBySide().get();
        List<String> apps = first.plan().apps().stream()
                .map(Target::name)
                .filter(one.targets()::contains)
                .filter(two.targets()::contains)
                .toList();
        List<SideBySide.Ratio> inFirst = one.ratios(apps, SideBySide.Cost.CPU_PER_1000_REQUESTS);
        List<SideBySide.Ratio> inOther = two.ratios(apps, SideBySide.Cost.CPU_PER_1000_REQUESTS);
        List<Change> changes = new ArrayList<>();
        for (int i = 0; i < inFirst.size(); i++) {
            if (inFirst.get(i).ratio() instanceof PairedRatio.Estimated a
                    && inOther.get(i).ratio() instanceof PairedRatio.Estimated b) {
                String leadFirst = lead(inFirst.get(i), a);
                String leadOther = lead(inOther.get(i), b);
                double change = 100 * (b.ratio() - a.ratio()) / a.ratio();
                changes.add(new Change(
                        Markdown.cell(inFirst.get(i).a()) + " / "
                                + Markdown.cell(inFirst.get(i).b()),
                        withInterval(a),
                        withInterval(b),
                        (change >= 0 ? "+" : "") + Format.percent(change) + "%",
                        leadFirst,
                        leadOther,
                        Math.abs(change) > Thresholds.RATIO_REPEAT_PERCENT || !leadFirst.equals(leadOther)));
            }
        }
        return changes;
    }

    private static String withInterval(PairedRatio.Estimated ratio) {
        return Format.hundredths(ratio.ratio()) + " (" + Format.ratioBound(ratio.low()) + "–"
                + Format.ratioBound(ratio.high()) + ")";
    }

    private static String lead(SideBySide.Ratio pair, PairedRatio.Estimated ratio) {
        return switch (ratio.verdict()) {
            case A_LOWER -> Markdown.cell(pair.a());
            case B_LOWER -> Markdown.cell(pair.b());
            case EVEN -> "even";
        };
    }

    /**
     * Whether an interleaved scenario's cost ratios repeat: each other interleaved run of it, each pair's ratio beside
     * the scenario's own run's ({@link RatioRepeat}); links prefixed with {@code base}.
     */
    static String acrossRuns(List<AnswerReport.Entry> entries, String scenario, String base) {
        List<AnswerReport.Entry> runs = ExperimentsReport.runsOf(entries, scenario).stream()
                .filter(e -> e.results().sideBySide().isPresent())
                .toList();
        Optional<AnswerReport.Entry> own =
                runs.stream().filter(AnswerReport.Entry::canonical).findFirst();
        // Each load's runs in the order runsOf gives them: the scenario's own load first, when it has a run.
        Map<LoadShape, List<AnswerReport.Entry>> byLoad = new LinkedHashMap<>();
        runs.forEach(e -> byLoad.computeIfAbsent(e.results().plan().load(), load -> new ArrayList<>())
                .add(e));
        List<RatioRun> others = own.map(
                        o -> beside(o, byLoad.remove(o.results().plan().load()), base))
                .orElse(List.of());
        List<LoadGroup> otherLoads = own.isEmpty()
                ? List.of()
                : byLoad.values().stream()
                        .map(group -> new LoadGroup(
                                LoadWords.of(group.getFirst().results().plan()).render(),
                                ratioRun(group.getFirst(), group.getFirst(), List.of(), base),
                                beside(group.getFirst(), group, base)))
                        .toList();
        return Common.TEMPLATES.render(
                "ratios-across-runs",
                new RatioRuns(
                        scenario,
                        own.map(e -> ratioRun(e, e, List.of(), base)),
                        Format.whole(Thresholds.RATIO_REPEAT_PERCENT),
                        Format.whole(Thresholds.RATIO_CONFIDENCE_PERCENT),
                        others,
                        otherLoads));
    }

    /** Each run of {@code group} but {@code first}, its ratios beside {@code first}'s. */
    private static List<RatioRun> beside(AnswerReport.Entry first, List<AnswerReport.Entry> group, String base) {
        return group.stream()
                .filter(e -> e != first)
                .map(e -> ratioRun(first, e, of(first.results(), e.results()), base))
                .toList();
    }

    private static RatioRun ratioRun(
            AnswerReport.Entry against, AnswerReport.Entry e, List<Change> changes, String base) {
        return new RatioRun(
                ExperimentsReport.label(against),
                ExperimentsReport.label(e),
                base + e.report(),
                ExperimentsReport.code(
                        ExperimentsReport.differs(e.results().environment().commandLine())),
                Markdown.codeCell(e.results().environment().gitCommit()),
                ExperimentsReport.date(e.results().environment().dateTime()),
                changes,
                changes.stream().filter(Change::moved).count());
    }
}
