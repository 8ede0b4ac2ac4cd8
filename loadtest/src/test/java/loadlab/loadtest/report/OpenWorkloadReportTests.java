package loadlab.loadtest.report;

import static loadlab.loadtest.report.SweepFixtures.ENVIRONMENT;
import static loadlab.loadtest.report.SweepFixtures.OPEN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class OpenWorkloadReportTests {

    private static List<Point> points;
    private static String markdown;

    @BeforeAll
    static void render() {
        points = SweepFixtures.open();
        markdown = OpenWorkloadReport.render(
                SweepFixtures.openResults(points), List.of(new ChartLink("charts/open-p99.png", "p99")));
    }

    private static List<String> rows() {
        String table = markdown.substring(markdown.indexOf("| Target | Offered (req/s) |"));
        return table.substring(0, table.indexOf("\n\n")).lines().skip(2).toList();
    }

    private static String row(String target, String rate) {
        return rows().stream()
                .filter(row -> row.startsWith("| " + target + " | " + rate + " |"))
                .findFirst()
                .orElseThrow();
    }

    private static int cells(String row) {
        return row.replace("\\|", "").split("\\|", -1).length - 2;
    }

    private static List<String> reading() {
        String section = markdown.substring(
                markdown.indexOf("## Who kept up, and where requests queue"), markdown.indexOf("## Charts"));
        return section.lines().filter(line -> line.startsWith("- ")).toList();
    }

    @Test
    void oneRowPerPointByTargetInRunOrderThenByRate() {
        assertThat(rows()).hasSize(points.size());
        assertThat(rows())
                .extracting(row -> row.split("\\|")[1].trim() + "@" + row.split("\\|")[2].trim())
                .containsExactly(
                        "direct@50.0",
                        "direct@100.0",
                        "direct@150.0",
                        "app-threadpool@50.0",
                        "app-threadpool@100.0",
                        "app-threadpool@150.0",
                        "app-webflux@50.0",
                        "app-webflux@100.0",
                        "app-webflux@150.0",
                        "app-virtual@50.0",
                        "app-virtual@100.0",
                        "app-virtual@150.0");
        assertThat(rows()).allSatisfy(row -> assertThat(cells(row)).isEqualTo(12));
    }

    @Test
    void theCeilingIsTheOfferedRateOrTheCapacityWhicheverIsLower() {
        // 20% of its 100 req/s are timeouts, so 80 good ones.
        assertThat(row("app-threadpool", "150.0"))
                .startsWith("| app-threadpool | 150.0 | 100.0 | 80.0 | 100.0 | ")
                .endsWith("| 10000 | 20.0 | timeout 600 | 0.16 |");
        assertThat(row("direct", "150.0")).startsWith("| direct | 150.0 | 149.3 | 149.3 | 150.0 | ");
    }

    @Test
    void aFailedRateKeepsItsRowMarkedFailedWithReasonAndLog() {
        assertThat(row("app-virtual", "150.0"))
                .isEqualTo("| app-virtual | 150.0 | **FAILED**: did not become ready in "
                        + "60 s (log: `results/raw/open/app-virtual-150.log`) | — | — | — | — | — | — | — | — | — |");
    }

    @Test
    void eachRateSaysWhoKeptUpAndWhoDidNotInNumbers() {
        assertThat(reading())
                .contains("- At 150.0 req/s offered: kept up (good throughput ≥ 95.5% of offered, under 1.0% "
                        + "errors, p99 within 10% of direct's 3960 ms): direct 149.3, app-webflux 149.3 req/s. Did not: "
                        + "app-threadpool 100.0 req/s, 80.0 of them good (53.3% of offered), p99 10000 ms (+153% on direct's), 20.0% errors (timeout 600). FAILED: app-virtual "
                        + "(did not become ready in 60 s, log: `results/raw/open/app-virtual-150.log`).");
        assertThat(reading().getFirst())
                .startsWith("- At 50.0 req/s offered: kept up (")
                .endsWith("direct 49.8, app-threadpool 49.8, app-webflux 49.8, app-virtual 49.8 req/s.");
    }

    @Test
    void aShortfallThatRandomArrivalsExplainStillKeepsUp() {
        // 80 req/s over 30 s: 2400 ± 49 arrivals, so 2328 (97%) is 1.5 standard deviations short, chance.
        Plan eighty = new Plan(
                Plan.Kind.OPEN,
                OPEN.phases(),
                OPEN.backend(),
                List.of(new LoadShape.Open(80, 400)),
                1,
                List.of(SweepFixtures.DIRECT, SweepFixtures.WEBFLUX));
        List<Point> points = List.of(
                SweepFixtures.openPoint(SweepFixtures.DIRECT, 80, 80.7, 0, 4_000, 0, ResourceCost.NONE),
                SweepFixtures.openPoint(SweepFixtures.WEBFLUX, 80, 77.6, 0, 4_000, 0, ResourceCost.NONE));

        String rendered = OpenWorkloadReport.render(new ResultSet(eighty, ENVIRONMENT, points), List.of());

        assertThat(rendered)
                .contains(
                        "- At 80.0 req/s offered: kept up (good throughput ≥ 93.9% of offered",
                        "direct 80.7, app-webflux 77.6 req/s.",
                        "up to 3 √n short still counts (e.g. 93.9% at 80.0 req/s)");
        assertThat(rendered).doesNotContain("Did not");
    }

    @Test
    void theFloorOfKeepingUpIsTheLowerOfTheFixedShareAndChance() {
        assertThat(Verdicts.keptUpFloor(80, 30)).isCloseTo((2400 - 3 * Math.sqrt(2400)) / 30, within(1e-9));
        // So many arrivals that chance is under 2%: the fixed share decides.
        assertThat(Verdicts.keptUpFloor(10_000, 30)).isCloseTo(9_800, within(1e-9));
    }

    @Test
    void theOverloadedThreadPoolIsFlaggedWithItsQueueAndTimeouts() {
        assertThat(reading())
                .contains("- app-threadpool at 150.0 req/s offered is above its capacity of 100.0 req/s "
                        + "(200 threads / 2.0 s): it completed 100.0 req/s, 80.0 of them successfully, and the other 50.0 req/s "
                        + "queue; p99 10000 ms against "
                        + "direct's 3960 ms at the same rate, 20.0% errors (timeout 600): requests that waited past the 10 s "
                        + "response timeout.");
        assertThat(reading().getLast()).startsWith("- A closed loop hides this queue");
    }

    @Test
    void queueingAtCapacityShowsInTheTailBeforeThroughputSuffers() {
        assertThat(reading())
                .contains("- app-threadpool at 100.0 req/s offered is within its capacity of 100.0 req/s, "
                        + "yet its p99 is 5941 ms against direct's 3961 ms: on average 100.0 × 2.0 s = 200 requests are in "
                        + "flight for its 200 threads (100.0% busy), so bursts wait for a thread.");
        assertThat(reading())
                .anyMatch(
                        line -> line.startsWith("- At 100.0 req/s offered:")
                                && line.contains(
                                        "Did not: app-threadpool 99.0 req/s (99.0% of offered), p99 5941 ms (+50% on direct's)."));
    }

    @Test
    void aRateBeyondTheLoadGeneratorsThreadsIsBlamedOnTheGeneratorNotTheModel() {
        Plan fast = new Plan(
                Plan.Kind.OPEN,
                OPEN.phases(),
                OPEN.backend(),
                List.of(new LoadShape.Open(250, 400)),
                1,
                List.of(SweepFixtures.DIRECT));
        Point direct = SweepFixtures.openPoint(SweepFixtures.DIRECT, 250, 199.0, 0, 4_000, 0, ResourceCost.NONE);

        String rendered = OpenWorkloadReport.render(new ResultSet(fast, ENVIRONMENT, List.of(direct)), List.of());

        assertThat(rendered)
                .contains("- direct at 250.0 req/s offered is above what the load generator's 400 threads "
                        + "allow (400 / 2.0 s = 200.0 req/s), so here the load generator, not the model, is the bound: it "
                        + "completed 199.0 req/s, and the other 51.0 req/s could not even be sent on time; p99 ");
    }

    @Test
    void sectionsComeInOrderWithScenarioEnvironmentChartsAndTheFooter() {
        assertThat(markdown).startsWith("# Open workload (fixed arrival rate)\n\n## Scenario\n");
        List<String> order = List.of(
                "## Scenario",
                "## Environment",
                "## Results",
                "## Who kept up, and where requests queue",
                "## Charts",
                "## Method");
        for (int i = 1; i < order.size(); i++) {
            assertThat(markdown.indexOf(order.get(i - 1))).isLessThan(markdown.indexOf(order.get(i)));
        }
        assertThat(markdown)
                .contains(
                        "fixed rate of 50.0, 100.0, 150.0 req/s",
                        "at most 400 requests in flight",
                        "measured window 30 s",
                        "Cores: 2",
                        "![p99](charts/open-p99.png)",
                        "400 / 2.0 s = 200.0 req/s without a thread limit and 200 / 2.0 s = 100.0 req/s with 200 threads");
        assertThat(markdown).endsWith(Sections.FOOTER);
    }
}
