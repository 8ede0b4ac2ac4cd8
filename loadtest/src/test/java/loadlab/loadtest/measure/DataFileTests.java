package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.RateProfile;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class DataFileTests {

    private static final long T0 = 1_700_000_000_000L;

    /** A point with every figure present, odd doubles included, and one with every optional figure missing. */
    private static ResultSet everyKindOfFigure() {
        LoadShape load = new LoadShape.Closed(500);
        MeasurementWindow window = MeasurementWindow.ofSeconds(T0, 60);
        List<Sample> samples = List.of(
                new Sample(T0 + 10, T0 + 2_013, true, "200", "OK", 2_000),
                new Sample(T0 + 20, T0 + 1_021, true, "200", "OK", 999),
                new Sample(
                        T0 + 30,
                        T0 + 10_030,
                        false,
                        "Non HTTP response code: java.net.SocketTimeoutException",
                        "Read timed out",
                        Sample.NO_DELAY));
        RunStats stats = RunStats.compute(samples, window, 250.0 / 3);
        ResourceCost cost = new ResourceCost(
                        Optional.of(new ResourceUsage(7.3, 0.1216666, OptionalDouble.of(0.48), 573.25, 50, true)),
                        Optional.of(new JfrFigures(3, 227.6, OptionalDouble.of(119.99), OptionalInt.of(0))),
                        Optional.of(new ResourceUsage(1.1, 0.02, OptionalDouble.empty(), 300, 520, false)))
                .withSpeed(Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 1.2345678, 239)));
        Point measured = new Point(Target.DIRECT, load, 1, new Outcome.Measured(stats), cost, Series.of(samples, T0));
        Point empty = new Point(
                Target.app("virtual").orElseThrow(),
                load,
                1,
                new Outcome.Measured(RunStats.compute(List.of(), window, 250)),
                new ResourceCost(
                        Optional.empty(),
                        Optional.of(new JfrFigures(0, 0, OptionalDouble.empty(), OptionalInt.empty())),
                        Optional.empty()),
                Series.NONE);
        Point failed = Point.failed(
                Target.app("webflux").orElseThrow(),
                load,
                1,
                new Outcome.Failed(
                        "app-webflux: exited with code 137 | \"killed\"", Path.of("raw/app-webflux/app.log")));
        Plan plan = new Plan(
                Plan.Kind.COMPARISON,
                TestPoints.phases(5, 10, 60, 10),
                new loadlab.loadtest.plan.Backend(0, 4_000, OptionalLong.of(42)),
                List.of(load),
                1,
                List.of(
                        Target.DIRECT,
                        Target.app("virtual").orElseThrow(),
                        Target.app("webflux").orElseThrow()));
        return new ResultSet(plan, TestPoints.ENVIRONMENT, List.of(measured, empty, failed));
    }

    /** A timeline: a backend schedule, a spike, and a series with the process's readings and heap after GC. */
    private static ResultSet aTimeline(LoadShape load, String schedule) {
        MeasurementWindow window = MeasurementWindow.ofSeconds(T0 + 3_000, 2);
        List<Sample> samples = List.of(
                new Sample(T0 + 3_100, T0 + 3_400, true, "200", "OK", 250),
                new Sample(T0 + 3_200, T0 + 4_100, false, "502", "Bad Gateway", Sample.NO_DELAY));
        Series series = new Series(
                T0,
                PerSecond.series(samples, T0),
                List.of(new Series.ResourcePoint(3.5, 301.25, 42)),
                List.of(new Series.HeapPoint(3.75, 88.5), new Series.HeapPoint(4.25, 90.125)));
        Point point = new Point(
                Target.DIRECT,
                load,
                1,
                new Outcome.Measured(RunStats.compute(samples, window, 50)),
                new ResourceCost(Optional.empty(), Optional.empty(), Optional.empty()),
                series);
        Plan plan = new Plan(
                "toy",
                "a toy timeline",
                Plan.Kind.TIMELINE,
                TestPoints.phases(1, 2, 6, 10),
                new loadlab.loadtest.plan.Backend(0, 200, OptionalLong.empty(), schedule),
                loadlab.loadtest.plan.Request.PROXY,
                List.of(load),
                1,
                List.of(Target.DIRECT),
                new loadlab.loadtest.plan.CpuPinning(List.of(1), List.of(0), 2),
                "toy");
        return new ResultSet(plan, TestPoints.ENVIRONMENT, List.of(point));
    }

    @Test
    void aSeriesComesBackWithItsAcceptQueueAndWithoutOneHasNoSuchField() throws IOException {
        ResultSet without = aTimeline(new LoadShape.Closed(20), "");
        Point point = without.points().getFirst();
        Series series = point.series()
                .withResources(new ResourceSamples(List.of(
                        new ResourceSamples.Reading(T0 + 3_500, 10, 300 * 1024, 42).withNotAccepted(0),
                        new ResourceSamples.Reading(T0 + 4_500, 20, 300 * 1024, 43).withNotAccepted(293))));
        ResultSet with = new ResultSet(
                without.plan(),
                without.environment(),
                List.of(new Point(point.target(), point.load(), point.run(), point.outcome(), point.cost(), series)));

        String json = DataFile.toJson(with);
        ResultSet read = DataFile.fromJson(json);

        assertThat(series.notAccepted().orElseThrow())
                .containsExactly(new Series.QueuePoint(3.5, 0), new Series.QueuePoint(4.5, 293));
        assertThat(read).isEqualTo(with);
        assertThat(json).contains("\"notAccepted\" : [ [ 3.5, 0 ], [ 4.5, 293 ] ]");
        // Readings without the queue (a remote target) leave the field out, as in files written before it existed.
        String plain = DataFile.toJson(without);
        assertThat(plain).doesNotContain("notAccepted");
        assertThat(DataFile.fromJson(plain)).isEqualTo(without);
        assertThat(point.series()
                        .withResources(new ResourceSamples(
                                List.of(new ResourceSamples.Reading(T0 + 3_500, 10, 300 * 1024, 42))))
                        .notAccepted())
                .isEmpty();
    }

    @Test
    void aTimelineComesBackWithItsScheduleSpikeAndSeries() throws IOException {
        for (ResultSet original : List.of(
                aTimeline(new LoadShape.Closed(20), "2s:0..200,2s:0..800:5xx=20%:hang=2.5%,2s:0..200"),
                aTimeline(
                        new LoadShape.Spike(10, 3, Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2)),
                        ""))) {
            ResultSet read = DataFile.fromJson(DataFile.toJson(original));

            assertThat(read).isEqualTo(original);
            assertThat(read.plan().timeline()).isEqualTo(original.plan().timeline());
            assertThat(read.plan().timeline().disturbances()).hasSize(1);
        }
    }

    @Test
    void theJvmActivityPerSecondComesBackAndASeriesWithoutItWritesNoField() throws IOException {
        ResultSet without = aTimeline(new LoadShape.Closed(20), "");
        Point point = without.points().getFirst();
        ResultSet with = new ResultSet(
                without.plan(),
                without.environment(),
                List.of(point.withSeries(point.series()
                        .withJvm(List.of(new JvmActivity.Second(0, 812.5, 0), new JvmActivity.Second(1, 40.1, 6.3))))));

        assertThat(DataFile.fromJson(DataFile.toJson(with))).isEqualTo(with);
        assertThat(DataFile.toJson(with)).contains("\"jvm\"");
        assertThat(DataFile.fromJson(DataFile.toJson(without))).isEqualTo(without);
        assertThat(DataFile.toJson(without)).doesNotContain("\"jvm\"");
    }

    @Test
    void aResultSetComesBackFromItsDataFileExactly() throws IOException {
        ResultSet original = everyKindOfFigure();

        ResultSet read = DataFile.fromJson(DataFile.toJson(original));

        assertThat(read).isEqualTo(original);
        assertThat(DataFile.toJson(read)).isEqualTo(DataFile.toJson(original));
        assertThat(read.points().getFirst().cost().speed())
                .contains(new CpuSpeed(Yardstick.WALK_64_KIB, 1.2345678, 239));
    }

    @Test
    void aSpeedFromBeforeTheYardstickWasNamedReadsAsTheFirstYardstick() throws IOException {
        ResultSet original = everyKindOfFigure();
        String json = DataFile.toJson(original);
        String unnamed = json.replaceAll("\"yardstick\"\\s*:\\s*\"[^\"]*\"\\s*,", "");
        assertThat(unnamed).isNotEqualTo(json).doesNotContain("\"yardstick\"");
        String named = json.replace("\"walk-64KiB\"", "\"walk-512KiB\"");

        assertThat(DataFile.fromJson(unnamed).points().getFirst().cost().speed())
                .contains(new CpuSpeed(Yardstick.WALK_64_KIB, 1.2345678, 239));
        assertThat(DataFile.fromJson(named).points().getFirst().cost().speed())
                .contains(new CpuSpeed(Yardstick.WALK_512_KIB, 1.2345678, 239));
    }

    @Test
    void aFileWrittenBeforeTheYardstickReadsWithNoSpeedAndWritesNone() throws IOException {
        ResultSet original = everyKindOfFigure();
        String json = DataFile.toJson(original);
        String older = json.replaceAll(",\\s*\"speed\"\\s*:\\s*\\{[^}]*\\}", "");
        assertThat(older).isNotEqualTo(json).doesNotContain("\"speed\"");

        ResultSet read = DataFile.fromJson(older);

        assertThat(read.points())
                .allSatisfy(point -> assertThat(point.cost().speed()).isEmpty());
        assertThat(DataFile.toJson(read)).doesNotContain("\"speed\"");
    }

    /** A remote app read through its Actuator: no RSS in its figures or its series, GC from Micrometer. */
    private static ResultSet aRemoteTarget() {
        LoadShape load = new LoadShape.Closed(50);
        MeasurementWindow window = MeasurementWindow.ofSeconds(T0, 5);
        List<Sample> samples = List.of(new Sample(T0 + 10, T0 + 110, true, "200", "OK", 100));
        Target webflux = Target.app("webflux").orElseThrow();
        Series series = new Series(
                T0,
                PerSecond.series(samples, T0),
                List.of(new Series.ResourcePoint(0.5, OptionalDouble.empty(), 31)),
                List.of());
        ResourceCost cost = new ResourceCost(
                Optional.of(new ResourceUsage(
                        0.4,
                        0.08,
                        OptionalDouble.of(2.5),
                        OptionalDouble.empty(),
                        31,
                        true,
                        OptionalDouble.of(0.01),
                        OptionalDouble.of(0.0),
                        OptionalDouble.of(42.5))),
                Optional.of(new JfrFigures(2, 3.25, OptionalDouble.empty(), OptionalInt.empty())),
                Optional.empty());
        Point point =
                new Point(webflux, load, 1, new Outcome.Measured(RunStats.compute(samples, window, 25)), cost, series);
        Plan plan = new Plan(
                Plan.Kind.COMPARISON,
                TestPoints.phases(1, 2, 5, 10),
                TestPoints.backend(0, 200),
                List.of(load),
                1,
                List.of(Target.DIRECT, webflux));
        return new ResultSet(
                plan,
                TestPoints.ENVIRONMENT.withRemoteTargets(List.of("app-webflux at http://127.0.0.1:8083, not started")),
                List.of(point));
    }

    @Test
    void aRemoteTargetComesBackWithItsMissingRssAsNullAndItsEnvironment() throws IOException {
        ResultSet original = aRemoteTarget();

        String json = DataFile.toJson(original);
        ResultSet read = DataFile.fromJson(json);

        assertThat(read).isEqualTo(original);
        assertThat(json)
                .contains("\"peakRssMib\" : null")
                .contains("[ 0.5, null, 31 ]")
                .contains("\"remoteTargets\" : [ \"app-webflux at http://127.0.0.1:8083, not started\" ]");
        assertThat(read.points().getFirst().cost().process().orElseThrow().peakRssMib())
                .isEmpty();
    }

    @Test
    void aRemoteAppOnAnEightCoreHostComesBackWithItsHostsCores() throws IOException {
        ResultSet remote = aRemoteTarget();
        Point point = remote.points().getFirst();
        ResultSet onEightCores = new ResultSet(
                remote.plan(),
                remote.environment(),
                List.of(point.withCost(point.cost().withHostCores(OptionalInt.of(8)))));

        String json = DataFile.toJson(onEightCores);
        ResultSet read = DataFile.fromJson(json);

        assertThat(json).contains("\"hostCores\" : 8");
        assertThat(read).isEqualTo(onEightCores);
        assertThat(read.points().getFirst().cost().hostCores()).hasValue(8);
        // What its CPU is judged against: its host's 8, not the plan's cores here.
        assertThat(read.points().getFirst().cores(read.plan())).isEqualTo(8);
        assertThat(read.coresOf(point.target())).isEqualTo(8);
    }

    @Test
    void aFileWithoutHostCoresReadsAsBeforeAndCountsThisMachinesCores() throws IOException {
        // A remote target's file written before the field existed, or one whose count could not be read, and a file of
        // the lab's own targets: none has the field, and each reads and writes as it did.
        for (ResultSet original : List.of(aRemoteTarget(), everyKindOfFigure())) {
            String json = DataFile.toJson(original);

            ResultSet read = DataFile.fromJson(json);

            assertThat(json).doesNotContain("hostCores");
            assertThat(read).isEqualTo(original);
            assertThat(read.points()).allSatisfy(p -> {
                assertThat(p.cost().hostCores()).isEmpty();
                assertThat(p.cores(read.plan())).isEqualTo(read.plan().appCores());
            });
            assertThat(DataFile.toJson(read)).isEqualTo(json);
        }
    }

    @Test
    void aRunOfTheLabsOwnTargetsWritesNoRemoteTargetsAndAnOlderFileReadsAsOne() throws IOException {
        String json = DataFile.toJson(everyKindOfFigure());

        assertThat(json).doesNotContain("remoteTargets");
        // A file written before the field existed is such a file.
        assertThat(DataFile.fromJson(json).environment().remoteTargets()).isEmpty();
    }

    @Test
    void openLoadsAndLevelsSurviveTheTripToo() throws IOException {
        Plan open = new Plan(
                Plan.Kind.OPEN,
                TestPoints.phases(5, 5, 30, 10),
                TestPoints.backend(0, 4_000),
                List.of(new LoadShape.Open(80, 2_500), new LoadShape.Open(150.5, 2_500)),
                1,
                List.of(Target.DIRECT));
        ResultSet original = new ResultSet(open, TestPoints.ENVIRONMENT, List.of());

        assertThat(DataFile.fromJson(DataFile.toJson(original))).isEqualTo(original);
    }

    @Test
    void anOpenLoadsRateStepsAndConnectionsSurviveTheTripAndAConstantPooledOneWritesAsBefore() throws IOException {
        LoadShape.Open stepped = new LoadShape.Open(
                RateProfile.spike(50, 5, Duration.ofSeconds(40), Duration.ofSeconds(20)),
                7_500,
                LoadShape.Open.Connections.PER_ARRIVAL);
        ResultSet original = aTimeline(stepped, "");

        ResultSet read = DataFile.fromJson(DataFile.toJson(original));

        assertThat(read).isEqualTo(original);
        assertThat(read.plan().timeline().disturbances())
                .singleElement()
                .satisfies(d -> assertThat(d.label()).isEqualTo("250 req/s"));
        String constant = DataFile.toJson(aTimeline(new LoadShape.Open(80, 2_500), ""));
        assertThat(constant).doesNotContain("rateSteps").doesNotContain("connections");
    }

    /** A database plan keeps its pool, and each point where its requests waited; a pool timeout keeps its class. */
    @Test
    void aDatabasePlanComesBackWithItsPoolAndWhereRequestsWaited() throws IOException {
        LoadShape load = new LoadShape.Closed(200);
        MeasurementWindow window = MeasurementWindow.ofSeconds(T0, 30);
        List<Sample> samples = List.of(
                new Sample(T0 + 10, T0 + 4_013, true, "200", "OK", 210),
                new Sample(T0 + 20, T0 + 5_021, false, "503", "pool timeout: no connection free", Sample.NO_DELAY));
        RunStats stats = RunStats.compute(samples, window, 50);
        PoolWait pool = new PoolWait(
                "pgjdbc 42.7.11, HikariCP 7.0.2",
                10,
                OptionalDouble.of(189.5),
                OptionalInt.of(191),
                OptionalDouble.of(10),
                OptionalDouble.of(3_790));
        Point point = new Point(
                Target.app("virtual").orElseThrow(),
                load,
                1,
                new Outcome.Measured(stats),
                new ResourceCost(Optional.empty(), Optional.empty(), Optional.empty()).withPoolWait(Optional.of(pool)),
                Series.of(samples, T0));
        Plan plan = new Plan(
                "db",
                "a database",
                Plan.Kind.COMPARISON,
                TestPoints.phases(5, 10, 30, 10),
                new loadlab.loadtest.plan.Backend(0, 400, OptionalLong.empty()),
                loadlab.loadtest.plan.Request.DATABASE,
                List.of(load),
                1,
                List.of(Target.DIRECT, Target.app("virtual").orElseThrow()),
                loadlab.loadtest.plan.CpuPinning.none(2),
                "db",
                OptionalInt.of(10));
        ResultSet original = new ResultSet(plan, TestPoints.ENVIRONMENT, List.of(point));

        ResultSet read = DataFile.fromJson(DataFile.toJson(original));

        assertThat(read).isEqualTo(original);
        assertThat(read.plan().dbPool()).hasValue(10);
        assertThat(read.points().getFirst().cost().poolWait()).contains(pool);
        assertThat(read.points().getFirst().stats().orElseThrow().errorsByClass())
                .containsEntry(ErrorClass.POOL_TIMEOUT, 1);
        assertThat(DataFile.toJson(everyKindOfFigure()))
                .doesNotContain("dbPool")
                .doesNotContain("poolWait");
    }

    @Test
    void aLoadFromEnginesComesBackWithEachEnginesFiguresAnUnreadOneIncluded() throws IOException {
        ResultSet original = everyKindOfFigure();
        EngineUsage read = new EngineUsage(
                "127.0.0.2:1099",
                true,
                OptionalInt.of(2),
                OptionalDouble.of(6_144.0),
                Optional.of(new ResourceUsage(
                        12.345678,
                        0.2057613,
                        OptionalDouble.of(1.6),
                        OptionalDouble.of(412.5),
                        287,
                        true,
                        OptionalDouble.empty(),
                        OptionalDouble.empty(),
                        OptionalDouble.of(198.25))));
        EngineUsage unread = EngineUsage.unread("192.0.2.20:1099", false);
        List<Point> points = original.points().stream()
                .map(p -> p.failed() ? p : p.withCost(p.cost().withEngines(List.of(read, unread))))
                .toList();
        ResultSet withEngines = new ResultSet(original.plan(), original.environment(), points);

        String json = DataFile.toJson(withEngines);
        ResultSet back = DataFile.fromJson(json);

        assertThat(back).isEqualTo(withEngines);
        assertThat(back.points().getFirst().cost().engines()).containsExactly(read, unread);
        assertThat(json).contains("\"engines\"").contains("\"onThisMachine\" : false");
    }

    @Test
    void aLoadSentFromHereWritesNoEnginesAndAFileWithoutThemReadsAsBefore() throws IOException {
        ResultSet original = everyKindOfFigure();

        String json = DataFile.toJson(original);
        ResultSet back = DataFile.fromJson(json);

        assertThat(json).doesNotContain("engines");
        assertThat(back).isEqualTo(original);
        assertThat(back.points()).allSatisfy(p -> assertThat(p.cost().engines()).isEmpty());
        assertThat(DataFile.toJson(back)).isEqualTo(json);
    }

    /** The figures of a probe added after the first three: any record, with a missing figure as null. */
    record Breakdown(double oldGenMib, OptionalDouble metaspaceMib, List<String> pools) {
        static final ProbeFigures.Key<Breakdown> KEY = new ProbeFigures.Key<>("breakdown", Breakdown.class);
    }

    @Test
    void aNewProbesFiguresGoUnderItsIdAndComeBackEqual() throws IOException {
        ResultSet original = everyKindOfFigure();
        Breakdown breakdown = new Breakdown(123.456789, OptionalDouble.empty(), List.of("G1 Old Gen"));
        List<Point> points = original.points().stream()
                .map(p -> p.failed() ? p : p.withCost(p.cost().withProbe(Breakdown.KEY, Optional.of(breakdown))))
                .toList();
        ResultSet withProbe = new ResultSet(original.plan(), original.environment(), points);

        String json = DataFile.toJson(withProbe);
        ResultSet read = DataFile.fromJson(json);

        assertThat(json)
                .contains("\"probes\" : {\n        \"breakdown\" : {\n          \"oldGenMib\" : 123.456789,")
                .contains("\"metaspaceMib\" : null");
        assertThat(read).isEqualTo(withProbe);
        assertThat(read.points().getFirst().cost().probes().get(Breakdown.KEY)).contains(breakdown);
        assertThat(read.points().getFirst().cost().speed())
                .as("the first three keep their own fields")
                .isPresent();
        assertThat(DataFile.toJson(read)).isEqualTo(json);
        assertThat(DataFile.toJson(original))
                .as("a point without one writes no probes")
                .doesNotContain("\"probes\"");
    }

    @Test
    void figuresOfAProbeThisRunnerDoesNotKnowReadAndWriteBackAsTheyWere() throws IOException {
        String json = DataFile.toJson(everyKindOfFigure())
                .replaceFirst(
                        "(\"cost\" : \\{)",
                        "$1\n        \"probes\" : { \"gone\" : { \"count\" : 3, \"share\" : 0.25, \"note\" : null } },");
        String written = DataFile.toJson(DataFile.fromJson(json));

        assertThat(DataFile.fromJson(written)
                        .points()
                        .getFirst()
                        .cost()
                        .probes()
                        .probes())
                .containsExactly("speed", "gone");
        assertThat(written).contains("\"gone\" : {\n          \"count\" : 3,\n          \"share\" : 0.25,");
    }

    @Test
    void aFileOfAnotherSchemaIsRefusedWithItsName() {
        assertThatThrownBy(() -> DataFile.fromJson("{\"schema\":\"loadlab-results/0\"}"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("schema 'loadlab-results/0'");
        assertThatThrownBy(() -> DataFile.fromJson("{\"points\":[]}")).isInstanceOf(IOException.class);
    }
}
