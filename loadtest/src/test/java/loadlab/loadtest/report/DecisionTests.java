package loadlab.loadtest.report;

import static loadlab.loadtest.report.SyntheticRuns.run;
import static loadlab.loadtest.report.SyntheticRuns.tail;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntToDoubleFunction;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/**
 * The answer page's choice on synthetic scenarios whose answer is known: a clear lead, intervals that overlap, a tail
 * with two modes, a model that failed its load or did not serve it, and a situation whose scenarios disagree.
 */
class DecisionTests {

    private static final LoadShape LOAD = SyntheticRuns.LOAD;
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target COROUTINES = Target.app("coroutines").orElseThrow();
    private static final Target POOL = Target.app("threadpool").orElseThrow();

    private static RunStats good(int requests) {
        return run(requests, 0, ErrorClass.TIMEOUT, tail(3800, 3960, 4000));
    }

    private static Point point(Target target, RunStats stats) {
        return TestPoints.measured(target, LOAD, 1, stats, ResourceCost.NONE);
    }

    /** A comparison called {@code name} of direct and the points' apps, timeout 30 s. */
    private static ResultSet scenario(String name, Point... points) {
        List<Target> targets = new ArrayList<>(List.of(Target.DIRECT));
        for (Point p : points) {
            targets.add(p.target());
        }
        Plan plan = new Plan(
                name,
                "a synthetic " + name,
                Plan.Kind.COMPARISON,
                TestPoints.phases(5, 10, 100, 30),
                TestPoints.backend(0, 4_000),
                Request.PROXY,
                List.of(LOAD),
                1,
                targets,
                CpuPinning.none(2),
                name);
        List<Point> all = new ArrayList<>(List.of(point(Target.DIRECT, good(25_000))));
        all.addAll(List.of(points));
        return new ResultSet(plan, TestPoints.ENVIRONMENT, all);
    }

    private static Decision decide(Situation situation, ResultSet... scenarios) {
        Map<String, ResultSet> byName = new java.util.LinkedHashMap<>();
        for (ResultSet s : scenarios) {
            byName.put(s.plan().name(), s);
        }
        return Decision.of(situation, byName);
    }

    @Test
    void aClearLeadIsChosenAlone() {
        Decision d = decide(
                Situation.CPU_WORK, scenario("cpu-5ms", point(WEBFLUX, good(21_000)), point(VIRTUAL, good(18_000))));

        assertThat(d.chosen()).containsExactly("app-webflux");
        assertThat(d.even()).isFalse();
    }

    @Test
    void overlappingIntervalsAreEvenAndABehindModelIsNotChosen() {
        // 0.4% apart: inside what one run moves by. The pool is capped at 100 req/s by its threads.
        Decision d = decide(
                Situation.SLOW_BACKEND,
                scenario(
                        "compare",
                        point(POOL, good(10_000)),
                        point(WEBFLUX, good(25_000)),
                        point(VIRTUAL, good(24_900))));

        assertThat(d.chosen()).containsExactly("app-webflux", "app-virtual");
        assertThat(d.even()).isTrue();
        assertThat(d.allEven()).isFalse();
    }

    @Test
    void everyModelEvenIsTheSituationDeciding() {
        Decision d = decide(
                Situation.DATABASE,
                scenario("db", point(POOL, good(4_950)), point(WEBFLUX, good(4_990)), point(VIRTUAL, good(5_010))));

        assertThat(d.allEven()).isTrue();
        assertThat(AnswerReport.decisions(List.of(entry(scenarioAt("db", "."))), ""))
                .contains("even: the pool decides, so size the pool");
    }

    @Test
    void aTailWithTwoModesCrownsNobody() {
        // The faults run: about 1% of every model's requests at the 20 s backend timeout; one model's p99 lands just
        // under the cliff. Read as p99 it would lead by a factor of five; read as the share over 10 s it is even.
        ResultSet faults = scenario(
                "faults",
                point(WEBFLUX, run(10_000, 150, ErrorClass.NON_2XX, tail(3850, 20_002, 20_010))),
                point(COROUTINES, run(10_000, 95, ErrorClass.NON_2XX, tail(3837, 4_001, 20_009))));

        Decision d = decide(Situation.FAILING_BACKEND, faults);

        assertThat(d.sources().getFirst().tail().isP99()).isFalse();
        assertThat(d.chosen()).containsExactlyInAnyOrder("app-webflux", "app-coroutines");
    }

