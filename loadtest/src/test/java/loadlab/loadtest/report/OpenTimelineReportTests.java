package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.JvmActivity;
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
import org.junit.jupiter.api.Test;

/**
 * An open timeline's report: its arrivals in the scenario, each disturbance's backlog (when it drained, what timed
 * out), and, for a cold start (no warm-up), its first seconds one by one from the load's start.
 */
class OpenTimelineReportTests {

    private static final long T0 = 1_700_000_000_000L;

    private static PerSecond second(int at, int good, int inFlight, int timeouts) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
        for (ErrorClass each : ErrorClass.values()) {
            byClass.put(each, 0);
        }
        byClass.put(ErrorClass.TIMEOUT, timeouts);
        return new PerSecond(at, good + timeouts, timeouts, OptionalLong.of(150), inFlight, byClass);
    }

    private static ResultSet timeline(
            Phases phases, LoadShape.Open load, List<PerSecond> seconds, List<Series.HeapPoint> gcs) {
        return timeline(phases, load, new Series(T0, seconds, List.of(), gcs));
    }

    private static ResultSet timeline(Phases phases, LoadShape.Open load, Series series) {
        return timeline(phases, load, series, Target.DIRECT);
    }

    private static ResultSet timeline(Phases phases, LoadShape.Open load, Series series, Target target) {
        long windowStart = T0 + (phases.rampUpSeconds() + phases.warmUpSeconds()) * 1000L;
        MeasurementWindow window = MeasurementWindow.ofSeconds(windowStart, phases.windowSeconds());
        List<Sample> samples = List.of(
                new Sample(windowStart + 100, windowStart + 250, true, "200", "OK", 140, windowStart + 100),
                new Sample(windowStart + 300, windowStart + 450, true, "200", "OK", 140, windowStart + 290));
        Point point = new Point(
                target,
                load,
                1,
                new Outcome.Measured(RunStats.compute(samples, window, 50)),
                ResourceCost.NONE,
                series);
        Plan plan = new Plan(
                "toy-open",
                "a toy open timeline",
                Plan.Kind.TIMELINE,
                phases,
                new Backend(0, 200, OptionalLong.empty(), ""),
                Request.PROXY,
                List.of(load),
                1,
                List.of(target),
                new CpuPinning(List.of(1), List.of(0), 2),
                "toy-open");
        return new ResultSet(plan, TestPoints.ENVIRONMENT, List.of(point));
    }

    @Test
    void aSpikeOfArrivalsShowsItsRatesAndTheBacklogItBuiltWithWhenItDrainedAndWhatTimedOut() {
        Phases phases = TestPoints.phases(1, 2, 30, 10);
        LoadShape.Open load =
                new LoadShape.Open(RateProfile.spike(10, 3, Duration.ofSeconds(10), Duration.ofSeconds(5)), 100);
        List<PerSecond> seconds = new ArrayList<>();
        // Window second w is second w + 3 of the run: calm at 10 in flight, a backlog to 60 from the spike's start.
        int[] backlog = {20, 35, 50, 60, 55, 40, 25, 12};
        for (int at = 0; at < 34; at++) {
            int w = at - 3;
            int inFlight = w >= 10 && w < 10 + backlog.length ? backlog[w - 10] : 10;
            seconds.add(second(at, 10, inFlight, w == 14 ? 5 : 0));
        }

        String markdown = TimelineReport.render(timeline(phases, load, seconds, List.of()), List.of());

        assertThat(markdown)
                .contains("open arrivals, a seeded Poisson stream at 10 req/s (30 req/s during the spike)")
                .contains("## 30 req/s, 10 s to 15 s")
                .contains("| Target | Calm in flight | Peak in flight | Drained after (s) | Lost to timeouts |")
                // In flight is back at 10 from window second 18: 3 s after the spike's end.
                .contains("| direct | 10 | 60 | 3 | 5 |")
                // No accept queue read: the peaks table has no column for it.
                .contains("| Target | Peak in flight | Peak threads | Peak RSS (MiB) | Peak heap after GC (MiB) |\n")
                .doesNotContain("Peak not accepted")
                .doesNotContain("closed-loop users")
                .doesNotContain("second by second");
    }

    @Test
    void aColdStartShowsItsFirstSecondsOneByOne() {
        Phases phases = TestPoints.phases(0, 0, 5, 10);
        List<PerSecond> seconds = new ArrayList<>();
        for (int at = 0; at < 5; at++) {
            seconds.add(second(at, at * 20, 10, at == 1 ? 7 : 0));
        }

        String markdown = TimelineReport.render(
                timeline(
                        phases,
                        new LoadShape.Open(100, 1000),
                        seconds,
                        List.of(new Series.HeapPoint(1.2, 40), new Series.HeapPoint(1.7, 41))),
                List.of());

        assertThat(markdown)
                .contains("## The first 5 s, second by second")
                .contains("| Second | direct good | p99 | timeouts | GCs | GC (ms) | JIT (ms) |")
                // No JIT and GC time per second (no recording read): not available rather than zero.
                .contains("| 0 | 0 | 150 | 0 | 0 | n/a | n/a |")
                .contains("| 1 | 20 | 150 | 7 | 2 | n/a | n/a |")
                .contains("| 4 | 80 | 150 | 0 | 0 | n/a | n/a |")
                .doesNotContain("Drained after");
    }

    @Test
    void aColdStartWithARampUpCountsItsFirstSecondsFromTheLoadsStart() {
        Phases phases = TestPoints.phases(2, 0, 3, 10);
        Series series = timeouts(
                new int[] {0, 4, 0, 0, 0},
                new Series.QueuePoint(0.5, 0),
                new Series.QueuePoint(1.5, 120),
                new Series.QueuePoint(3.5, 0));

        String markdown = TimelineReport.render(timeline(phases, new LoadShape.Open(100, 1000), series), List.of());

        assertThat(markdown)
                .contains("## The first 5 s, second by second")
                .contains("its users arriving over the first 2 s, without warm-up")
                // Second 1 of the load is in its ramp-up, before the window: shown, and its timeouts explained.
                .contains("| 1 | 50 | 150 | 4 | n/a | n/a | n/a | 120 |")
                .contains("| 4 | 50 | 150 | 0 | n/a | n/a | n/a | n/a |")
                .contains("- direct: 4 requests timed out in seconds 1–1, while up to 120 connections waited");
    }

    /** Seconds of a steady good rate with 10 in flight, and the accept queue at these readings. */
    private static Series notAccepted(int seconds, int good, Series.QueuePoint... queue) {
        List<PerSecond> steady = new ArrayList<>();
        for (int at = 0; at < seconds; at++) {
            steady.add(second(at, good, 10, 0));
        }
        return new Series(T0, steady, List.of(), List.of(), Optional.empty(), Optional.of(List.of(queue)));
    }

    @Test
    void aSpikeShowsThePeakOfConnectionsNotAcceptedDuringAndAfterIt() {
        Phases phases = TestPoints.phases(1, 2, 30, 10);
        LoadShape.Open load =
                new LoadShape.Open(RateProfile.spike(10, 3, Duration.ofSeconds(10), Duration.ofSeconds(5)), 100);
        // Run second = window second + 3: 1000 waiting before the spike (window 10-15) is not its peak, 725 during is.
        Series series = notAccepted(
                34,
                10,
                new Series.QueuePoint(2.5, 1000),
                new Series.QueuePoint(14.5, 725),
                new Series.QueuePoint(20.5, 3));

        String markdown = TimelineReport.render(timeline(phases, load, series), List.of());

        assertThat(markdown)
                .contains("| Target | Peak in flight | Peak threads | Peak RSS (MiB) | Peak heap after GC (MiB) |"
                        + " Peak not accepted |")
                .contains("| direct | 10 | n/a | n/a | n/a | 725 |")
                .contains("and connections not accepted");
    }

    @Test
    void aColdStartShowsTheMostConnectionsNotAcceptedInEachSecond() {
        Phases phases = TestPoints.phases(0, 0, 3, 10);
        Series series = notAccepted(
                3, 50, new Series.QueuePoint(0.2, 0), new Series.QueuePoint(1.3, 449), new Series.QueuePoint(1.8, 293));

        String markdown = TimelineReport.render(timeline(phases, new LoadShape.Open(100, 1000), series), List.of());

        assertThat(markdown)
                .contains("| Second | direct good | p99 | timeouts | GCs | GC (ms) | JIT (ms) | not accepted |")
                .contains("| 0 | 50 | 150 | 0 | n/a | n/a | n/a | 0 |")
                .contains("| 1 | 50 | 150 | 0 | n/a | n/a | n/a | 449 |")
                // No reading in that second: not available rather than zero.
                .contains("| 2 | 50 | 150 | 0 | n/a | n/a | n/a | n/a |");
    }

    /** Three seconds at 50 good a second with these timeouts, and the accept queue at these readings. */
    private static Series timeouts(int[] timeouts, Series.QueuePoint... queue) {
        List<PerSecond> seconds = new ArrayList<>();
        for (int at = 0; at < timeouts.length; at++) {
            seconds.add(second(at, 50, 10, timeouts[at]));
        }
        return new Series(T0, seconds, List.of(), List.of(), Optional.empty(), Optional.of(List.of(queue)));
    }

    /** A cold start of this target that lost 12 requests while up to 449 connections waited to be accepted. */
    private static String timeoutsWhileUnaccepted(Target target) {
        Series series = timeouts(new int[] {0, 7, 5}, new Series.QueuePoint(0.5, 449), new Series.QueuePoint(2.5, 0));
        return TimelineReport.render(
                timeline(TestPoints.phases(0, 0, 3, 10), new LoadShape.Open(100, 1000), series, target), List.of());
    }

    @Test
    void aColdStartsTimeoutsWhileConnectionsWaitedUnacceptedAreTheAcceptsFallingBehind() {
        assertThat(timeoutsWhileUnaccepted(Target.DIRECT))
                .contains("- direct: 12 requests timed out in seconds 1–2, while up to 449 connections waited in its"
                        + " accept queue")
                .contains("Its accept fell behind")
                // Only a server that accepts on its event loops is named as the reason.
                .doesNotContain("Reactor Netty");
    }

    @Test
    void aReactiveAppsUnacceptedConnectionsAreSaidToWaitOnItsEventLoopsAndATomcatAppsAreNot() {
        assertThat(timeoutsWhileUnaccepted(Target.app("webflux").orElseThrow()))
                .contains("- app-webflux: 12 requests timed out in seconds 1–2, while up to 449 connections")
                .contains("Its server, Reactor Netty, accepts new connections on the same event loops that serve the"
                        + " requests it has already taken");
        assertThat(timeoutsWhileUnaccepted(Target.app("virtual").orElseThrow()))
                .contains("Its accept fell behind")
                .doesNotContain("Reactor Netty");
    }

    @Test
    void aColdStartsTimeoutsWithAnEmptyAcceptQueueWaitedInsideTheServer() {
        Phases phases = TestPoints.phases(0, 0, 3, 10);
        Series series = timeouts(new int[] {3, 0, 0}, new Series.QueuePoint(0.5, 0), new Series.QueuePoint(1.5, 9));

        String markdown = TimelineReport.render(timeline(phases, new LoadShape.Open(100, 1000), series), List.of());

        // The queue of 9 came after the last timeout's second: it does not explain it.
        assertThat(markdown)
                .contains("- direct: 3 requests timed out in seconds 0–0, with no connection waiting in its accept"
                        + " queue: the server had taken every connection")
                .doesNotContain("Its accept fell behind");
    }

    @Test
    void aColdStartWithoutTimeoutsSaysSo() {
        Phases phases = TestPoints.phases(0, 0, 3, 10);
        Series series = timeouts(new int[] {0, 0, 0}, new Series.QueuePoint(0.5, 0));

        String markdown = TimelineReport.render(timeline(phases, new LoadShape.Open(100, 1000), series), List.of());

        assertThat(markdown).contains("No target lost a request to a timeout in these seconds.");
    }

    @Test
    void aColdStartShowsEachSecondsJitAndGcTimeFromTheRecording() {
        Phases phases = TestPoints.phases(0, 0, 3, 10);
        List<PerSecond> seconds = new ArrayList<>();
        for (int at = 0; at < 3; at++) {
            seconds.add(second(at, 50, 10, 0));
        }
        Series series = new Series(T0, seconds, List.of(), List.of(new Series.HeapPoint(1.5, 40)))
                .withJvm(List.of(
                        new JvmActivity.Second(0, 1_234.4, 0),
                        new JvmActivity.Second(1, 310.6, 17.2),
                        new JvmActivity.Second(2, 0, 0)));

        String markdown = TimelineReport.render(timeline(phases, new LoadShape.Open(100, 1000), series), List.of());

        assertThat(markdown)
                .contains("| 0 | 50 | 150 | 0 | 0 | 0 | 1234 |")
                .contains("| 1 | 50 | 150 | 0 | 1 | 17 | 311 |")
                .contains("| 2 | 50 | 150 | 0 | 0 | 0 | 0 |");
    }
}
