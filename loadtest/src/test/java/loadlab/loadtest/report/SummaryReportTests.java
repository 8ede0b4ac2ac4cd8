package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.Stream;
import loadlab.loadtest.measure.AddedLatency;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.PerSecond;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.measure.Yardstick;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class SummaryReportTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(10, 10, 30, 10);
    private static final LoadShape LOAD = new LoadShape.Closed(500);
    private static final MeasurementWindow WINDOW = TestPoints.window(PHASES, T0);
    private static final Environment ENVIRONMENT = new Environment(
            "2025-06-01T10:00:00+02:00",
            "make loadtest USERS=500",
            "4a87ca4",
            "Eclipse Adoptium 25.0.1+8-LTS",
            "Linux 6.8.0 (amd64)",
            2,
            "23.4 GiB",
            "-Xmx512m -XX:+UseG1GC",
            "max heap 6.0 GiB, flags -Xmx6g");

    private static final Target THREADPOOL = Target.app("threadpool").orElseThrow();
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    private static final Target COROUTINES = Target.app("coroutines").orElseThrow();
    private static final Target THREADPOOL_400 = Target.app("threadpool-400").orElseThrow();

    private static final Point DIRECT = measured(
            Target.DIRECT,
            stats(
                    7_470,
                    249.0,
                    new ResponseTimes(2_010.4, 3, 1_998, 3_600, 3_800, 3_962, 4_008),
                    Map.of(),
                    500,
                    250.0,
                    99.6,
                    new AddedLatency(7_470, 1.24, 4)));
    private static final Point THREADPOOL_RESULT = measured(
            THREADPOOL,
            stats(
                    2_990,
                    99.7,
                    new ResponseTimes(4_812.3, 5, 4_800, 7_000, 7_900, 8_200, 10_004),
                    Map.of(ErrorClass.TIMEOUT, 30, ErrorClass.NON_2XX, 1),
                    200,
                    100.0,
                    99.7,
                    new AddedLatency(2_959, 2_803.5, 6_100)));
    private static final Point VIRTUAL_RESULT = measured(
            VIRTUAL,
            stats(
                    7_440,
                    248.0,
                    new ResponseTimes(2_015.0, 4, 2_001, 3_605, 3_805, 3_970, 4_020),
                    Map.of(),
                    500,
                    250.0,
                    99.2,
                    new AddedLatency(7_440, 3.44, 12)));
    private static final Point WEBFLUX_FAILED = failed(
            WEBFLUX,
            "exited with code 1 before it was ready:\nPort 8083 was already in use",
            Path.of("results/raw/app-webflux.log"));
    private static final Point COROUTINES_RESULT = measured(
            COROUTINES,
            stats(
                    7_000,
                    233.3,
                    new ResponseTimes(2_140.0, 9, 2_100, 3_700, 3_900, 4_100, 4_300),
                    Map.of(),
                    500,
                    250.0,
                    93.3,
                    new AddedLatency(7_000, 9.8, 55)));
    private static final Point THREADPOOL_400_RESULT = measured(
            THREADPOOL_400,
            stats(
                    6_000,
                    200.0,
                    new ResponseTimes(2_500.0, 4, 2_400, 3_900, 4_100, 4_500, 5_000),
                    Map.of(),
                    400,
                    200.0,
                    100.0,
                    new AddedLatency(6_000, 480.2, 900)));

    private static final List<Point> APPS =
            List.of(THREADPOOL_RESULT, VIRTUAL_RESULT, WEBFLUX_FAILED, COROUTINES_RESULT, THREADPOOL_400_RESULT);

    private static RunStats stats(
            int requests,
            double throughput,
            ResponseTimes times,
            Map<ErrorClass, Integer> errors,
            int concurrency,
            double ceiling,
            double efficiency,
            AddedLatency added) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
        for (ErrorClass errorClass : ErrorClass.values()) {
            byClass.put(errorClass, errors.getOrDefault(errorClass, 0));
        }
        int errorCount = byClass.values().stream().mapToInt(Integer::intValue).sum();
        return new RunStats(
                WINDOW,
                requests,
                throughput,
                Optional.of(times),
                errorCount,
                100.0 * errorCount / requests,
                byClass,
                ceiling,
                efficiency,
                Optional.of(added));
    }

    private static Point measured(Target target, RunStats stats) {
        return TestPoints.measured(target, LOAD, stats);
    }

    private static Point failed(Target target, String reason, Path log) {
        return TestPoints.failed(target, LOAD, reason, log);
    }

    private static String render(Point direct, List<Point> apps) {
        return render(direct, apps, Map.of());
    }

    /** The report of direct and the apps, each with its cost from {@code costs} (none when absent). */
    private static String render(Point direct, List<Point> apps, Map<Target, ResourceCost> costs) {
        List<Point> points = Stream.concat(Stream.of(direct), apps.stream())
                .map(p -> p.withCost(costs.getOrDefault(p.target(), ResourceCost.NONE)))
                .toList();
        Plan plan = TestPoints.comparison(
                500,
                PHASES,
                TestPoints.backend(0, 4_000),
                1,
                apps.stream().map(Point::target).toList());
        return SummaryReport.render(new ResultSet(plan, ENVIRONMENT, points), List.of());
    }

    private static String render() {
        return render(DIRECT, APPS);
    }

    /** The data rows of the n-th table (0-based): lines starting with "| " after the separator. */
    private static List<String> rowsOfTable(String markdown, int index) {
        String[] tables = markdown.split("\n\n");
        List<String> found = Arrays.stream(tables)
                .filter(block -> block.startsWith("| Target |") || block.startsWith("| Load generator during |"))
                .toList();
        return found.get(index).lines().skip(2).toList();
    }

    private static int cells(String row) {
        return row.replace("\\|", "").split("\\|", -1).length - 2;
    }

    @Test
    void bothTablesHaveOneRowPerTargetInRunOrderWithDirectFirst() {
        String markdown = render();

        for (int table = 0; table < 2; table++) {
            assertThat(rowsOfTable(markdown, table))
                    .extracting(row -> row.split("\\|")[1].trim())
                    .containsExactly(
                            "direct",
                            "app-threadpool",
                            "app-virtual",
                            "app-webflux",
                            "app-coroutines",
                            "app-threadpool-400");
        }
    }

    @Test
    void everyRowHasAsManyCellsAsItsHeaderFailedOnesIncluded() {
        String markdown = render();

        assertThat(rowsOfTable(markdown, 0))
                .allSatisfy(row -> assertThat(cells(row)).isEqualTo(10));
        assertThat(rowsOfTable(markdown, 1))
                .allSatisfy(row -> assertThat(cells(row)).isEqualTo(9));
    }

    @Test
    void classicColumnsAreFormatted() {
        assertThat(rowsOfTable(render(), 0).get(1))
                .isEqualTo(
                        "| app-threadpool | Tomcat, 200 threads, blocking RestClient | 200 | 2990 | 99.7 | 4812 | 5 | 7000 | 10004 | 1.0 |");
        assertThat(rowsOfTable(render(), 0).get(0))
                .contains("| direct | slow-server, no app in between | none | 7470 | 249.0 |");
    }

    @Test
    void deeperColumnsAreFormatted() {
        assertThat(rowsOfTable(render(), 1).get(1))
                .isEqualTo(
                        "| app-threadpool | 4800 | 7900 | 8200 | 100.0 | 99.7 | 2803.5 | 6100 | timeout 30, non-2xx 1 |");
        assertThat(rowsOfTable(render(), 1).get(2)).endsWith("| 3.4 | 12 | 0 |");
    }

    @Test
    void aFailedTargetKeepsItsRowMarkedFailedWithReasonAndLog() {
        String markdown = render();

        assertThat(rowsOfTable(markdown, 0).get(3))
                .startsWith("| app-webflux | Netty, WebClient | none | **FAILED**: exited with code 1 before it "
                        + "was ready: Port 8083 was already in use (log: `results/raw/app-webflux.log`)");
        assertThat(rowsOfTable(markdown, 1).get(3)).startsWith("| app-webflux | **FAILED** |");
        assertThat(markdown).contains("app-webflux FAILED and has no numbers: exited with code 1");
    }

    @Test
    void aReasonWithAPipeDoesNotBreakTheTable() {
        Point failed = failed(WEBFLUX, "grep | wc said 0", Path.of("x.log"));

        String markdown = render(DIRECT, List.of(failed));

        assertThat(rowsOfTable(markdown, 0).get(1)).contains("grep \\| wc said 0");
        assertThat(cells(rowsOfTable(markdown, 0).get(1))).isEqualTo(10);
    }

    @Test
    void scenarioAndEnvironmentComeFirstWithEveryField() {
        String markdown = render();
        String beforeResults = markdown.substring(0, markdown.indexOf("## Results"));

        assertThat(beforeResults)
                .contains(
                        "500 closed-loop users",
                        "ramp-up 10 s",
                        "warm-up 10 s",
                        "measured window 30 s",
                        "response timeout 10 s",
                        "0..4000 ms",
                        "mean 2000 ms",
                        "direct, app-threadpool, app-virtual, app-webflux, app-coroutines, app-threadpool-400");
        assertThat(beforeResults)
                .contains(
                        "2025-06-01T10:00:00+02:00",
                        "`make loadtest USERS=500`",
                        "`4a87ca4`",
                        "Eclipse Adoptium 25.0.1+8-LTS",
                        "Linux 6.8.0 (amd64)",
                        "Cores: 2",
                        "23.4 GiB",
                        "`-Xmx512m -XX:+UseG1GC`",
                        "max heap 6.0 GiB, flags -Xmx6g");
    }

    @Test
    void sectionsComeInOrderAndTheFooterForbidsHandEdits() {
        String markdown = render();

        assertThat(markdown).startsWith("# loadlab results\n");
        assertThat(markdown.indexOf("## Scenario")).isLessThan(markdown.indexOf("## Environment"));
        assertThat(markdown.indexOf("## Environment")).isLessThan(markdown.indexOf("## Results"));
        assertThat(markdown.indexOf("## Results")).isLessThan(markdown.indexOf("## How to read this"));
        assertThat(markdown.indexOf("## How to read this")).isLessThan(markdown.indexOf("## Method"));
        assertThat(markdown.strip().lines().reduce((first, second) -> second).orElseThrow())
                .contains("Generated by the loadlab load runner", "Do not edit by hand");
    }

    @Test
    void readingNamesWhoReachedTheCeilingAndWhoDidNotInNumbers() {
        assertThat(render())
                .contains("Reached at least 98% of their Little's-law ceiling: "
                        + "direct 249.0 of 250.0 req/s (99.6%), app-threadpool 98.6 good (99.7 completed) of 100.0 req/s"
                        + " (99.7%), "
                        + "app-virtual 248.0 of 250.0 req/s (99.2%), app-threadpool-400 200.0 of 200.0 req/s (100.0%). "
                        + "Below it: app-coroutines 233.3 of 250.0 req/s (93.3%).");
    }

    @Test
    void readingShowsThreadPoolQueueingAgainstDirect() {
        assertThat(render())
                .contains("app-threadpool has 200 threads for 500 users, so its ceiling is 100.0 req/s "
                        + "against direct's 250.0; it delivered 99.7 req/s, 40.0% of direct's 249.0; p50 4800 ms and p99 8200 ms against direct's 1998 ms and 3962 ms "
                        + "(+2802 ms at p50, +4238 ms at p99): requests queue for a free thread.");
        assertThat(render())
                .contains("app-threadpool-400 has 400 threads for 500 users")
                .contains("(+402 ms at p50, +538 ms at p99): requests queue for a free thread.");
    }

    @Test
    void readingSaysWhenAThreadLimitCausesNoVisibleQueueing() {
        Point roomy = measured(
                THREADPOOL_400,
                stats(
                        7_400,
                        246.7,
                        new ResponseTimes(2_020.0, 4, 2_010, 3_610, 3_810, 3_980, 4_030),
                        Map.of(),
                        400,
                        200.0,
                        123.3,
                        new AddedLatency(7_400, 12.0, 40)));

        assertThat(render(DIRECT, List.of(roomy)))
                .contains("(+12 ms at p50, +18 ms at p99): no queueing visible at the median.");
    }

    @Test
    void readingCountsErrorsByClassAndNamesTheCleanTargets() {
        assertThat(render())
                .contains("Errors: app-threadpool 31 of 2990 requests (1.0%: timeout 30, non-2xx 1). "
                        + "A timeout is a request that got no answer within the 10 s response timeout. "
                        + "No errors: direct, app-virtual, app-coroutines, app-threadpool-400.");
    }

    @Test
    void readingNamesRequestsThatFailedBeforeTheWindows() {
        // PHASES: 10 s ramp-up and 10 s warm-up, so the window begins at second 20
        List<PerSecond> seconds = new ArrayList<>();
        for (int second = 0; second < 25; second++) {
            int timeouts = second == 3 || second == 4 || second == 22 ? 2 : 0;
            Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
            for (ErrorClass errorClass : ErrorClass.values()) {
                byClass.put(errorClass, errorClass == ErrorClass.TIMEOUT ? timeouts : 0);
            }
            seconds.add(new PerSecond(second, 10, timeouts, OptionalLong.of(3_900), 500, byClass));
        }
        Point coldStart = VIRTUAL_RESULT.withSeries(new Series(T0, seconds));

        assertThat(render(DIRECT, List.of(coldStart)))
                .contains("Failed before the windows, in the ramp-up and warm-up that no figure above counts: "
                        + "app-virtual 4 of 200 requests (timeout 4) in seconds 3-4 of its load.");
        assertThat(render()).doesNotContain("before the windows");
    }

    @Test
    void readingSaysSoWhenThereAreNoErrorsAtAll() {
        String markdown = render(DIRECT, List.of(VIRTUAL_RESULT));

        assertThat(markdown)
                .contains("No errors: all 14910 requests in the windows were 2xx with the backend's delay.");
    }

    @Test
    void readingGivesTheAddedLatencyOfTheUnboundedModelsAgainstDirect() {
        assertThat(render())
                .contains("Added latency over the backend's own delay, unbounded models: "
                        + "app-virtual mean 3.4 ms, p99 12 ms; app-coroutines mean 9.8 ms, p99 55 ms; "
                        + "direct alone (load generator and loopback) mean 1.2 ms, p99 4 ms.");
    }

    @Test
    void anEmptyWindowRendersNotAvailableInsteadOfCrashing() {
        RunStats empty = RunStats.compute(List.of(), WINDOW, 250.0);

        String markdown = render(DIRECT, List.of(measured(VIRTUAL, empty)));

        assertThat(rowsOfTable(markdown, 0).get(1))
                .isEqualTo(
                        "| app-virtual | Tomcat on virtual threads, blocking RestClient | none | 0 | 0.0 | n/a | n/a | n/a | n/a | n/a |");
        assertThat(rowsOfTable(markdown, 1).get(1))
                .isEqualTo("| app-virtual | n/a | n/a | n/a | 250.0 | n/a | n/a | n/a | 0 |");
        assertThat(markdown).contains("app-virtual completed no request inside the 30 s window");
    }

    @Test
    void aFailedDirectStillRendersAndSaysTheAppsCannotBeCompared() {
        Point failedDirect = failed(Target.DIRECT, "slow-server did not start", Path.of("s.log"));

        String markdown = render(failedDirect, APPS);

        assertThat(rowsOfTable(markdown, 0).get(0)).contains("**FAILED**: slow-server did not start");
        assertThat(markdown)
                .contains("direct has no measurements, so the apps cannot be compared with the bare backend.")
                .doesNotContain("has 200 threads for 500 users");
    }

    @Test
    void methodStatesTheDefinitionsWithThisRunsNumbers() {
        String method = render().substring(render().indexOf("## Method"));

        assertThat(method)
                .contains(
                        "30 s window [start, end)",
                        "10 s of ramp-up",
                        "rank ceil(p/100 × n)",
                        "`delayMs`",
                        "500 / 2.0 s = 250.0 req/s");
    }

    private static ResourceCost cost(
            double cpu,
            double per1000,
            double cores,
            double rss,
            int threads,
            double heap,
            int gcs,
            double pauseMs,
            OptionalInt pinned,
            double loadGenCores) {
        return new ResourceCost(
                Optional.of(new ResourceUsage(
                        cpu,
                        cores,
                        OptionalDouble.of(per1000),
                        OptionalDouble.of(rss),
                        threads,
                        true,
                        OptionalDouble.of(0.004),
                        OptionalDouble.of(0.3),
                        OptionalDouble.empty())),
                Optional.of(new JfrFigures(gcs, pauseMs, OptionalDouble.of(heap), pinned)),
                Optional.of(new ResourceUsage(
                        loadGenCores * 30,
                        loadGenCores,
                        OptionalDouble.empty(),
                        OptionalDouble.of(900),
                        520,
                        true,
                        OptionalDouble.empty(),
                        OptionalDouble.empty(),
                        OptionalDouble.of(350.4))));
    }

    private static final Map<Target, ResourceCost> COSTS = Map.of(
            Target.DIRECT,
            cost(6.3, 0.84, 0.21, 180.4, 38, 41.2, 9, 35.04, OptionalInt.of(0), 0.62),
            THREADPOOL,
            cost(4.5, 1.5051, 0.15, 301.6, 231, 96.0, 12, 48.26, OptionalInt.of(0), 0.31),
            VIRTUAL,
            cost(9.87, 1.3266, 0.329, 260.0, 41, 110.49, 30, 120.5, OptionalInt.of(0), 0.6));

    private static String renderWithCosts() {
        return render(DIRECT, APPS, COSTS);
    }

    @Test
    void withoutCostsThereIsNoResourceTableAsBefore() {
        assertThat(render()).doesNotContain("## Resource cost").isEqualTo(render(DIRECT, APPS, Map.of()));
    }

    @Test
    void theResourceTableHasOneRowPerTargetInRunOrderAndAsManyCellsAsItsHeader() {
        String markdown = renderWithCosts();

        assertThat(rowsOfTable(markdown, 2))
                .extracting(row -> row.split("\\|")[1].trim())
                .containsExactly(
                        "direct",
                        "app-threadpool",
                        "app-virtual",
                        "app-webflux",
                        "app-coroutines",
                        "app-threadpool-400");
        assertThat(rowsOfTable(markdown, 2))
                .allSatisfy(row -> assertThat(cells(row)).isEqualTo(13));
        assertThat(rowsOfTable(markdown, 3))
                .allSatisfy(row -> assertThat(cells(row)).isEqualTo(5));
        // The first two tables are untouched by the third.
        assertThat(rowsOfTable(markdown, 0)).isEqualTo(rowsOfTable(render(), 0));
        assertThat(rowsOfTable(markdown, 1)).isEqualTo(rowsOfTable(render(), 1));
    }

    @Test
    void withEnginesTheLoadGeneratorTableHasARowPerEnginePerTargetAndWithoutThemItIsAsBefore() {
        Map<Target, ResourceCost> costs = Map.of(
                Target.DIRECT,
                COSTS.get(Target.DIRECT).withEngines(engines(0.3)),
                THREADPOOL,
                COSTS.get(THREADPOOL).withEngines(engines(0.45)),
                VIRTUAL,
                COSTS.get(VIRTUAL).withEngines(engines(0.5)));

        String markdown = render(DIRECT, APPS, costs);

        assertThat(markdown)
                .contains(
                        "| Load generator during | JMeter in | Cores (avg) | Peak threads | Peak heap (MiB) | Peak RSS"
                                + " (MiB) |");
        List<String> rows = rowsOfTable(markdown, 3);
        assertThat(rows.subList(0, 3))
                .containsExactly(
                        "| direct | runner | 0.62 | 520 | 350 | 900 |",
                        "| direct | 127.0.0.2:1099 | 0.30 of 2 | 287 | 198 of 6144 | 412 |",
                        "| direct | 192.0.2.20:1099 | n/a | n/a | n/a | n/a |");
        assertThat(rows).contains("| app-threadpool | 127.0.0.2:1099 | 0.45 of 2 | 287 | 198 of 6144 | 412 |");
        assertThat(rows).contains("| app-webflux | **FAILED** | — | — | — | — |");
        assertThat(rows).allSatisfy(row -> assertThat(cells(row)).isEqualTo(6));
        assertThat(markdown).contains("read once a second from the engine's own RMI registry");
        // The target table is the same either way; without engines the generator's is as it always was.
        assertThat(rowsOfTable(markdown, 2)).isEqualTo(rowsOfTable(renderWithCosts(), 2));
        assertThat(renderWithCosts()).doesNotContain(EngineRows.COLUMN).doesNotContain("engine's own RMI registry");
    }

    private static List<EngineUsage> engines(double cores) {
        return List.of(SweepFixtures.engine("127.0.0.2:1099", cores), EngineUsage.unread("192.0.2.20:1099", false));
    }

    @Test
    void resourceColumnsAreFormatted() {
        List<String> rows = rowsOfTable(renderWithCosts(), 2);

        assertThat(rows.get(0))
                .isEqualTo("| direct | 6.3 | 0.004 | 0.3 | 0.84 | 1190 | 0.21 | 180 | 38 | 41 | 9 | 35.0 | 0 |");
        assertThat(rows.get(1))
                .isEqualTo(
                        "| app-threadpool | 4.5 | 0.004 | 0.3 | 1.51 | 664 | 0.15 | 302 | 231 | 96 | 12 | 48.3 | 0 |");
        assertThat(rows.get(2))
                .isEqualTo("| app-virtual | 9.9 | 0.004 | 0.3 | 1.33 | 754 | 0.33 | 260 | 41 | 110 | 30 | 120.5 | 0 |");
        assertThat(rowsOfTable(renderWithCosts(), 3).get(0)).isEqualTo("| direct | 0.62 | 520 | 350 | 900 |");
    }

    @Test
    void aRunThatTimedTheCpuShowsTheYardstickAndTheNormalisedCostAndSaysHow() {
        Map<Target, ResourceCost> costs = Map.of(
                Target.DIRECT,
                COSTS.get(Target.DIRECT).withSpeed(Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 1.2, 240))),
                THREADPOOL,
                COSTS.get(THREADPOOL).withSpeed(Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 0.95, 239))),
                VIRTUAL,
                COSTS.get(VIRTUAL));

        String markdown = render(DIRECT, APPS, costs);

        List<String> rows = rowsOfTable(markdown, 2);
        assertThat(markdown)
                .contains("| CPU s / 1000 req | Yardstick (ms) | Normalised CPU s / 1000 req | Req/s per core |");
        // 0.84 × 1.0 / 1.2 = 0.70; 1.5051 × 1.0 / 0.95 = 1.58; no speed: n/a, the raw figure still there.
        assertThat(rows.get(0)).startsWith("| direct | 6.3 | 0.004 | 0.3 | 0.84 | 1.20 | 0.70 | 1190 |");
        assertThat(rows.get(1)).startsWith("| app-threadpool | 4.5 | 0.004 | 0.3 | 1.51 | 0.95 | 1.58 | 664 |");
        assertThat(rows.get(2)).startsWith("| app-virtual | 9.9 | 0.004 | 0.3 | 1.33 | n/a | n/a | 754 |");
        assertThat(rows).allSatisfy(row -> assertThat(cells(row)).isEqualTo(15));
        assertThat(markdown)
                .contains("normalised = CPU s / 1000 req × 1.00 ms / Yardstick")
                .contains("timed four times a second on the target's own CPUs");
        assertThat(renderWithCosts()).doesNotContain("Yardstick").doesNotContain("Normalised");
    }

    @Test
    void aRunWithSlowServerSampledBesideTheAppsShowsEachAppsCpuInItsUnitsAndSaysHow() {
        ResourceUsage backend = new ResourceUsage(3.0, 0.1, OptionalDouble.of(0.6), 300, 40, true);
        String markdown = render(DIRECT, APPS, withBackend(backend));

        List<String> rows = rowsOfTable(markdown, 2);
        assertThat(markdown).contains("| CPU s / 1000 req | CPU / slow-server's | Req/s per core |");
        // 1.5051 / 0.6 = 2.51; 1.3266 / 0.6 = 2.21; direct is slow-server itself.
        assertThat(rows.get(0)).startsWith("| direct | 6.3 | 0.004 | 0.3 | 0.84 | n/a | 1190 |");
        assertThat(rows.get(1)).startsWith("| app-threadpool | 4.5 | 0.004 | 0.3 | 1.51 | 2.51 | 664 |");
        assertThat(rows.get(2)).startsWith("| app-virtual | 9.9 | 0.004 | 0.3 | 1.33 | 2.21 | 754 |");
        assertThat(markdown)
                .contains("CPU / slow-server's is an app's CPU s / 1000 req over slow-server's")
                .contains("apps that serve the same rate with each other")
                // Written before slow-server's idle CPU was taken off behind an app: the text says what it holds.
                .contains("(the backend's whole CPU, per 1000 of the app's requests)")
                .contains("share slow-server's wake-ups and its idle CPU");
        assertThat(renderWithCosts()).doesNotContain("slow-server's |");
    }

    /** The usual costs, with slow-server's over each app's window. */
    private static Map<Target, ResourceCost> withBackend(ResourceUsage backend) {
        return Map.of(
                Target.DIRECT,
                COSTS.get(Target.DIRECT),
                THREADPOOL,
                COSTS.get(THREADPOOL).withBackend(Optional.of(backend)),
                VIRTUAL,
                COSTS.get(VIRTUAL).withBackend(Optional.of(backend)));
    }

    @Test
    void slowServersIdleCpuTakenOffBehindTheAppsIsWhatTheMethodSays() {
        ResourceUsage backend = new ResourceUsage(
                3.0,
                0.1,
                OptionalDouble.of(0.6),
                OptionalDouble.of(300),
                40,
                true,
                OptionalDouble.of(0.007),
                OptionalDouble.of(0.0),
                OptionalDouble.empty());
        String markdown = render(DIRECT, APPS, withBackend(backend));

        assertThat(markdown)
                .contains(
                        "(the backend's CPU less its idle CPU, measured as for direct's row over the app's quiet span,"
                                + " per 1000 of the app's requests)")
                .contains("fewer requests share slow-server's wake-ups, so slow-server's CPU per request is higher")
                .doesNotContain("whole CPU");
    }

    @Test
    void aFailedTargetIsMarkedAndAMeasuredOneWithoutCostsShowsNotAvailable() {
        List<String> rows = rowsOfTable(renderWithCosts(), 2);

        assertThat(rows.get(3)).isEqualTo("| app-webflux | **FAILED** | — | — | — | — | — | — | — | — | — | — | — |");
        assertThat(rows.get(4))
                .isEqualTo(
                        "| app-coroutines | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a |");
    }

    @Test
    void aRemoteTargetIsNamedInTheEnvironmentAndItsRssIsNotAvailable() {
        ResourceCost fromActuator = new ResourceCost(
                Optional.of(new ResourceUsage(
                        3.0,
                        0.1,
                        OptionalDouble.of(0.4),
                        OptionalDouble.empty(),
                        31,
                        true,
                        OptionalDouble.of(0.002),
                        OptionalDouble.of(0.1),
                        OptionalDouble.of(80))),
                Optional.of(new JfrFigures(4, 12.5, OptionalDouble.empty(), OptionalInt.empty())),
                Optional.empty());
        List<Point> points = Stream.of(DIRECT, VIRTUAL_RESULT)
                .map(p -> p.withCost(p.target().equals(VIRTUAL) ? fromActuator : ResourceCost.NONE))
                .toList();
        Plan plan = TestPoints.comparison(500, PHASES, TestPoints.backend(0, 4_000), 1, List.of(VIRTUAL));
        Environment remote = ENVIRONMENT.withRemoteTargets(
                List.of("app-virtual at http://192.0.2.11:8085, not started by the lab: from its Actuator"));

        String markdown = SummaryReport.render(new ResultSet(plan, remote, points), List.of());

        assertThat(markdown)
                .contains("- Load generator JVM: max heap 6.0 GiB, flags -Xmx6g\n- Targets the lab did not start:"
                        + " app-virtual at http://192.0.2.11:8085, not started by the lab: from its Actuator\n\n")
                .contains("A target the lab did not start (see Environment) has no `/proc`");
        assertThat(rowsOfTable(markdown, 2).get(1))
                .isEqualTo(
                        "| app-virtual | 3.0 | 0.002 | 0.1 | 0.40 | 2500 | 0.10 | n/a | 31 | n/a | 4 | 12.5 | n/a |");
        // A run of the lab's own targets reads as it always did.
        assertThat(render()).doesNotContain("did not start");
    }

    @Test
    void aRemoteAppOnAnEightCoreHostIsJudgedAgainstItsHostsCoresNotThisMachines() {
        // This machine's 2 cores, whatever the machine running the test has.
        Plan plan = new Plan(
                "compare",
                "",
                Plan.Kind.COMPARISON,
                PHASES,
                TestPoints.backend(0, 4_000),
                Request.PROXY,
                List.of(LOAD),
                1,
                List.of(Target.DIRECT, COROUTINES),
                CpuPinning.none(2),
                ".");
        Environment remote = ENVIRONMENT.withRemoteTargets(
                List.of("app-coroutines at http://192.0.2.11:8084, not started by the lab: from its Actuator"));

        // app-coroutines is below its ceiling; 1.9 cores are busy out of this machine's 2, not out of its host's 8.
        String unread = SummaryReport.render(remoteRun(plan, remote, 1.9, OptionalInt.empty()), List.of());
        String onEight = SummaryReport.render(remoteRun(plan, remote, 1.9, OptionalInt.of(8)), List.of());
        String busyOnEight = SummaryReport.render(remoteRun(plan, remote, 7.0, OptionalInt.of(8)), List.of());

        assertThat(unread).contains("app-coroutines used 1.90 of the machine's 2 cores");
        assertThat(onEight).doesNotContain("held back").doesNotContain("of the machine's 2 cores");
        assertThat(busyOnEight)
                .contains("app-coroutines used 7.00 of its own host's 8 cores (busy); load generator 0.05 = 0.05 of"
                        + " the lab's 2 cores");
        assertThat(onEight).contains("its own host's cores, `system.cpu.count` read once from the same Actuator");
    }

    private static ResultSet remoteRun(Plan plan, Environment remote, double appCores, OptionalInt hostCores) {
        ResourceCost cost = new ResourceCost(
                        Optional.of(new ResourceUsage(appCores * 30, appCores, OptionalDouble.empty(), 300, 50, true)),
                        Optional.empty(),
                        Optional.of(new ResourceUsage(1.5, 0.05, OptionalDouble.empty(), 300, 520, true)))
                .withHostCores(hostCores);
        return new ResultSet(
                plan, remote, List.of(DIRECT.withCost(ResourceCost.NONE), COROUTINES_RESULT.withCost(cost)));
    }

    @Test
    void eachMissingSourceShowsNotAvailableOnItsOwnNeverZero() {
        ResourceCost noJfrNoRequests = new ResourceCost(
                Optional.of(new ResourceUsage(2.0, 0.07, OptionalDouble.empty(), 250, 40, false)),
                Optional.empty(),
                Optional.empty());
        ResourceCost noPinningEvent = new ResourceCost(
                Optional.empty(),
                Optional.of(new JfrFigures(3, 4.0, OptionalDouble.empty(), OptionalInt.empty())),
                Optional.empty());

        List<String> rows = rowsOfTable(
                render(
                        DIRECT,
                        List.of(VIRTUAL_RESULT),
                        Map.of(Target.DIRECT, noJfrNoRequests, VIRTUAL, noPinningEvent)),
                2);

        assertThat(rows.get(0))
                .isEqualTo("| direct | 2.0 | n/a | n/a | n/a | n/a | 0.07 | 250 | 40 | n/a | n/a | n/a | n/a |");
        assertThat(rows.get(1))
                .isEqualTo("| app-virtual | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | n/a | 3 | 4.0 | n/a |");
    }

    @Test
    void theResourceTableComesAfterTheResultsAndSaysHowItWasMeasured() {
        String markdown = renderWithCosts();
        String section =
                markdown.substring(markdown.indexOf("## Resource cost"), markdown.indexOf("## How to read this"));

        assertThat(markdown.indexOf("## Results")).isLessThan(markdown.indexOf("## Resource cost"));
        assertThat(section)
                .contains(
                        "Over the same 30 s window",
                        "cores = CPU / 30 s",
                        "`/proc/<pid>/stat`",
                        "platform threads",
                        "`jdk.VirtualThreadPinned`",
                        "threshold 0 ms",
                        "every JVM runs alike",
                        "direct's row is slow-server itself",
                        "idle CPU",
                        "JIT compiler threads",
                        "one platform thread per user",
                        "out of 2 cores");
    }

    @Test
    void rendersStatisticsComputedFromRawSamples() {
        // 3 good requests and a timeout in a 30 s window: 0.1 req/s (rounded), 25.0% errors.
        long start = WINDOW.startMillis();
        List<Sample> samples = List.of(
                new Sample(start, start + 2_005, true, "200", "OK", 2_000),
                new Sample(start, start + 1_010, true, "200", "OK", 1_000),
                new Sample(start, start + 3_001, true, "200", "OK", 3_000),
                new Sample(
                        start,
                        start + 10_000,
                        false,
                        "Non HTTP response code: java.net.SocketTimeoutException",
                        "Non HTTP response message: Read timed out",
                        Sample.NO_DELAY));
        RunStats stats = RunStats.compute(samples, WINDOW, Ceiling.littlesLaw(500, 2_000));

        String markdown = render(measured(Target.DIRECT, stats), List.of());

        assertThat(rowsOfTable(markdown, 0).get(0)).endsWith("| 4 | 0.1 | 4004 | 1010 | 10000 | 10000 | 25.0 |");
        assertThat(rowsOfTable(markdown, 1).get(0)).endsWith("| 5.3 | 10 | timeout 1 |");
        // Efficiency counts good answers: the line shows them beside what completed, timeouts included.
        assertThat(markdown)
                .contains("No target reached 98% of its Little's-law ceiling. Below it: direct 0.1 good"
                        + " (0.1 completed) of 250.0 req/s (0.0%).");
    }
}
