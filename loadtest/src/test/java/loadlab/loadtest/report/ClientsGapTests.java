package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The README's clients block on a synthetic clients run whose ratios are known. */
class ClientsGapTests {

    private static final Target WEBFLUX_REACTOR =
            Target.app("webflux").orElseThrow().withClient("reactor");
    private static final Target VIRTUAL_JDK =
            Target.app("virtual").orElseThrow().withClient("jdk");
    private static final Target VIRTUAL_REACTOR =
            Target.app("virtual").orElseThrow().withClient("reactor");

    private static ResultSet clientsRun(boolean interleaved) {
        // The host slows by 10% a round; virtual threads on the JDK client cost 1.4 times WebFlux's in every round, and
        // on Reactor Netty 0.95 and 1.05 times it in turns.
        List<SliceFigures> slices = new ArrayList<>();
        long at = 1_700_000_000_000L;
        for (int round = 0; round < 8; round++) {
            double drift = 1 + 0.1 * round;
            Map<Target, Double> costs = Map.of(
                    WEBFLUX_REACTOR, 0.5 * drift,
                    VIRTUAL_JDK, 0.7 * drift,
                    VIRTUAL_REACTOR, (round % 2 == 0 ? 0.475 : 0.525) * drift);
            for (Target target : List.of(WEBFLUX_REACTOR, VIRTUAL_JDK, VIRTUAL_REACTOR)) {
                slices.add(new SliceFigures(
                        round,
                        target.name(),
                        at,
                        at + 5_000,
                        at + 15_000,
                        2_500,
                        2_500,
                        OptionalDouble.of(costs.get(target)),
                        OptionalDouble.of(0.3 * drift)));
                at += 15_000;
            }
        }
        List<Target> targets = List.of(Target.DIRECT, WEBFLUX_REACTOR, VIRTUAL_JDK, VIRTUAL_REACTOR);
        Plan plan = new Plan(
                ClientsGap.SCENARIO,
                "a synthetic clients run",
                Plan.Kind.COMPARISON,
                TestPoints.phases(5, 10, 60, 10),
                TestPoints.backend(0, 4_000),
                Request.PROXY,
                List.of(SyntheticRuns.LOAD),
                1,
                targets,
                CpuPinning.none(2),
                ClientsGap.SCENARIO);
        List<Point> points = targets.stream()
                .map(t -> TestPoints.measured(
                        t,
                        SyntheticRuns.LOAD,
                        1,
                        SyntheticRuns.run(25_000, 0, ErrorClass.TIMEOUT, SyntheticRuns.tail(3800, 3960, 4000)),
                        ResourceCost.NONE))
                .toList();
        return new ResultSet(
                plan,
                TestPoints.ENVIRONMENT,
                points,
                interleaved ? Optional.of(new SideBySide(8, 15, 5, 7, slices)) : Optional.empty());
    }

    private static String block(ResultSet results) {
        return ClientsGap.render(
                List.of(new AnswerReport.Entry(
                        results.plan().folder(), results.plan().folder() + "/summary.md", results)),
                "results/");
    }

    @Test
    void theModelsOnTheirOwnClientsAndOnTheSameOneAreSetApartByTheRoundsRatios() {
        String block = block(clientsRun(true));

        assertThat(block)
                .contains("[the clients run](results/clients/summary.md)")
                .contains("| app-virtual+jdk over app-webflux+reactor | 1.40 (1.40–1.40) | more |")
                .contains("| app-virtual+reactor over app-webflux+reactor | 1.00 (")
                .contains("| even |")
                // No run had WebFlux on the JDK client: that row is left out, not shown empty.
                .doesNotContain("app-webflux+jdk");
    }

    @Test
    void withoutAnInterleavedClientsRunTheBlockSaysHowToMakeOne() {
        assertThat(block(clientsRun(false)))
                .contains("No interleaved `clients` run")
                .contains("make compare SCENARIO=clients");
    }
}