    @Test
    void aModelThatFailedItsLoadIsNeverChosen() {
        Point failed = TestPoints.failed(COROUTINES, LOAD, "exited with code 137", Path.of("raw/app-coroutines.log"));
        ResultSet slowdown = scenario("slowdown", point(WEBFLUX, good(21_000)), point(COROUTINES, good(21_100)));
        ResultSet spike = scenario("spike", point(WEBFLUX, good(8_500)), failed);

        Decision d = decide(Situation.FAILING_BACKEND, slowdown, spike);

        assertThat(d.sources()).extracting(Decision.Source::name).containsExactly("slowdown", "spike");
        assertThat(d.chosen()).containsExactly("app-webflux");
        assertThat(AnswerReport.decisions(List.of(entry(slowdown), entry(spike)), ""))
                .contains("spike failed");
    }

    @Test
    void aModelThatDidNotServeItsLoadIsNeverChosenWhateverItsOtherFigures() {
        // The pool's 60 good req/s beat the other's 40, but they are 24% of its ceiling and 30% of what it completed:
        // it did not serve the users. The other, held back by its CPU, answered every request it completed in time.
        ResultSet cpu = scenario(
                "cpu-5ms",
                point(POOL, run(20_000, 14_000, ErrorClass.TIMEOUT, tail(10_000, 10_001, 10_002))),
                point(VIRTUAL, good(4_000)));

        Decision d = decide(Situation.CPU_WORK, cpu);

        assertThat(d.chosen()).containsExactly("app-virtual");
        assertThat(AnswerReport.decisions(List.of(entry(cpu)), "")).contains("did not serve");
    }

    @Test
    void scenariosThatDisagreeChooseNobody() {
        ResultSet slowdown = scenario("slowdown", point(WEBFLUX, good(21_000)), point(VIRTUAL, good(17_000)));
        ResultSet faults = scenario("faults", point(WEBFLUX, good(7_000)), point(VIRTUAL, good(9_000)));

        Decision d = decide(Situation.FAILING_BACKEND, slowdown, faults);

        assertThat(d.measured()).isTrue();
        assertThat(d.chosen()).isEmpty();
    }

    @Test
    void aSituationWithoutItsScenariosIsNotMeasured() {
        Decision d = decide(Situation.FAN_OUT, scenario("compare", point(WEBFLUX, good(25_000))));

        assertThat(d.measured()).isFalse();
        assertThat(AnswerReport.decisions(List.of(entry(scenarioAt("compare", "."))), ""))
                .contains("fanout-4 not measured");
    }

    private static ResultSet scenarioAt(String name, String folder) {
        ResultSet s = scenario(name, point(WEBFLUX, good(25_000)), point(VIRTUAL, good(24_900)));
        Plan p = s.plan();
        return new ResultSet(
                new Plan(
                        p.name(),
                        p.about(),
                        p.kind(),
                        p.phases(),
                        p.backend(),
                        p.request(),
                        p.loads(),
                        p.runs(),
                        p.targets(),
                        p.cpus(),
                        folder),
                s.environment(),
                s.points());
    }

    /** The scenario's canonical run, in the folder its plan names. */
    private static AnswerReport.Entry entry(ResultSet s) {
        return new AnswerReport.Entry(s.plan().folder(), s.plan().folder() + "/summary.md", s);
    }

    @Test
    void sideBySideTheRoundsPairingDecidesWhereTheSlicesOwnRangesOverlap() {
        // The host slows by 10% a round, every target alike: WebFlux's slices spread 0.20-0.34 s / 1000 req and virtual
        // threads' 0.30-0.51, ranges that overlap; round by round virtual threads cost 1.5 times WebFlux's, and
        // coroutines 0.9 and 1.1 times it in turns, even with it.
        Map<Target, IntToDoubleFunction> costs = new LinkedHashMap<>();
        costs.put(WEBFLUX, round -> 0.20);
        costs.put(VIRTUAL, round -> 0.30);
        costs.put(COROUTINES, round -> round % 2 == 0 ? 0.18 : 0.22);
        ResultSet plain = scenario(
                "fast-backend",
                point(WEBFLUX, good(20_000)),
                point(VIRTUAL, good(20_000)),
                point(COROUTINES, good(20_000)));
        ResultSet interleaved = new ResultSet(
                plain.plan(), plain.environment(), plain.points(), Optional.of(SyntheticRuns.drifting(costs)));

        Decision d = decide(Situation.FAST_BACKEND, interleaved);

        assertThat(d.chosen()).containsExactlyInAnyOrder("app-webflux", "app-coroutines");
        assertThat(AnswerReport.decisions(List.of(entry(interleaved)), ""))
                .contains("app-webflux: **")
                .contains("app-coroutines: **")
                .contains("app-virtual: ")
                .doesNotContain("app-virtual: **");
    }
}
