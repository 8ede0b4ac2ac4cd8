package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Target;
import loadlab.reporting.Markdown;

/**
 * Whether two interleaved runs' cost ratios repeat: each pair of apps both measured side by side, its CPU s / 1000 req
 * ratio in the first run beside the other's, the change, and whether it moved by more than {@link
 * Thresholds#RATIO_REPEAT_PERCENT} or changed its lead.
 */
final class RatioRepeat {

    private RatioRepeat() {}

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
        return Format.hundredths(ratio.ratio()) + " (" + Format.hundredths(ratio.low()) + "–"
                + Format.hundredths(ratio.high()) + ")";
    }

    private static String lead(SideBySide.Ratio pair, PairedRatio.Estimated ratio) {
        return switch (ratio.verdict()) {
            case A_LOWER -> Markdown.cell(pair.a());
            case B_LOWER -> Markdown.cell(pair.b());
            case EVEN -> "even";
        };
    }
}
