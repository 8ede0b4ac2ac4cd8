package loadlab.loadtest.chart;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/**
 * A synthetic comparison shaped like a real one: 400 users on a backend of 0..2000 ms, a thread pool that queues,
 * and a few timeouts. Seeded, so every chart test sees the same data.
 */
final class ChartFixtures {

    static final long RUN_START = 1_700_000_000_000L;
    static final int USERS = 400;
    static final double MEAN_DELAY_MS = 1_000;
    static final int RAMP_UP_SECONDS = 2;
    static final int WARM_UP_SECONDS = 2;
    static final int WINDOW_SECONDS = 10;
    static final int TAIL_SECONDS = 2;
    static final LoadShape LOAD = new LoadShape.Closed(USERS);

    private ChartFixtures() {}

    /** Every target measured, direct first, each with its own throughput and overhead. */
    static List<Point> allMeasured() {
        return List.of(
                measured(Target.DIRECT, 392, 0, 2, 0),
                measured(app("threadpool"), 196, 1_000, 6, 150),
                measured(app("threadpool-400"), 381, 0, 5, 0),
                measured(app("webflux"), 386, 0, 8, 0),
                measured(app("coroutines"), 383, 0, 10, 0),
                measured(app("virtual"), 389, 0, 4, 0));
    }

    /** Two measured targets and one that failed. */
    static List<Point> withAFailure() {
        return List.of(
                measured(Target.DIRECT, 392, 0, 2, 0), failed("webflux"), measured(app("virtual"), 389, 0, 4, 0));
    }

    static Point failed(String app) {
        return TestPoints.failed(app(app), LOAD, app + " did not start", Path.of("raw", app, "app.log"));
    }

    /** CPU per 1000 requests, peak RSS and peak threads of the apps, as a run measures them. */
    static List<Point> withResources(List<Point> points) {
        Map<String, double[]> figures = Map.of(
                "app-threadpool", new double[] {1.9, 412, 231},
                "app-threadpool-400", new double[] {2.3, 468, 431},
                "app-webflux", new double[] {1.1, 298, 27},
                "app-coroutines", new double[] {1.3, 311, 29},
                "app-virtual", new double[] {1.4, 335, 38});
        return points.stream()
                .map(p -> figures.containsKey(p.target().name())
                        ? p.withCost(cost(figures.get(p.target().name())))
                        : p)
                .toList();
    }

    static ResourceCost cost(double[] figures) {
        return new ResourceCost(
                Optional.of(new ResourceUsage(
                        figures[0] * 4, 0.3, OptionalDouble.of(figures[0]), figures[1], (int) figures[2], true)),
                Optional.empty(),
                Optional.empty());
    }

    /** The comparison these points make, direct first and the apps in the order given. */
    static ResultSet comparison(List<Point> points) {
        return new ResultSet(
                plan(points.stream().map(Point::target).distinct().toList()), TestPoints.ENVIRONMENT, points);
    }

    private static Plan plan(List<Target> targets) {
        return new Plan(
                Plan.Kind.COMPARISON,
                TestPoints.phases(RAMP_UP_SECONDS, WARM_UP_SECONDS, WINDOW_SECONDS, 30),
                TestPoints.backend(0, 2_000),
                List.of(LOAD),
                1,
                targets);
    }

    static Target app(String name) {
        return Target.app(name).orElseThrow();
    }

    /**
     * @param perSecond    completions per second at full load; ramp-up climbs to it
     * @param queueMs      up to this much waiting for a thread on top of the backend's delay
     * @param overheadMs   what the target adds to every request
     * @param timeoutEvery one request in this many times out after 30 s; 0 for none
     */
    static Point measured(Target target, int perSecond, long queueMs, long overheadMs, int timeoutEvery) {
        Random random = new Random(target.name().hashCode());
        List<Sample> samples = new ArrayList<>();
        int runSeconds = RAMP_UP_SECONDS + WARM_UP_SECONDS + WINDOW_SECONDS + TAIL_SECONDS;
        for (int second = 0; second < runSeconds; second++) {
            double load = Math.min(1.0, (second + 1.0) / (RAMP_UP_SECONDS + 1));
            int completions = (int) Math.round(perSecond * load * (0.95 + 0.1 * random.nextDouble()));
            for (int i = 0; i < completions; i++) {
                long end = RUN_START + second * 1_000L + random.nextInt(1_000);
                if (timeoutEvery > 0 && samples.size() % timeoutEvery == 0) {
                    samples.add(new Sample(
                            end - 30_000,
                            end,
                            false,
                            "Non HTTP response code: java.net.SocketTimeoutException",
                            "Read timed out",
                            Sample.NO_DELAY));
                    continue;
                }
                long delay = random.nextInt(2_001);
                long elapsed = delay + overheadMs + (queueMs > 0 ? (long) (queueMs * random.nextDouble()) : 0);
                samples.add(new Sample(end - elapsed, end, true, "200", "OK", delay));
            }
        }
        MeasurementWindow window =
                MeasurementWindow.ofSeconds(RUN_START + (RAMP_UP_SECONDS + WARM_UP_SECONDS) * 1_000L, WINDOW_SECONDS);
        RunStats stats = RunStats.compute(samples, window, Ceiling.perSecond(target, LOAD, plan(List.of(target))));
        return new Point(
                target, LOAD, 1, new Outcome.Measured(stats), ResourceCost.NONE, Series.of(samples, RUN_START));
    }
}
