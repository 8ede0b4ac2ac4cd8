package loadlab.loadtest.measure;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import loadlab.loadtest.plan.Backend;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;

/** Points, plans and result sets for tests of the reports and charts, built the way the runner builds them. */
public final class TestPoints {

    public static final Environment ENVIRONMENT = new Environment(
            "2025-06-01T10:00:00+02:00",
            "make loadtest USERS=500",
            "4a87ca4",
            "Eclipse Adoptium 25.0.1+8-LTS",
            "Linux 6.8.0 (amd64)",
            2,
            "23.4 GiB",
            "-Xmx512m -XX:+UseG1GC",
            "max heap 6.0 GiB, flags -Xmx6g");

    private TestPoints() {}

    public static Phases phases(int rampUp, int warmUp, int window, int timeout) {
        return new Phases(
                Duration.ofSeconds(rampUp),
                Duration.ofSeconds(warmUp),
                Duration.ofSeconds(window),
                Duration.ofSeconds(timeout));
    }

    public static Backend backend(int minDelayMs, int maxDelayMs) {
        return new Backend(minDelayMs, maxDelayMs, OptionalLong.empty());
    }

    /** A comparison of direct and {@code apps} under {@code users} closed-loop users, {@code runs} runs each. */
    public static Plan comparison(int users, Phases phases, Backend backend, int runs, List<Target> apps) {
        List<Target> targets = new ArrayList<>(List.of(Target.DIRECT));
        targets.addAll(apps);
        return new Plan(Plan.Kind.COMPARISON, phases, backend, List.of(new LoadShape.Closed(users)), runs, targets);
    }

    public static Point measured(Target target, LoadShape load, int run, RunStats stats, ResourceCost cost) {
        return new Point(target, load, run, new Outcome.Measured(stats), cost, Series.NONE);
    }

    public static Point measured(Target target, LoadShape load, RunStats stats) {
        return measured(target, load, 1, stats, ResourceCost.NONE);
    }

    public static Point failed(Target target, LoadShape load, String reason, Path log) {
        return Point.failed(target, load, 1, new Outcome.Failed(reason, log));
    }

    /** The window of a load whose first request started at {@code runStartMillis}. */
    public static MeasurementWindow window(Phases phases, long runStartMillis) {
        return MeasurementWindow.ofSeconds(
                runStartMillis + (phases.rampUpSeconds() + phases.warmUpSeconds()) * 1000L, phases.windowSeconds());
    }
}
