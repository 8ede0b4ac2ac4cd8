package loadlab.loadtest.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.PerSecond;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.Backend;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.RateProfile;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;

/**
 * Spike timelines made by hand, closed and open, for the closed-vs-open page and the answer page: a 70 s window, calm
 * for 20 s, the spike for 10 s (window seconds 20 to 30), then 40 s of calm watched for the recovery. Each target's
 * seconds are given by window second, as good answers, requests in flight and timeouts.
 */
final class DisturbanceRuns {

    static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    static final Target POOL = Target.app("threadpool").orElseThrow();

    static final Phases PHASES = TestPoints.phases(1, 2, 70, 30);
    static final LoadShape CLOSED =
            new LoadShape.Spike(10, 3, Duration.ofSeconds(20), Duration.ofSeconds(10), Duration.ofSeconds(40));
    static final LoadShape OPEN =
            new LoadShape.Open(RateProfile.spike(10, 3, Duration.ofSeconds(20), Duration.ofSeconds(10)), 500);

    private static final long T0 = 1_700_000_000_000L;

    private DisturbanceRuns() {}

    /** One second of a target, by window second. */
    interface Shape {
        Second at(int windowSecond);
    }

    record Second(int good, int inFlight, int timeouts) {}

    /** Calm throughout: 10 good a second, 10 in flight. */
    static final Shape CALM = w -> new Second(10, 10, 0);

    /** The backlog drains {@code afterSeconds} after the spike: 30 in flight until then. */
    static Shape drains(int afterSeconds) {
        return w -> new Second(10, w >= 20 && w < 30 + afterSeconds ? 30 : 10, 0);
    }

    /** From window second {@code from} to {@code to}, {@code timeouts} a second and no good answer; 10 in flight. */
    static Shape timesOut(int from, int to, int timeouts, int inFlight) {
        return w -> w >= from && w < to ? new Second(0, inFlight, timeouts) : new Second(10, 10, 0);
    }

    /** A timeline called {@code name} under {@code load}, a point per target. */
    static ResultSet timeline(String name, LoadShape load, Map<Target, Shape> targets) {
        long windowStart = T0 + (PHASES.rampUpSeconds() + PHASES.warmUpSeconds()) * 1000L;
        MeasurementWindow window = MeasurementWindow.ofSeconds(windowStart, PHASES.windowSeconds());
        List<Point> points = new ArrayList<>();
        targets.forEach((target, shape) -> points.add(point(target, load, shape, window)));
        Plan plan = new Plan(
                name,
                "a synthetic " + name,
                Plan.Kind.TIMELINE,
                PHASES,
                new Backend(0, 200, OptionalLong.empty(), ""),
                Request.PROXY,
                List.of(load),
                1,
                List.copyOf(targets.keySet()),
                new CpuPinning(List.of(1), List.of(0), 2),
                name);
        return new ResultSet(plan, TestPoints.ENVIRONMENT, points);
    }

    /** A target that failed its load: it has no seconds. */
    static final Shape FAILED = w -> new Second(0, 0, 0);

    private static Point point(Target target, LoadShape load, Shape shape, MeasurementWindow window) {
        if (shape == FAILED) {
            return TestPoints.failed(target, load, "died", java.nio.file.Path.of("app.log"));
        }
        long start = window.startMillis();
        List<Sample> samples = List.of(
                new Sample(start + 100, start + 250, true, "200", "OK", 140, start + 100),
                new Sample(start + 300, start + 450, true, "200", "OK", 140, start + 290));
        List<PerSecond> seconds = new ArrayList<>();
        int offset = PHASES.rampUpSeconds() + PHASES.warmUpSeconds();
        for (int at = 0; at < offset + PHASES.windowSeconds(); at++) {
            Second s = shape.at(at - offset);
            Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
            for (ErrorClass each : ErrorClass.values()) {
                byClass.put(each, 0);
            }
            byClass.put(ErrorClass.TIMEOUT, s.timeouts());
            seconds.add(new PerSecond(
                    at, s.good() + s.timeouts(), s.timeouts(), OptionalLong.of(150), s.inFlight(), byClass));
        }
        return new Point(
                target,
                load,
                1,
                new Outcome.Measured(RunStats.compute(samples, window, 1)),
                ResourceCost.NONE,
                new Series(T0, seconds, List.of(), List.of()));
    }
}
