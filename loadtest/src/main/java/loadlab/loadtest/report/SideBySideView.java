package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;

/**
 * The "Side by side" section of an interleaved comparison (templates/loadtest/side-by-side.md): how the slices were
 * laid, each target's figures over its slices, and each pair of apps' cost ratio with its interval, a lead named only
 * where the interval excludes 1.
 *
 * @param delayMaxMs the backend's longest delay, which the settle is made to outlast
 * @param confidence the ratios' interval, in percent
 * @param minRounds  the fewest rounds a ratio is estimated from
 */
record SideBySideView(
        long slice,
        long settle,
        long counted,
        int rounds,
        int delayMaxMs,
        String confidence,
        int minRounds,
        List<TargetRow> targets,
        List<PairRow> pairs) {

    /** A pair of apps: its CPU per request's ratio and its CPU over slow-server's. */
    record PairRow(RatioRow cpu, RatioRow overBackend) {}

    /** A target's slices: how many, and the median (min–max) of their figures. */
    record TargetRow(String name, int slices, String good, String cpu, String cpuOverBackend) {}

    /**
     * One pair's ratio A/B: the estimate, its interval, the rounds it pairs, and who leads; empty estimate with why.
     *
     * @param lead         the target whose cost is lower, or {@code even}; empty without an estimate
     * @param tooFewRounds no estimate: fewer paired rounds than a ratio needs
     * @param noCost       no estimate: a slice measured no cost
     */
    record RatioRow(
            String a,
            String b,
            String ratio,
            String interval,
            int rounds,
            String lead,
            boolean tooFewRounds,
            boolean noCost) {}

    static Optional<SideBySideView> of(ResultSet results) {
        return results.sideBySide().map(s -> of(s, results.plan().backend().maxDelayMs()));
    }

    static SideBySideView of(SideBySide side, int delayMaxMs) {
        List<String> targets = side.targets();
        List<String> apps = targets.stream().filter(t -> !t.equals("direct")).toList();
        return new SideBySideView(
                side.sliceSeconds(),
                side.settleSeconds(),
                side.sliceSeconds() - side.settleSeconds(),
                side.rounds(),
                delayMaxMs,
                Format.whole(Thresholds.RATIO_CONFIDENCE_PERCENT),
                Thresholds.MIN_RATIO_ROUNDS,
                targets.stream().map(t -> targetRow(t, side.of(t))).toList(),
                pairs(side, apps));
    }

    private static List<PairRow> pairs(SideBySide side, List<String> apps) {
        List<SideBySide.Ratio> cpu = side.ratios(apps, SideBySide.Cost.CPU_PER_1000_REQUESTS);
        List<SideBySide.Ratio> overBackend = side.ratios(apps, SideBySide.Cost.CPU_OVER_BACKEND);
        return java.util.stream.IntStream.range(0, cpu.size())
                .mapToObj(i -> new PairRow(ratioRow(cpu.get(i)), ratioRow(overBackend.get(i))))
                .toList();
    }

    private static TargetRow targetRow(String name, List<SliceFigures> slices) {
        return new TargetRow(
                name,
                slices.size(),
                spread(
                        slices.stream()
                                .map(s -> OptionalDouble.of(s.goodPerSecond()))
                                .toList(),
                        true),
                spread(
                        slices.stream()
                                .map(SliceFigures::cpuSecondsPer1000Requests)
                                .toList(),
                        false),
                spread(slices.stream().map(SliceFigures::cpuOverBackend).toList(), false));
    }

    /** Median (min–max) of the slices that have the figure; n/a when none has. */
    private static String spread(List<OptionalDouble> values, boolean rate) {
        List<Double> present = values.stream()
                .filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble)
                .toList();
        if (present.isEmpty()) {
            return Format.NOT_AVAILABLE;
        }
        Spread spread = Spread.of(present);
        java.util.function.DoubleFunction<String> format = rate ? Format::rate : Format::hundredths;
        return format.apply(spread.median()) + " (" + format.apply(spread.min()) + "–" + format.apply(spread.max())
                + ")";
    }

    private static RatioRow ratioRow(SideBySide.Ratio pair) {
        return switch (pair.ratio()) {
            case PairedRatio.Estimated e ->
                new RatioRow(
                        pair.a(),
                        pair.b(),
                        Format.hundredths(e.ratio()),
                        Format.hundredths(e.low()) + "–" + Format.hundredths(e.high()),
                        e.rounds(),
                        switch (e.verdict()) {
                            case A_LOWER -> pair.a();
                            case B_LOWER -> pair.b();
                            case EVEN -> "even";
                        },
                        false,
                        false);
            case PairedRatio.NotEstimated n ->
                new RatioRow(
                        pair.a(),
                        pair.b(),
                        "—",
                        "—",
                        n.rounds(),
                        "",
                        n.why() == PairedRatio.Missing.TOO_FEW_ROUNDS,
                        n.why() == PairedRatio.Missing.NOT_POSITIVE);
        };
    }
}
