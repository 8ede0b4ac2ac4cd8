package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Target;

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
        boolean settledOnAccept,
        int rounds,
        int delayMaxMs,
        String confidence,
        int minRounds,
        List<TargetRow> targets,
        List<PairRow> pairs,
        Optional<Matrix> matrix) {

    /**
     * Where the plan gave the apps their clients: CPU s / 1000 req of each model x client over the reference's (the
     * plan's first app).
     */
    record Matrix(String reference, ClientMatrix<Cell> table) {}

    /**
     * @param ratio    the ratio with its interval, {@code 1.34 (1.28–1.40)}; empty where the model has no such client
     * @param lead     whether the interval excludes 1
     * @param isReference the reference itself
     */
    record Cell(String ratio, boolean lead, boolean isReference, boolean measured) {}

    /** A pair of apps: its CPU per request's ratio and its CPU over slow-server's. */
    record PairRow(RatioRow cpu, RatioRow overBackend) {}

    /** A target's slices: how many, and the median (min–max) of their counted seconds and figures. */
    record TargetRow(String name, int slices, String counted, String good, String cpu, String cpuOverBackend) {}

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
        return results.sideBySide()
                .map(s -> of(
                        s, results.plan().backend().maxDelayMs(), results.plan().apps()));
    }

    static SideBySideView of(SideBySide side, int delayMaxMs, List<Target> apps) {
        List<String> targets = side.targets();
        return new SideBySideView(
                side.sliceSeconds(),
                side.settleSeconds(),
                side.sliceSeconds() - side.settleSeconds(),
                side.settledOnAccept(),
                side.rounds(),
                delayMaxMs,
                Format.whole(Thresholds.RATIO_CONFIDENCE_PERCENT),
                Thresholds.MIN_RATIO_ROUNDS,
                targets.stream().map(t -> targetRow(t, side.of(t))).toList(),
                pairs(
                        side,
                        apps.stream()
                                .map(Target::name)
                                .filter(targets::contains)
                                .toList()),
                matrix(
                        side,
                        apps.stream().filter(a -> targets.contains(a.name())).toList()));
    }

    private static Optional<Matrix> matrix(SideBySide side, List<Target> apps) {
        return ClientMatrix.of(apps, a -> cell(side, a, apps.getFirst()), new Cell("", false, false, false))
                .map(table -> new Matrix(apps.getFirst().name(), table));
    }

    private static Cell cell(SideBySide side, Target app, Target reference) {
        if (app.equals(reference)) {
            return new Cell("1", false, true, true);
        }
        return switch (side.ratio(app.name(), reference.name(), SideBySide.Cost.CPU_PER_1000_REQUESTS)) {
            case PairedRatio.Estimated e ->
                new Cell(
                        Format.hundredths(e.ratio()) + " (" + Format.ratioBound(e.low()) + "–"
                                + Format.ratioBound(e.high()) + ")",
                        e.verdict() != PairedRatio.Verdict.EVEN,
                        false,
                        true);
            case PairedRatio.NotEstimated n -> new Cell("", false, false, true);
        };
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
                                .map(s -> OptionalDouble.of(
                                        s.countedAny() ? s.counted().seconds() : 0))
                                .toList(),
                        Format::whole),
                spread(
                        slices.stream()
                                .filter(SliceFigures::countedAny)
                                .map(s -> OptionalDouble.of(s.goodPerSecond()))
                                .toList(),
                        Format::rate),
                spread(
                        slices.stream()
                                .map(SliceFigures::cpuSecondsPer1000Requests)
                                .toList(),
                        Format::hundredths),
                spread(slices.stream().map(SliceFigures::cpuOverBackend).toList(), Format::hundredths));
    }

    /** Median (min–max) of the slices that have the figure; n/a when none has. */
    private static String spread(List<OptionalDouble> values, DoubleFunction<String> format) {
        List<Double> present = values.stream()
                .filter(OptionalDouble::isPresent)
                .map(OptionalDouble::getAsDouble)
                .toList();
        if (present.isEmpty()) {
            return Format.NOT_AVAILABLE;
        }
        Spread spread = Spread.of(present);
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
                        Format.ratioBound(e.low()) + "–" + Format.ratioBound(e.high()),
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
