package loadlab.loadtest.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * A synthetic sweep and open workload shaped like real ones, built from hand-made samples through
 * {@link RunStats#compute}: a 0..4000 ms backend (mean 2 s), a 10 s response timeout, a 200-thread pool that flattens
 * at 100 req/s and times out at 2000 users, a CPU-bound model and a level that failed.
 */
public final class SweepFixtures {

    public static final long T0 = 1_700_000_000_000L;
    public static final int WINDOW_SECONDS = 30;
    public static final int TIMEOUT_SECONDS = 10;
    public static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(T0, WINDOW_SECONDS);

    public static final Target DIRECT = Target.DIRECT;
    public static final Target THREADPOOL = Target.app("threadpool").orElseThrow();
    public static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    public static final Target VIRTUAL = Target.app("virtual").orElseThrow();

    public static final List<Integer> USER_LEVELS = List.of(100, 250, 500, 1000, 2000);
    public static final int MAX_THREADS = 400;
    private static final Phases PHASES = TestPoints.phases(10, 10, WINDOW_SECONDS, TIMEOUT_SECONDS);
    private static final List<Target> TARGETS = List.of(DIRECT, THREADPOOL, WEBFLUX, VIRTUAL);

    public static final Plan SWEEP = new Plan(
            Plan.Kind.SWEEP,
            PHASES,
            TestPoints.backend(0, 4_000),
            USER_LEVELS.stream().<LoadShape>map(LoadShape.Closed::new).toList(),
            1,
            TARGETS);

    public static final Plan OPEN = new Plan(
            Plan.Kind.OPEN,
            PHASES,
            TestPoints.backend(0, 4_000),
            List.of(
                    new LoadShape.Open(50, MAX_THREADS),
                    new LoadShape.Open(100, MAX_THREADS),
                    new LoadShape.Open(150, MAX_THREADS)),
            1,
            TARGETS);

    public static final Environment ENVIRONMENT = new Environment(
            "2026-11-21T04:00:00Z",
            "make sweep",
            "4a87ca4",
            "Eclipse Adoptium 21.0.5+11-LTS",
            "Linux 6.8.0 (amd64)",
            2,
            "7.8 GiB",
            "-Xms512m -Xmx512m -XX:+UseG1GC",
            "max heap 1.0 GiB, flags -Xms1g -Xmx1g");

    private SweepFixtures() {}

    /** Every level of every target, deliberately not in run order: the report sorts. */
    public static List<Point> sweep() {
        List<Point> points = new ArrayList<>();
        for (int users : USER_LEVELS.reversed()) {
            points.add(sweepPoint(DIRECT, users, users / 2.0 * 0.99, 0, 4_000, 0, cost(0.2 + users / 10_000.0, 40)));
        }
        points.add(sweepPoint(THREADPOOL, 100, 49.5, 0, 4_000, 0, cost(0.10, 130)));
        points.add(sweepPoint(THREADPOOL, 250, 99.5, 500, 4_500, 0, cost(0.15, 231)));
        points.add(sweepPoint(THREADPOOL, 500, 99.6, 1_000, 9_000, 0, cost(0.16, 231)));
        points.add(sweepPoint(THREADPOOL, 1000, 99.7, 2_000, 9_999, 0, cost(0.18, 231)));
        // 35% of 2940 requests time out: each waits about 2000 / 200 × 2 s = 20 s, over the 10 s timeout.
        points.add(sweepPoint(THREADPOOL, 2000, 98.0, 2_000, 9_999, 1_029, cost(0.20, 231)));
        for (int users : List.of(100, 250, 500, 1000)) {
            points.add(sweepPoint(WEBFLUX, users, users / 2.0 * 0.985, 0, 4_100, 0, cost(users / 1_000.0, 27)));
        }
        // Only 70% of its ceiling, with both cores nearly busy.
        points.add(sweepPoint(WEBFLUX, 2000, 700.0, 0, 6_000, 0, cost(1.85, 27)));
        for (int users : List.of(100, 250, 500, 2000)) {
            points.add(sweepPoint(VIRTUAL, users, users / 2.0 * 0.99, 0, 4_050, 0, ResourceCost.NONE));
        }
        points.add(TestPoints.failed(
                VIRTUAL,
                new LoadShape.Closed(1000),
                "exited with code 137 during the run",
                Path.of("results/raw/sweep/app-virtual-1000.log")));
        return points;
    }

    public static List<Point> open() {
        List<Point> points = new ArrayList<>();
        for (double rate : List.of(50.0, 100.0, 150.0)) {
            points.add(openPoint(DIRECT, rate, rate * 0.995, 0, 4_000, 0, cost(0.1, 40)));
            points.add(openPoint(WEBFLUX, rate, rate * 0.995, 0, 4_050, 0, cost(rate / 300, 27)));
        }
        points.add(openPoint(THREADPOOL, 50, 49.8, 0, 4_000, 0, cost(0.1, 231)));
        // At its capacity on average: bursts wait for one of the 200 threads.
        points.add(openPoint(THREADPOOL, 100, 99.0, 0, 6_000, 0, cost(0.15, 231)));
        // Over capacity: 100 of 150 req/s get done, the rest queue until 20% time out.
        points.add(openPoint(THREADPOOL, 150, 100.0, 2_000, 9_999, 600, cost(0.16, 231)));
        points.add(openPoint(VIRTUAL, 50, 49.8, 0, 4_050, 0, cost(0.1, 38)));
        points.add(openPoint(VIRTUAL, 100, 99.6, 0, 4_050, 0, cost(0.2, 38)));
        points.add(TestPoints.failed(
                VIRTUAL,
                new LoadShape.Open(150, MAX_THREADS),
                "did not become ready in 60 s",
                Path.of("results/raw/open/app-virtual-150.log")));
        return points;
    }

    public static Point sweepPoint(
            Target target, int users, double perSecond, long lowMs, long highMs, int timeouts, ResourceCost cost) {
        LoadShape load = new LoadShape.Closed(users);
        RunStats stats = RunStats.compute(
                samples(perSecond, lowMs, highMs, timeouts), WINDOW, Ceiling.perSecond(target, load, SWEEP));
        return TestPoints.measured(target, load, 1, stats, cost);
    }

    public static Point openPoint(
            Target target, double rate, double perSecond, long lowMs, long highMs, int timeouts, ResourceCost cost) {
        LoadShape load = new LoadShape.Open(rate, MAX_THREADS);
        RunStats stats = RunStats.compute(
                samples(perSecond, lowMs, highMs, timeouts), WINDOW, Ceiling.perSecond(target, load, OPEN));
        return TestPoints.measured(target, load, 1, stats, cost);
    }

    public static ResultSet sweepResults(List<Point> points) {
        return new ResultSet(SWEEP, ENVIRONMENT, points);
    }

    public static ResultSet openResults(List<Point> points) {
        return new ResultSet(OPEN, ENVIRONMENT, points);
    }

    /**
     * round(perSecond × window) requests ending evenly over the window, response times evenly over [lowMs, highMs],
     * and {@code timeouts} of them, spread evenly among the rest, timing out at the response timeout.
     */
    public static List<Sample> samples(double perSecond, long lowMs, long highMs, int timeouts) {
        int n = (int) Math.round(perSecond * WINDOW_SECONDS);
        List<Sample> samples = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long end = T0 + (long) i * WINDOW_SECONDS * 1_000 / n;
            // Exactly `timeouts` of the n indices satisfy this, spread evenly.
            if ((long) i * timeouts % n < timeouts) {
                samples.add(new Sample(
                        end - TIMEOUT_SECONDS * 1_000L,
                        end,
                        false,
                        "Non HTTP response code: java.net.SocketTimeoutException",
                        "Read timed out",
                        Sample.NO_DELAY));
                continue;
            }
            long elapsed = lowMs + (highMs - lowMs) * i / Math.max(1, n - 1);
            samples.add(new Sample(end - elapsed, end, true, "200", "OK", Math.min(elapsed, 4_000)));
        }
        return samples;
    }

    /** An engine on this machine, read throughout: {@code cores} of its 2, 287 threads, 198 of 6144 MiB heap, 412 MiB RSS. */
    public static EngineUsage engine(String name, double cores) {
        return new EngineUsage(
                name,
                true,
                OptionalInt.of(2),
                OptionalDouble.of(6_144),
                Optional.of(new ResourceUsage(
                        cores * WINDOW_SECONDS,
                        cores,
                        OptionalDouble.empty(),
                        OptionalDouble.of(412),
                        287,
                        true,
                        OptionalDouble.empty(),
                        OptionalDouble.empty(),
                        OptionalDouble.of(198))));
    }

    public static ResourceCost cost(double cores, int threads) {
        return new ResourceCost(
                Optional.of(
                        new ResourceUsage(cores * WINDOW_SECONDS, cores, OptionalDouble.of(1.0), 300, threads, true)),
                Optional.empty(),
                Optional.of(new ResourceUsage(0.05 * WINDOW_SECONDS, 0.05, OptionalDouble.empty(), 900, 520, true)));
    }
}
