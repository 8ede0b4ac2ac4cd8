package loadlab.loadtest.report;

import static loadlab.loadtest.report.SyntheticRuns.run;
import static loadlab.loadtest.report.SyntheticRuns.tail;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The verdict logic on synthetic runs whose answer is known: who leads, who is even, what cannot lead. */
class VerdictTests {

    private static final LoadShape LOAD = SyntheticRuns.LOAD;
    private static final Target A = Target.app("app-webflux").orElseThrow();
    private static final Target B = Target.app("app-virtual").orElseThrow();
    private static final Target C = Target.app("app-coroutines").orElseThrow();

    private static Scores scores(Target target, RunStats... runs) {
        List<Point> points = new java.util.ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            points.add(TestPoints.measured(target, LOAD, i + 1, runs[i], loadlab.loadtest.measure.ResourceCost.NONE));
        }
        return new Scores(target, points);
    }

    private static Verdict verdict(List<Scores> scores) {
        List<Point> all = scores.stream().flatMap(s -> s.runs().stream()).toList();
        return Verdict.of(scores, TailFigure.of(all, 30), Scores.cpuFigure(all));
    }

    private static List<String> names(List<Verdict.Named> named) {
        return named.stream().map(Verdict.Named::name).toList();
    }

    @Test
    void aClearLeadIsNamedAlone() {
        Verdict v = verdict(List.of(
                scores(A, run(25_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000))),
                scores(B, run(20_000, 0, ErrorClass.TIMEOUT, tail(4300, 4470, 4600)))));

        assertThat(names(v.good().leaders())).containsExactly("app-webflux");
        assertThat(names(v.good().behind())).containsExactly("app-virtual");
        assertThat(names(v.tail().leaders())).containsExactly("app-webflux");
        assertThat(v.tailFigure().p99()).isTrue();
    }

    @Test
    void overlappingIntervalsAreEven() {
        // 1% apart in one run each: within what one run of the same build moves by (2% of throughput, 5% of p99).
        Verdict v = verdict(List.of(
                scores(A, run(25_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000))),
                scores(B, run(24_750, 0, ErrorClass.TIMEOUT, tail(3810, 3990, 4010)))));

        assertThat(v.good().even()).isTrue();
        assertThat(names(v.good().leaders())).containsExactly("app-webflux", "app-virtual");
        assertThat(v.good().behind()).isEmpty();
        assertThat(v.tail().even()).isTrue();
    }

    @Test
    void repeatsWhoseRangesOverlapAreEvenAndApartRangesLead() {
        Verdict v = verdict(List.of(
                scores(
                        A,
                        run(25_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000)),
                        run(24_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000))),
                scores(
                        B,
                        run(24_500, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000)),
                        run(24_600, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000))),
                scores(
                        C,
                        run(20_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000)),
                        run(20_100, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000)))));

        assertThat(names(v.good().leaders())).containsExactly("app-virtual", "app-webflux");
        assertThat(names(v.good().behind())).containsExactly("app-coroutines");
        assertThat(v.good().leaders().getFirst().value()).isEqualTo("245.5 (245.0–246.0)");
    }

    @Test
    void aTailWithTwoModesIsReadAsAShareAndCrownsNobody() {
        // The faults run: ~1% of every app's requests at a 20 s timeout; one app's p99 lands just under the cliff.
        Verdict v = verdict(List.of(
                scores(A, run(11_970, 493, ErrorClass.NON_2XX, tail(3850, 20_002, 20_010))),
                scores(B, run(11_682, 307, ErrorClass.NON_2XX, tail(3865, 20_002, 20_010))),
                scores(C, run(11_965, 443, ErrorClass.NON_2XX, tail(3837, 4_001, 20_009)))));

        assertThat(v.tailFigure().p99()).isFalse();
        assertThat(v.tailFigure().over()).isEqualTo("10 s");
        assertThat(v.tail().even()).isTrue();
        assertThat(v.tail().behind()).isEmpty();
    }

    @Test
    void aModelThatFailedItsLoadIsNamedAndLeadsOnNothing() {
        Point failed = TestPoints.failed(C, LOAD, "exited with code 137 during its load", Path.of("raw/app.log"));
        Scores dead = new Scores(C, List.of(failed));
        Scores starved = scores(B, run(5_000, 4_000, ErrorClass.TIMEOUT, tail(10_010, 10_011, 10_013)));
        Verdict v =
                verdict(List.of(scores(A, run(25_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000))), dead, starved));

        assertThat(v.failed()).extracting(Common.Failure::name).containsExactly("app-coroutines");
        assertThat(v.notServed()).containsExactly("app-virtual");
        assertThat(names(v.good().leaders())).containsExactly("app-webflux");
        assertThat(v.good().behind()).isEmpty();
    }

    @Test
    void directNeverCompetes() {
        Verdict v = verdict(List.of(
                scores(Target.DIRECT, run(26_000, 0, ErrorClass.TIMEOUT, tail(3700, 3900, 3950))),
                scores(A, run(20_000, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000)))));

        assertThat(names(v.good().leaders())).containsExactly("app-webflux");
    }
}
