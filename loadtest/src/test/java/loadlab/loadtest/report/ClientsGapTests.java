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
    private static final Target WEBFLUX_JETTY =
            Target.app("webflux").orElseThrow().withClient("jetty");
    private static final Target VIRTUAL_JETTY =
            Target.app("virtual").orElseThrow().withClient("jetty");

    private static ResultSet clientsRun(boolean interleaved) {
        // The host slows by 10% a round; virtual threads on the JDK client cost 1.4 times WebFlux's in every round, and
        // on Reactor Netty 0.95 and 1.05 times it in turns; both on Jetty's client, virtual threads cost 1.1 times.
        Map<Target, IntToDoubleFunction> costs = new LinkedHashMap<>();
        costs.put(WEBFLUX_REACTOR, round -> 0.5);
        costs.put(VIRTUAL_JDK, round -> 0.7);
        costs.put(VIRTUAL_REACTOR, round -> round % 2 == 0 ? 0.475 : 0.525);
        costs.put(WEBFLUX_JETTY, round -> 0.6);
        costs.put(VIRTUAL_JETTY, round -> 0.66);
        List<Target> targets =
                List.of(Target.DIRECT, WEBFLUX_REACTOR, VIRTUAL_JDK, VIRTUAL_REACTOR, WEBFLUX_JETTY, VIRTUAL_JETTY);
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
        return block(List.of(results));
    }

    private static String block(List<ResultSet> runs) {
        return ClientsGap.render(
                runs.stream()
                        .map(results -> new AnswerReport.Entry(
                                results.plan().folder(),
                                results.plan().folder() + "/" + results.plan().kind().fileName + ".md",
                                results))
                        .toList(),
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
                .contains("| app-virtual+jetty over app-webflux+jetty | 1.10 (1.10–1.10) | more |")
                // The shipped 40% split by each same-client ratio: on Reactor Netty the models are even (none of the
                // gap remains), on Jetty's client 10 of the 40 points do.
                .contains("As the apps ship, app-virtual+jdk costs 40% more CPU per request than app-webflux+reactor"
                        + " (1.40, 1.40–1.40).")
                .contains("With both models on `reactor` (1.00, ")
                .contains(": even), none of those points remain: the whole gap is the clients'.")
                .contains("With both models on `jetty` (1.10, 1.10–1.10), 10 of those points remain (25% of the gap):"
                        + " that much is the model's; the other 30 (75%) are the clients'.")
                // No run had WebFlux on the JDK client: that row is left out, not shown empty.
                .doesNotContain("app-webflux+jdk");
    }

    @Test
    void withoutAnInterleavedClientsRunTheBlockSaysHowToMakeOne() {
        assertThat(block(clientsRun(false)))
                .contains("No interleaved `clients` run")
                .contains("make compare SCENARIO=clients");
    }

    @Test
    void theHeapTablesGiveEachTargetAndEachPairByOwner() {
        String block = block(List.of(clientsRun(true), ClientsConnectionsRun.results()));

        assertThat(block)
                .contains("[the clients-connections run](results/clients-connections/sweep.md) (1,000 users, backend"
                        + " 5..15 s; one run per target")
                // Per 1,000 waiting: the full collections' figure, then the histograms' total and their parts.
                .contains("| app-virtual+jdk | 140.0 | 135.0 | 90.0 | 15.0 | 10.0 | 0.0 | 0.0 | 20.0 |")
                .contains("| app-webflux+reactor | 20.0 | 19.0 | 0.0 | 2.0 | 4.0 | 7.0 | 0.0 | 6.0 |")
                .contains("| app-webflux+jdk | 35.0 | n/a | n/a | n/a | n/a | n/a | n/a | n/a |")
                // The failed target is no figure.
                .doesNotContain("app-coroutines+reactor");
        // A minus B, part by part where both have histograms.
        assertThat(block)
                .contains("| app-virtual+jdk minus app-webflux+reactor | +120.0 | 7.00 | +90.0 | +13.0 | +6.0 | -7.0"
                        + " | 0.0 | +14.0 |")
                .contains("| app-virtual+reactor minus app-webflux+reactor | +100.0 | 6.00 | n/a |")
                .contains("| app-virtual+jdk minus app-webflux+jdk | +105.0 | 4.00 | n/a |")
                .doesNotContain("app-virtual+simple minus");
    }

    @Test
    void theShippedHeapGapSplitsIntoTheModelsPartAndTheClientsWithTheClientHeldEqual() {
        String block = block(List.of(ClientsConnectionsRun.results()));

        // 140 - 20 as shipped; 120 - 20 with both on Reactor Netty, 140 - 35 with both on the JDK client.
        assertThat(block)
                .contains("As the apps ship, app-virtual+jdk holds 120.0 MiB more per 1,000 waiting requests than"
                        + " app-webflux+reactor. With both models on `reactor`, 100.0 MiB (83%) of it remains: that"
                        + " much is the model's; the other 20.0 MiB (17%) is the clients'. With both models on `jdk`,"
                        + " 105.0 MiB (88%) of it remains: that much is the model's; the other 15.0 MiB (13%) is the"
                        + " clients'.\n")
                // Each half stands alone: no clients run here, so the CPU half says how to make one.
                .contains("No interleaved `clients` run");
    }

    @Test
    void withoutAClientsConnectionsRunTheHeapHalfSaysHowToMakeOne() {
        assertThat(block(clientsRun(true)))
                .contains("| app-virtual+jdk over app-webflux+reactor | 1.40 (1.40–1.40) | more |")
                .contains("No `clients-connections` run has been measured")
                .contains("make compare SCENARIO=clients-connections")
                .doesNotContain("Heap per waiting request");
    }
}
