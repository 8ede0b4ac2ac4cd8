package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The probes of one load, without a process: each started where it applies, each closed, one that throws named. */
class RunningProbesTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(T0, 10);

    record Count(double value) {}

    /** Where a probe failed, if it is made to. */
    enum Stage {
        NONE,
        START,
        WINDOW,
        STOP,
        FIGURES
    }

    /** A probe that says what happened to it, and throws at one stage when told to. */
    static final class Told implements Probe<Count> {
        final ProbeFigures.Key<Count> key;
        final Stage throwsAt;
        final boolean applies;
        final List<String> events;

        Told(String id, Stage throwsAt, boolean applies, List<String> events) {
            this.key = new ProbeFigures.Key<>(id, Count.class);
            this.throwsAt = throwsAt;
            this.applies = applies;
            this.events = events;
        }

        @Override
        public ProbeFigures.Key<Count> key() {
            return key;
        }

        private void maybeThrow(Stage stage) {
            if (throwsAt == stage) {
                throw new IllegalStateException(key.id() + " broke at " + stage);
            }
        }

        @Override
        public Optional<Running<Count>> start(Probed target) {
            if (!applies) {
                return Optional.empty();
            }
            maybeThrow(Stage.START);
            events.add(key.id() + " started");
            return Optional.of(new Running<>() {
                @Override
                public void windowBegan(long startMillis) {
                    maybeThrow(Stage.WINDOW);
                    events.add(key.id() + " window at " + (startMillis - T0));
                }

                @Override
                public Readings<Count> stop() {
                    maybeThrow(Stage.STOP);
                    events.add(key.id() + " stopped");
                    return load -> {
                        maybeThrow(Stage.FIGURES);
                        return Optional.of(new Count(load.window().seconds()));
                    };
                }

                @Override
                public void close() {
                    events.add(key.id() + " closed");
                }
            });
        }
    }

    private static Probed target() {
        return new Probed(
                Target.DIRECT,
                "direct",
                new Probed.Unreachable(),
                Duration.ofSeconds(10),
                Optional.empty(),
                line -> {});
    }

    @Test
    void eachProbeThatAppliesStartsInOrderHearsTheWindowIsStoppedAndClosed() {
        List<String> events = new ArrayList<>();
        Probes probes = new Probes(List.of(
                new Told("first", Stage.NONE, true, events),
                new Told("absent", Stage.NONE, false, events),
                new Told("second", Stage.NONE, true, events)));

        List<RunningProbes.Stopped<?>> stopped;
        try (RunningProbes running = RunningProbes.start(probes, target())) {
            assertThat(running.alsoAt(planned -> planned + 5).begin(T0)).isEqualTo(T0 + 5);
            stopped = running.stop();
            assertThat(running.failure()).isEmpty();
        }

        assertThat(events)
                .containsExactly(
                        "first started",
                        "second started",
                        "first window at 5",
                        "second window at 5",
                        "first stopped",
                        "second stopped",
                        "first closed",
                        "second closed");
        assertThat(stopped).extracting(s -> s.key().id()).containsExactly("first", "second");
    }

    @Test
    void aProbeThatThrowsAsItStartsIsNamedAndThoseStartedBeforeItAreClosed() {
        List<String> events = new ArrayList<>();
        Probes probes = new Probes(List.of(
                new Told("first", Stage.NONE, true, events),
                new Told("broken", Stage.START, true, events),
                new Told("never", Stage.NONE, true, events)));

        try (RunningProbes running = RunningProbes.start(probes, target())) {
            assertThat(running.failure())
                    .contains("the probe 'broken' failed: java.lang.IllegalStateException: broken broke at START");
        }

        assertThat(events).containsExactly("first started", "first closed");
    }

    @Test
    void aProbeThatThrowsAtTheWindowOrItsStopFailsTheLoadAndEveryProbeIsStillClosed() {
        for (Stage stage : List.of(Stage.WINDOW, Stage.STOP)) {
            List<String> events = new ArrayList<>();
            Probes probes = new Probes(
                    List.of(new Told("broken", stage, true, events), new Told("fine", Stage.NONE, true, events)));

            List<RunningProbes.Stopped<?>> stopped;
            RunningProbes running = RunningProbes.start(probes, target());
            try (running) {
                running.alsoAt(WindowClock.WindowStart.NOTHING).begin(T0);
                stopped = running.stop();
            }

            assertThat(running.failure())
                    .as(stage.name())
                    .hasValueSatisfying(failure -> assertThat(failure)
                            .startsWith("the probe 'broken' failed: ")
                            .endsWith("broken broke at " + stage));
            assertThat(stopped).extracting(s -> s.key().id()).contains("fine");
            assertThat(events).contains("broken closed", "fine closed");
        }
    }

    private static Point measured() {
        List<Sample> samples = List.of(new Sample(T0 + 100, T0 + 300, true, "200", "OK", 150));
        return new Point(
                Target.DIRECT,
                new LoadShape.Closed(10),
                1,
                new Outcome.Measured(RunStats.compute(samples, WINDOW, 50)),
                ResourceCost.NONE,
                Series.of(samples, T0));
    }

    @Test
    void aRowIsFinalOnceItsTargetHasStoppedWithEachProbesFiguresOverItsWindow() {
        List<String> events = new ArrayList<>();
        Told probe = new Told("count", Stage.NONE, true, events);
        List<RunningProbes.Stopped<?>> stopped;
        try (RunningProbes running = RunningProbes.start(new Probes(List.of(probe)), target())) {
            stopped = running.stop();
        }
        Row row = Row.measured(measured(), "direct", Path.of("raw/slow-server.log"), Optional.empty(), stopped);

        row.finish(Optional.empty(), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertThat(row.point().cost().probes().get(probe.key())).contains(new Count(WINDOW.seconds()));
        assertThat(row.point().stats()).as("still measured").isPresent();
    }

    @Test
    void aProbeThatThrowsForItsFiguresFailsItsRowWithItsNameAndTheTargetsLog() {
        List<String> events = new ArrayList<>();
        List<RunningProbes.Stopped<?>> stopped;
        try (RunningProbes running =
                RunningProbes.start(new Probes(List.of(new Told("broken", Stage.FIGURES, true, events))), target())) {
            stopped = running.stop();
        }
        Row row = Row.measured(measured(), "direct", Path.of("raw/slow-server.log"), Optional.empty(), stopped);
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        row.finish(Optional.empty(), new PrintStream(out, true, StandardCharsets.UTF_8));

        assertThat(row.point().outcome())
                .isEqualTo(new Outcome.Failed(
                        "direct: the probe 'broken' failed: java.lang.IllegalStateException: broken broke at FIGURES",
                        Path.of("raw/slow-server.log")));
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("FAILED direct: the probe 'broken' failed");
    }

    @Test
    void twoProbesOfOneNameAreRefused() {
        List<String> events = new ArrayList<>();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Probes(List.of(
                        new Told("same", Stage.NONE, true, events), new Told("same", Stage.NONE, true, events))))
                .withMessage("two probes are named 'same'");
    }
}
