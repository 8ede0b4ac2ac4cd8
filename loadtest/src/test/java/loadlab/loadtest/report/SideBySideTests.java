package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The "Side by side" section, rendered from a synthetic data file of an interleaved comparison. */
class SideBySideTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(1, 2, 5, 10);
    private static final LoadShape LOAD = new LoadShape.Closed(50);
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    private static final Target COROUTINES = Target.app("coroutines").orElseThrow();

    private static Point point(Target target) {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        List<Sample> samples =
                List.of(new Sample(window.startMillis() + 10, window.startMillis() + 210, true, "200", "OK", 180));
        RunStats stats = RunStats.compute(samples, window, 100);
        return TestPoints.measured(target, LOAD, 1, stats, ResourceCost.NONE);
    }

    /**
     * Ten rounds of 15 s slices (5 s settle): WebFlux costs 0.20 s / 1000 req, virtual threads exactly 1.5 times as
     * much in every round, coroutines 0.9 and 1.1 times WebFlux's in turns, slow-server 0.10 behind each.
     */
    private static SideBySide slices(int rounds) {
        return slices(rounds, 1.5);
    }

    /** As {@link #slices(int)}, virtual threads costing {@code virtualOverWebflux} times WebFlux's. */
    private static SideBySide slices(int rounds, double virtualOverWebflux) {
        List<SliceFigures> slices = new ArrayList<>();
        long at = T0;
        for (int round = 0; round < rounds; round++) {
            double drift = 1 + 0.1 * round; // the host slows down round after round: every target alike
            double[] costs = {0.20 * virtualOverWebflux * drift, 0.20 * drift, (round % 2 == 0 ? 0.18 : 0.22) * drift};
            Target[] targets = {VIRTUAL, WEBFLUX, COROUTINES};
            for (int i = 0; i < targets.length; i++) {
                slices.add(new SliceFigures(
                        round,
                        targets[i].name(),
                        at,
                        at + 5_000,
                        at + 15_000,
                        250,
                        250,
                        OptionalDouble.of(costs[i]),
                        OptionalDouble.of(0.10 * drift)));
                at += 15_000;
            }
        }
        return new SideBySide(rounds, 15, 5, 7, slices);
    }

    private static ResultSet results(SideBySide side) throws IOException {
        return results(side, 50);
    }

    private static ResultSet results(SideBySide side, int users) throws IOException {
        Plan plan = TestPoints.comparison(
                users, PHASES, TestPoints.backend(0, 4000), 1, List.of(VIRTUAL, WEBFLUX, COROUTINES));
        ResultSet results = new ResultSet(
                plan,
                TestPoints.ENVIRONMENT,
                List.of(point(VIRTUAL), point(WEBFLUX), point(COROUTINES)),
                Optional.of(side));
        // Through the data file, as make report and make diff read it.
        return DataFile.fromJson(DataFile.toJson(results));
    }

    private static String summary(SideBySide side) throws IOException {
        return Reports.render(results(side), List.of());
    }

    @Test
    void aDiffOfTwoInterleavedRunsSetsEachRatioBesideItsRepeat() throws IOException {
        ResultSet first = results(slices(10));
        ResultSet repeat = results(slices(10, 1.8));

        String diff = DiffReport.render(
                "results/one", "results/two", List.of(new DiffReport.Pair("summary.json", first, repeat)));

        assertThat(diff)
                .contains("### Cost ratios, side by side")
                .contains("moved by more than 10% or changed its lead")
                // 1.5 -> 1.8 is 20%: the ratio did not repeat, though the lead held.
                .contains("| **app-virtual / app-webflux** | 1.50 (1.50–1.50) | 1.80 (1.80–1.80) | +20.0% |"
                        + " app-webflux | app-webflux |")
                .contains(
                        "| app-webflux / app-coroutines | 1.01 (0.95–1.07) | 1.01 (0.95–1.07) | +0.0% | even | even |");
    }

    @Test
    void theRunsOfAnInterleavedScenarioSayWhichRatiosRepeated() throws IOException {
        ResultSet own = results(slices(10));
        ResultSet same = results(slices(10));
        ResultSet moved = results(slices(10, 1.8));
        String folder = own.plan().folder();

        String block = RatioRepeat.acrossRuns(
                List.of(
                        new AnswerReport.Entry("experiments/moved", "experiments/moved/summary.md", moved),
                        new AnswerReport.Entry(folder, folder + "/summary.md", own),
                        new AnswerReport.Entry("experiments/same", "experiments/same/summary.md", same)),
                own.plan().name(),
                "../results/");

        assertThat(block)
                .contains("at its own run's load beside that run, ["
                        + own.plan().name() + "](../results/" + folder + "/summary.md)")
                // The test environment's command line sets USERS=500.
                .contains("[experiments/same](../results/experiments/same/summary.md) (`USERS=500`, commit")
                .contains("every ratio within 10% of " + own.plan().name() + "'s, and every lead the same.")
                // Virtual threads moved against both others; WebFlux against coroutines held.
                .contains("2 of 3 pairs did not repeat.")
                .contains("| **app-virtual / app-coroutines** |")
                .contains(
                        "| app-webflux / app-coroutines | 1.01 (0.95–1.07) | 1.01 (0.95–1.07) | +0.0% | even | even |");
        assertThat(block.indexOf("experiments/moved")).isLessThan(block.indexOf("experiments/same"));
    }

    @Test
    void runsUnderAnotherLoadAreSetBesideTheFirstOfThemNotBesideTheScenariosOwnRun() throws IOException {
        ResultSet own = results(slices(10));
        // Under another load both ratios of virtual threads moved from the scenario's own run, and held between them.
        ResultSet heavier = results(slices(10, 1.8), 500);
        ResultSet heavierAgain = results(slices(10, 1.8), 500);
        String folder = own.plan().folder();

        String block = RatioRepeat.acrossRuns(
                List.of(
                        new AnswerReport.Entry(folder, folder + "/summary.md", own),
                        new AnswerReport.Entry("experiments/heavier", "experiments/heavier/summary.md", heavier),
                        new AnswerReport.Entry("experiments/again", "experiments/again/summary.md", heavierAgain)),
                own.plan().name(),
                "");

        assertThat(block)
                .contains("No other interleaved run of `" + own.plan().name() + "` at its load yet")
                .contains("Runs under another load, 500 users, backend 0..4 s: ")
                .contains("beside the first of them, [experiments/again](experiments/again/summary.md)")
                .contains("[experiments/heavier](experiments/heavier/summary.md) (`USERS=500`, commit")
                .contains("every ratio within 10% of experiments/again's, and every lead the same.")
                .doesNotContain("pairs did not repeat.");
    }

    @Test
    void theExperimentsIndexSaysWhichRunHadTheScenariosLoadWhenItRanAndNotItsOwnRunsToday() throws IOException {
        ResultSet own = results(slices(10), 8);
        ResultSet before = results(slices(10), 500);
        ResultSet repeat = results(slices(10), 8);
        String folder = own.plan().folder();
        // The fixtures' scenario writes to the results folder itself.
        String link = "[comparison](../" + folder + "/summary.md)";

        String page = ExperimentsReport.page(List.of(
                new AnswerReport.Entry(folder, folder + "/summary.md", own),
                new AnswerReport.Entry("experiments/before", "experiments/before/summary.md", before),
                new AnswerReport.Entry("experiments/repeat", "experiments/repeat/summary.md", repeat)));

        // The fixtures' command line sets USERS=500, which the index gives as what the command changed.
        assertThat(page)
                .contains("| [before](before/summary.md) | " + link + " | `USERS=500` |"
                        + " 500 users, backend 0..4 s |");
        ResultSet quiet = DataFile.fromJson(DataFile.toJson(before).replace("USERS=500", ""));
        assertThat(ExperimentsReport.page(List.of(
                        new AnswerReport.Entry(folder, folder + "/summary.md", own),
                        new AnswerReport.Entry("experiments/before", "experiments/before/summary.md", quiet),
                        new AnswerReport.Entry(
                                "experiments/repeat",
                                "experiments/repeat/summary.md",
                                DataFile.fromJson(DataFile.toJson(repeat).replace("USERS=500", ""))))))
                .contains("| [before](before/summary.md) | " + link + " | the scenario's load"
                        + " when it ran | 500 users, backend 0..4 s |")
                .contains("| [repeat](repeat/summary.md) | " + link + " | nothing: a repeat |"
                        + " 8 users, backend 0..4 s |");
    }

    @Test
    void anInterleavedScenarioWithoutARepeatSaysItIsNotKnown() throws IOException {
        ResultSet own = results(slices(10));
        String folder = own.plan().folder();

        String block = RatioRepeat.acrossRuns(
                List.of(new AnswerReport.Entry(folder, folder + "/summary.md", own)),
                own.plan().name(),
                "");

        assertThat(block).contains("whether its ratios repeat is not known");
    }

    @Test
    void aDiffOfRunsNotMeasuredSideBySideHasNoRatios() throws Exception {
        ResultSet sweep = SweepFixtures.sweepResults(SweepFixtures.sweep());

        String diff = DiffReport.render("a", "b", List.of(new DiffReport.Pair("sweep.json", sweep, sweep)));

        assertThat(diff).doesNotContain("Cost ratios");
    }

    @Test
    void eachPairHasItsRatioAndIntervalAndALeadOnlyWhereTheIntervalExcludesOne() throws IOException {
        String markdown = summary(slices(10));

        assertThat(markdown)
                // The headline's cost is in the slices, not in a window: the verdict says so, not "no app served".
                .contains("- CPU s / 1000 req: not measured over this run's windows\n")
                .contains("## Side by side\n")
                .contains("slices of 15 s, 10 rounds")
                .contains(
                        "The first 5 s of each slice count for nothing: the backend's longest delay (4000 ms) plus 1 s")
                .contains("| app-webflux | 10 | 10 (10–10) | 25.0 (25.0–25.0) | 0.29 (0.20–0.38) | 2.00 (2.00–2.00) |")
                // The drift moves every target's cost by 1.9 times over the run; the ratios stay where they are.
                .contains(
                        "| app-virtual / app-webflux | 1.50 | 1.50–1.50 | app-webflux | 1.50 | 1.50–1.50 | app-webflux"
                                + " | 10 |")
                .contains("| app-virtual / app-coroutines | 1.51 | 1.42–1.60 | app-coroutines |")
                .contains("| app-webflux / app-coroutines | 1.01 | 0.95–1.07 | even | 1.01 | 0.95–1.07 | even | 10 |");
    }

    @Test
    void aRunThatWaitedForEveryConnectionToBeAcceptedSaysSoAndAnOlderOneSaysItDidNot() throws IOException {
        SideBySide old = slices(10);
        SideBySide waited = new SideBySide(old.rounds(), 15, 5, 7, old.slices(), true);

        assertThat(summary(waited))
                .contains("nothing counts either until it had accepted every connection of the slice")
                .doesNotContain("This run was measured before the lab waited");
        assertThat(summary(old)).contains("This run was measured before the lab waited");
    }

    @Test
    void clientsGiveAModelByClientMatrixOverTheFirstApp() throws IOException {
        Target reference = WEBFLUX.withClient("reactor");
        Target webfluxJdk = WEBFLUX.withClient("jdk");
        Target virtualJdk = VIRTUAL.withClient("jdk");
        Target virtualSimple = VIRTUAL.withClient("simple");
        List<Target> apps = List.of(reference, webfluxJdk, virtualJdk, virtualSimple);
        double[] costs = {0.20, 0.26, 0.32, 0.21};
        List<SliceFigures> slices = new ArrayList<>();
        long at = T0;
        for (int round = 0; round < 8; round++) {
            for (int i = 0; i < apps.size(); i++) {
                double wobble = i == 3 ? (round % 2 == 0 ? 0.9 : 1.1) : 1;
                slices.add(new SliceFigures(
                        round,
                        apps.get(i).name(),
                        at,
                        at + 5_000,
                        at + 15_000,
                        250,
                        250,
                        OptionalDouble.of(costs[i] * wobble * (1 + 0.05 * round)),
                        OptionalDouble.of(0.10)));
                at += 15_000;
            }
        }
        Plan plan = TestPoints.comparison(50, PHASES, TestPoints.backend(0, 4000), 1, apps);
        ResultSet results = new ResultSet(
                plan,
                TestPoints.ENVIRONMENT,
                apps.stream().map(SideBySideTests::point).toList(),
                Optional.of(new SideBySide(8, 15, 5, 7, slices)));

        String markdown = Reports.render(DataFile.fromJson(DataFile.toJson(results)), List.of());

        assertThat(markdown)
                .contains("over app-webflux+reactor's")
                .contains("| Model | jdk | reactor | simple |\n|---|--:|--:|--:|\n")
                .contains("| app-webflux | **1.30 (1.30–1.30)** | 1 (reference) |  |\n")
                .containsPattern(
                        "\\| app-virtual \\| \\*\\*1\\.60 \\(1\\.60–1\\.60\\)\\*\\* \\|  \\| 1\\.0\\d \\(0\\.\\d\\d–1\\.\\d\\d\\) \\|\n")
                .contains("| app-virtual+simple | 8 |");
    }

    @Test
    void tooFewRoundsNameNoLeadAndSaySo() throws IOException {
        String markdown = summary(slices(3));

        assertThat(markdown)
                .contains(
                        "| app-virtual / app-webflux | — | — | fewer than 8 rounds | — | — | fewer than 8 rounds | 3 |");
    }

    @Test
    void aFileWithoutSlicesHasNoSection() throws IOException {
        Plan plan = TestPoints.comparison(50, PHASES, TestPoints.backend(0, 4000), 1, List.of(VIRTUAL, WEBFLUX));
        ResultSet results = new ResultSet(plan, TestPoints.ENVIRONMENT, List.of(point(VIRTUAL), point(WEBFLUX)));

        assertThat(DataFile.toJson(results)).doesNotContain("sideBySide");
        assertThat(Reports.render(DataFile.fromJson(DataFile.toJson(results)), List.of()))
                .doesNotContain("Side by side");
    }
}
