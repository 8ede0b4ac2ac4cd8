package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.measure.Yardstick;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import org.junit.jupiter.api.Test;

/** results/README.md names a lead only among the models that served the load, and none for slow-server alone. */
class IndexReportTests {

    @Test
    void aModelWhoseUsersAllTimedOutLeadsOnNothing() {
        // At 150 req/s app-threadpool's every answer came too late; its CPU per request, near nothing, is no lead.
        ResultSet results = SweepFixtures.openResults(List.of(
                SweepFixtures.openPoint(SweepFixtures.DIRECT, 150, 149.0, 0, 4_000, 0, cpu(0.30)),
                SweepFixtures.openPoint(SweepFixtures.THREADPOOL, 150, 100.0, 0, 4_000, 3_000, cpu(0.01)),
                SweepFixtures.openPoint(SweepFixtures.WEBFLUX, 150, 149.0, 0, 4_000, 0, cpu(0.50)),
                SweepFixtures.openPoint(SweepFixtures.VIRTUAL, 150, 149.0, 0, 4_000, 0, cpu(0.90))));

        String index = IndexReport.render(List.of(new IndexReport.Entry("open-workload.md", results)));

        String row = index.lines()
                .filter(line -> line.startsWith("| [open]"))
                .findFirst()
                .orElseThrow();
        assertThat(row).contains("| **app-webflux** 0.50 |").doesNotContain("app-threadpool");
        assertThat(index)
                .contains("Only a model that served the load competes: good throughput at least 50% of its own "
                        + "ceiling, or that share of the requests it completed good");
    }

    @Test
    void aModelHeldBackByItsCpuFarBelowItsCeilingStillCompetes() {
        // A backend of milliseconds: Little's law allows 50,000 req/s, the app's one core a few thousand, all good.
        ResultSet results = SweepFixtures.openResults(List.of(
                SweepFixtures.openPoint(SweepFixtures.WEBFLUX, 150, 14.0, 0, 4_000, 0, cpu(0.10)),
                SweepFixtures.openPoint(SweepFixtures.VIRTUAL, 150, 7.0, 0, 4_000, 0, cpu(0.25))));

        String index = IndexReport.render(List.of(new IndexReport.Entry("open-workload.md", results)));

        assertThat(index).contains("| **app-webflux** 0.10 |").doesNotContain("none served");
    }

    @Test
    void aScenarioThatTimedTheCpuIsLedOnItsNormalisedCost() {
        // Raw, virtual looks cheaper (0.20 against 0.25); its window ran on a CPU twice as fast (0.5 ms against 1 ms
        // for the 1 ms yardstick), so per request on the same CPU it cost 0.40 against webflux's 0.25.
        ResultSet results = SweepFixtures.openResults(List.of(
                SweepFixtures.openPoint(
                        SweepFixtures.WEBFLUX,
                        150,
                        150.0,
                        0,
                        4_000,
                        0,
                        cpu(0.25).withSpeed(Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 1.0, 240)))),
                SweepFixtures.openPoint(
                        SweepFixtures.VIRTUAL,
                        150,
                        150.0,
                        0,
                        4_000,
                        0,
                        cpu(0.20).withSpeed(Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 0.5, 240))))));
        ResultSet untimed = SweepFixtures.openResults(List.of(
                SweepFixtures.openPoint(SweepFixtures.WEBFLUX, 150, 150.0, 0, 4_000, 0, cpu(0.25)),
                SweepFixtures.openPoint(SweepFixtures.VIRTUAL, 150, 150.0, 0, 4_000, 0, cpu(0.20))));

        assertThat(IndexReport.render(List.of(new IndexReport.Entry("open-workload.md", results))))
                .contains("| **app-webflux** 0.25 |");
        assertThat(IndexReport.render(List.of(new IndexReport.Entry("open-workload.md", untimed))))
                .contains("| **app-virtual** 0.20 |");
    }

    @Test
    void slowServerAloneHasNoLeadToName() {
        Plan alone = new Plan(
                Plan.Kind.SWEEP,
                TestPoints.phases(20, 10, SweepFixtures.WINDOW_SECONDS, 30),
                TestPoints.backend(5_000, 15_000),
                List.of(new LoadShape.Closed(500)),
                1,
                List.of(SweepFixtures.DIRECT));
        ResultSet results = new ResultSet(
                alone,
                SweepFixtures.ENVIRONMENT,
                List.of(SweepFixtures.sweepPoint(SweepFixtures.DIRECT, 500, 49.8, 5_000, 15_000, 0, cpu(0.1))));

        String index = IndexReport.render(List.of(new IndexReport.Entry("capacity/sweep.md", results)));

        String row = index.lines()
                .filter(line -> line.startsWith("| [sweep]"))
                .findFirst()
                .orElseThrow();
        assertThat(row).contains("| no apps | no apps |").doesNotContain("n/a");
    }

    private static ResourceCost cpu(double secondsPer1000) {
        return new ResourceCost(
                Optional.of(new ResourceUsage(1.0, 0.1, OptionalDouble.of(secondsPer1000), 300, 30, true)),
                Optional.empty(),
                Optional.empty());
    }
}
