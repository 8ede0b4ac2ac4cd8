package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class SweepReportTests {

    private static List<Point> points;
    private static String markdown;

    @BeforeAll
    static void render() {
        points = SweepFixtures.sweep();
        markdown = SweepReport.render(
                SweepFixtures.sweepResults(points),
                List.of(new ChartLink("charts/sweep-throughput.png", "Throughput")));
    }

    private static List<String> rows() {
        String table = markdown.substring(markdown.indexOf("| Target | Users |"));
        return table.substring(0, table.indexOf("\n\n")).lines().skip(2).toList();
    }

    private static String row(String target, int users) {
        return rows().stream()
                .filter(row -> row.startsWith("| " + target + " | " + users + " |"))
                .findFirst()
                .orElseThrow();
    }

    private static int cells(String row) {
        return row.replace("\\|", "").split("\\|", -1).length - 2;
    }

    private static String reading(String target) {
        String section =
                markdown.substring(markdown.indexOf("## Where each model saturates"), markdown.indexOf("## Charts"));
        return section.lines()
                .filter(line -> line.startsWith("- " + target + " "))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void oneRowPerPointByTargetInRunOrderThenByUsers() {
        assertThat(rows()).hasSize(points.size());
        assertThat(rows())
                .extracting(row -> row.split("\\|")[1].trim() + "@" + row.split("\\|")[2].trim())
                .containsExactly(
                        "direct@100",
                        "direct@250",
                        "direct@500",
                        "direct@1000",
                        "direct@2000",
                        "app-threadpool@100",
                        "app-threadpool@250",
                        "app-threadpool@500",
                        "app-threadpool@1000",
                        "app-threadpool@2000",
                        "app-webflux@100",
                        "app-webflux@250",
                        "app-webflux@500",
                        "app-webflux@1000",
                        "app-webflux@2000",
                        "app-virtual@100",
                        "app-virtual@250",
                        "app-virtual@500",
                        "app-virtual@1000",
                        "app-virtual@2000");
        assertThat(rows()).allSatisfy(row -> assertThat(cells(row)).isEqualTo(12));
    }

    @Test
    void aRowCarriesThroughputGoodCeilingEfficiencyLatencyErrorsAndCost() {
        // 2940 requests in 30 s, 1029 of them timeouts: 1911 good ones, and efficiency counts only those.
        assertThat(row("app-threadpool", 2000))
                .startsWith("| app-threadpool | 2000 | 98.0 | 63.7 | 100.0 | 63.7 | ")
                .endsWith("| 10000 | 35.0 | timeout 1029 | 0.20 | 231 |");
        assertThat(row("direct", 2000)).startsWith("| direct | 2000 | 990.0 | 990.0 | 1000.0 | 99.0 | ");
        // Not sampled is n/a, never a zero.
        assertThat(row("app-virtual", 500)).endsWith("| 0.0 | 0 | n/a | n/a |");
    }

    @Test
    void aFailedLevelKeepsItsRowMarkedFailedWithReasonAndLog() {
        assertThat(row("app-virtual", 1000))
                .isEqualTo(
                        "| app-virtual | 1000 | **FAILED**: exited with code 137 during "
                                + "the run (log: `results/raw/sweep/app-virtual-1000.log`) | — | — | — | — | — | — | — | — | — |");
    }

    @Test
    void theThreadPoolSaturatesAtTheLevelWhereItsQueueOutlastsTheTimeout() {
        assertThat(reading("app-threadpool"))
                .startsWith(
                        "- app-threadpool holds at least 90% of its ceiling up to "
                                + "1000 users (99.7 of 100.0 req/s, 99.7%); at 2000 users it has 35.0% errors (timeout 1029): of the "
                                + "98.0 req/s it completed, 63.7 of 100.0 req/s (63.7% of its ceiling) succeeded. Why: timeouts, as the thread limit predicts (2000 users / "
                                + "200 threads × 2.0 s = 20.0 s of queueing and backend per request, over the 10 s response timeout).");
    }

    @Test
    void theThreadPoolsCeilingIsFlatAtItsThreadsOverTheDelay() {
        assertThat(reading("app-threadpool"))
                .contains("Thread limit: with more users than its 200 threads its ceiling "
                        + "is flat at 200 / 2.0 s = 100.0 req/s; from 250 to 2000 users its good throughput went 99.5 → 99.6 → "
                        + "99.7 → 63.7 req/s and p99 ")
                .endsWith(" ms → 10000 ms: more users only wait longer for a thread, and "
                        + "once that wait passes the 10 s timeout its threads still serve queued requests whose users have "
                        + "given up, so fewer of its answers arrive in time.");
    }

    @Test
    void aModelShortOfItsCeilingWithBothCoresBusyIsCalledCpuBound() {
        assertThat(reading("app-webflux"))
                .isEqualTo("- app-webflux holds at least 90% of its ceiling up to 1000 users "
                        + "(492.5 of 500.0 req/s, 98.5%); at 2000 users it falls short: 700.0 of 1000.0 req/s (70.0% "
                        + "of its ceiling). Why: CPU (app-webflux used 1.85 of the machine's 2 cores).");
    }

    @Test
    void aFailedLevelIsTheFirstShortfallWithItsReasonAndALaterRecoveryIsSaid() {
        assertThat(reading("app-virtual"))
                .isEqualTo("- app-virtual holds at least 90% of its ceiling up to 500 users "
                        + "(247.5 of 250.0 req/s, 99.0%); at 1000 users it FAILED: exited with code 137 during the run "
                        + "(log: `results/raw/sweep/app-virtual-1000.log`). It held again at 2000 users.");
    }

    @Test
    void aModelThatHoldsEverywhereSaysSoWithItsTopLevel() {
        assertThat(reading("direct"))
                .isEqualTo("- direct holds at least 90% of its ceiling at every level, up to 2000 "
                        + "users (990.0 of 1000.0 req/s, 99.0%).");
    }

    @Test
    void timeoutsWithinWhatTheQueuePredictsAreNotBlamedOnIt() {
        Point early = SweepFixtures.sweepPoint(SweepFixtures.THREADPOOL, 250, 99.0, 0, 4_000, 297, ResourceCost.NONE);

        String line = SweepReport.render(SweepFixtures.sweepResults(List.of(early)), List.of());

        assertThat(line)
                .contains(
                        "app-threadpool already at its first level, 250 users, has 10.0% errors "
                                + "(timeout 297): of the 99.0 req/s it completed, 89.1 of 100.0 req/s (89.1% of its ceiling) "
                                + "succeeded.",
                        "Why: timeouts that the thread limit "
                                + "alone does not predict (250 users / 200 threads × 2.0 s = 2.5 s per request is well within the 10 s "
                                + "response timeout; p99 10000 ms).");
    }

    @Test
    void aQueueWhoseMeanReachesTheTimeoutPredictsTimeouts() {
        // 1000 users on 200 threads at 2 s: 10 s per request on average, at the timeout, so the slower half exceed it.
        Point atTimeout =
                SweepFixtures.sweepPoint(SweepFixtures.THREADPOOL, 1000, 105.5, 0, 4_000, 1177, ResourceCost.NONE);

        String line = SweepReport.render(SweepFixtures.sweepResults(List.of(atTimeout)), List.of());

        assertThat(line)
                .contains("Why: timeouts, as the thread limit predicts (1000 users / 200 threads × 2.0 s = "
                        + "10.0 s of queueing and backend per request on average, so close to the 10 s response timeout that "
                        + "the slower requests exceed it;");
    }

    @Test
    void timeoutsThatCarryThroughputPastTheCeilingAreNotCountedAsGood() {
        // 2000 users timing out every 10 s complete about 200 req/s whatever the pool does; 93% of them are timeouts.
        Point overloaded =
                SweepFixtures.sweepPoint(SweepFixtures.THREADPOOL, 2000, 200.0, 0, 4_000, 5_580, ResourceCost.NONE);

        String report = SweepReport.render(SweepFixtures.sweepResults(List.of(overloaded)), List.of());

        assertThat(report)
                .contains(
                        "| app-threadpool | 2000 | 200.0 | 14.0 | 100.0 | 14.0 | ",
                        "of the 200.0 req/s it completed, 14.0 of 100.0 req/s (14.0% of its ceiling) succeeded",
                        "Throughput can pass the ceiling while Good falls",
                        "Efficiency = good / ceiling");
    }

    @Test
    void aShortfallNothingExplainsIsNotGivenAnInventedCause() {
        Point slow =
                SweepFixtures.sweepPoint(SweepFixtures.WEBFLUX, 500, 150.0, 0, 4_000, 0, SweepFixtures.cost(0.4, 27));

        assertThat(SweepReport.render(SweepFixtures.sweepResults(List.of(slow)), List.of()))
                .contains("app-webflux already at its first "
                        + "level, 500 users, falls short: 150.0 of 250.0 req/s (60.0% of its ceiling). Why: not the thread "
                        + "limit, CPU or errors, as far as these figures go (no errors, app-webflux 0.40 + load generator 0.05 "
                        + "= 0.45 of the machine's 2 cores, p99 ");
    }

    @Test
    void sectionsComeInOrderWithScenarioEnvironmentChartsAndTheFooter() {
        assertThat(markdown).startsWith("# Concurrency sweep\n\n## Scenario\n");
        List<String> order = List.of(
                "## Scenario",
                "## Environment",
                "## Results",
                "## Where each model saturates",
                "## Charts",
                "## Method");
        for (int i = 1; i < order.size(); i++) {
            assertThat(markdown.indexOf(order.get(i - 1))).isLessThan(markdown.indexOf(order.get(i)));
        }
        assertThat(markdown)
                .contains(
                        "closed-loop users at 100, 250, 500, 1000, 2000, each level a run of its own",
                        "response timeout 10 s",
                        "0..4000 ms per request (mean 2000 ms)",
                        "Targets, in run order: direct, app-threadpool, app-webflux, app-virtual",
                        "Cores: 2, memory: 7.8 GiB",
                        "`make sweep`",
                        "![Throughput](charts/sweep-throughput.png)",
                        "2000 / 2.0 s = 1000.0 req/s without a thread limit and 200 / 2.0 s = 100.0 req/s with 200 threads");
        assertThat(markdown).endsWith(Sections.FOOTER);
    }

    @Test
    void withEnginesTheLoadGeneratorTableHasEachEnginesMostAtEachLevelAndWithoutThemItIsAsBefore() {
        // An engine on this machine read at every point, the most of it on app-threadpool; one that could not be read.
        List<Point> fromEngines = points.stream()
                .map(p -> p.failed()
                        ? p
                        : p.withCost(p.cost()
                                .withEngines(List.of(
                                        SweepFixtures.engine(
                                                "127.0.0.2:1099", p.target() == SweepFixtures.THREADPOOL ? 0.4 : 0.3),
                                        EngineUsage.unread("192.0.2.20:1099", false)))))
                .toList();

        String withEngines = SweepReport.render(SweepFixtures.sweepResults(fromEngines), List.of());

        assertThat(generatorTable(markdown))
                .startsWith("| Users | Cores (avg) | Peak threads | Peak heap (MiB) | Peak RSS (MiB) |\n")
                .contains("| 100 | 0.05 | 520 | n/a | 900 |\n");
        assertThat(markdown).doesNotContain(EngineRows.COLUMN);
        assertThat(generatorTable(withEngines))
                .startsWith("| Users | JMeter in | Cores (avg) | Peak threads | Peak heap (MiB) | Peak RSS (MiB) |\n")
                .contains("| 100 | runner | 0.05 | 520 | n/a | 900 |\n"
                        + "| 100 | 127.0.0.2:1099 | 0.40 of 2 | 287 | 198 of 6144 | 412 |\n"
                        + "| 100 | 192.0.2.20:1099 | n/a | n/a | n/a | n/a |\n")
                .contains("| 2000 | 127.0.0.2:1099 | 0.40 of 2 | 287 | 198 of 6144 | 412 |\n");
        assertThat(withEngines).contains("read once a second from the engine's own RMI registry");
    }

    /** The load generator section's table. */
    private static String generatorTable(String report) {
        String section = report.substring(report.indexOf("## Load generator"));
        String table = section.substring(section.indexOf("| "));
        return table.substring(0, table.indexOf("\n\n") + 1);
    }

    @Test
    void withoutChartsThereIsNoChartsSection() {
        assertThat(SweepReport.render(SweepFixtures.sweepResults(points), List.of()))
                .doesNotContain("## Charts");
    }

    @Test
    void noPointsAtAllStillRenders() {
        String empty = SweepReport.render(SweepFixtures.sweepResults(List.of()), List.of());

        assertThat(empty).contains("- direct has no levels in this sweep.").endsWith(Sections.FOOTER);
    }
}
