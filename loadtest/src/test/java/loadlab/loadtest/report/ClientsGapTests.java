package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntToDoubleFunction;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
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
        Map<Target, IntToDoubleFunction> costs = new LinkedHashMap<>();
        costs.put(WEBFLUX_REACTOR, round -> 0.5);
        costs.put(VIRTUAL_JDK, round -> 0.7);
        costs.put(VIRTUAL_REACTOR, round -> round % 2 == 0 ? 0.475 : 0.525);
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
                interleaved ? Optional.of(SyntheticRuns.drifting(costs)) : Optional.empty());
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
