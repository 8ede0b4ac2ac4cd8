package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.Ceiling;
import loadlab.loadtest.plan.Interleave;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.SliceSchedule;
import loadlab.loadtest.plan.Target;

/**
 * An interleaved comparison ({@link Interleave}): every target started and checked, each warmed once with the plan's
 * ramp-up and warm-up, all kept up, then the load moved between them slice by slice ({@link SliceLoop}). Each slice is
 * a JMeter load of its own, the plan's users from the first second, its settle as the load's warm-up (thrown away) and
 * its counted span as the load's window, so the window's and the cost's own functions read it. The targets' processes
 * and slow-server's are sampled from the first slice to the last.
 * <p>
 * Each target's point is made of its counted spans laid end to end: exact percentiles from every counted sample,
 * throughput over the counted seconds. Its cost per request is in the slices ({@link SideBySide}), read round by round
 * into ratios; the point itself carries none, since no one window of the target's process holds it. What it does carry
 * is how its clients connected ({@link ConnectionProbe}), counted over each counted span and added up: a slice starts
 * its users afresh, so their connections open in its settle, which no figure counts. The count starts where the span
 * was planned to, also in a slice whose span starts later because its connections waited to be accepted
 * ({@code SliceFigures.acceptedAll}): such a slice adds the few connections opened in between, none of its requests.
 */
final class Interleaved {

    /**
     * The one probe a slice runs: the others need a whole window of their own (full collections at rest and under
     * load, a recording the JVM writes as it stops), which a slice of seconds is not.
     */
    private static final ConnectionProbe CONNECTIONS = new ConnectionProbe();

    private final Plan plan;
    private final Interleave interleave;
    private final Setup setup;
    private final Services services;
    private final Path raw;
    private final PrintStream out;

    Interleaved(Plan plan, Setup setup, Services services, Path raw, PrintStream out) {
        this.plan = plan;
        this.interleave = plan.interleave().orElseThrow();
        this.setup = setup;
        this.services = services;
        this.raw = raw;
        this.out = out;
    }

    /** @param sideBySide the slices, empty when no target could be measured */
    record Result(List<Point> points, Optional<SideBySide> sideBySide) {}

    /** Runs it on the started backend; every target started here is stopped before it returns. */
    Result run(StartedTarget backend) {
        Map<Target, StartedTarget> up = new LinkedHashMap<>();
        Map<Target, String> lost = new LinkedHashMap<>();
        Map<Target, ProcessSampler> samplers = new LinkedHashMap<>();
        try (Closer opened = new Closer()) {
            for (Target target : plan.targets()) {
                try {
                    StartedTarget started = target.isApp()
                            ? opened.add(StartedTarget.app(target, 1, backend, plan, setup, services, out))
                            : backend;
                    if (!target.isApp()) {
                        backend.checkContract();
                    }
                    warm(started);
                    up.put(target, started);
                } catch (LabProcess.StartFailure | SliceLoop.Lost failure) {
                    out.println("FAILED " + failure.getMessage());
                    lost.put(target, failure.getMessage());
                }
            }
            for (StartedTarget started : up.values()) {
                started.startSampler().map(opened::add).ifPresent(s -> samplers.put(started.target(), s));
            }
            Map<Target, List<Sample>> counted = new LinkedHashMap<>();
            Map<Target, Optional<ConnectionFigures>> connections = new LinkedHashMap<>();
            up.keySet().forEach(target -> counted.put(target, new ArrayList<>()));
            SliceSchedule schedule = interleave.schedule(
                    List.copyOf(up.keySet()), plan.backend().seed().orElse(34));
            out.printf(
                    Locale.ROOT,
                    "interleaved: %d targets, %d rounds of %d s slices (%d s settle), about %d min%n",
                    up.size(),
                    interleave.rounds(),
                    interleave.slice().toSeconds(),
                    interleave.settle().toSeconds(),
                    schedule.length().toMinutes());
            SliceLoop.Result sliced = up.isEmpty()
                    ? new SliceLoop.Result(List.of(), Map.of())
                    : SliceLoop.run(
                            schedule,
                            System::currentTimeMillis,
                            slice -> slice(up.get(slice.target()), slice, samplers, backend, counted, connections));
            lost.putAll(sliced.lost());
            List<Point> points = new ArrayList<>();
            for (Target target : plan.targets()) {
                if (!lost.containsKey(target)
                        && sliced.slices().stream()
                                .noneMatch(s -> s.target().equals(target.name()) && s.countedAny())) {
                    lost.put(
                            target,
                            target.name() + ": in every slice, connections waited to be accepted until its end,"
                                    + " so no slice measured the plan's load");
                }
                if (lost.containsKey(target)) {
                    Path log = target.isApp() ? services.logOf(target, 1) : backend.log();
                    points.add(Point.failed(target, plan.load(), 1, new Outcome.Failed(lost.get(target), log)));
                } else {
                    points.add(point(
                            target,
                            sliced.slices(),
                            counted.get(target),
                            connections.getOrDefault(target, Optional.empty())));
                }
            }
            return new Result(
                    points,
                    sliced.slices().isEmpty()
                            ? Optional.empty()
                            : Optional.of(new SideBySide(
                                    interleave.rounds(),
                                    interleave.slice().toSeconds(),
                                    interleave.settle().toSeconds(),
                                    schedule.seed(),
                                    sliced.slices(),
                                    true)));
        }
    }

    /** One warm-up per target, the plan's ramp-up and warm-up (until its JIT is quiet, if the plan says so). */
    private void warm(StartedTarget target) throws SliceLoop.Lost {
        Phases phases = new Phases(
                plan.phases().rampUp(),
                plan.phases().warmUp(),
                Duration.ofSeconds(1),
                plan.phases().timeout(),
                plan.phases().untilJitSettles());
        Optional<ProcessSampler> sampler = target.target().isApp() ? target.startSampler() : Optional.empty();
        try {
            load(
                    target,
                    phases,
                    target.target().name() + " warm-up",
                    raw.resolve(target.target().name()).resolve("warm-up"),
                    () -> sampler.map(s -> Verdicts.jitSettled(s.samples(), System.currentTimeMillis()))
                            .orElse(true),
                    WindowClock.WindowStart.NOTHING);
        } finally {
            sampler.ifPresent(ProcessSampler::close);
        }
    }

    /**
     * One slice: the load on its target for the settle and the counted span, then its figures over that span, and the
     * connections its clients opened in that span added to the target's.
     */
    private SliceFigures slice(
            StartedTarget target,
            SliceSchedule.Slice planned,
            Map<Target, ProcessSampler> samplers,
            StartedTarget backend,
            Map<Target, List<Sample>> counted,
            Map<Target, Optional<ConnectionFigures>> connections)
            throws SliceLoop.Lost {
        Phases phases = new Phases(
                Duration.ZERO,
                interleave.settle(),
                interleave.counted(),
                plan.phases().timeout(),
                false);
        String name = target.target().name();
        String label = name + " round " + (planned.round() + 1);
        Optional<Probe.Running<ConnectionFigures>> counting =
                CONNECTIONS.start(target.probed(label, Optional.empty()).over(interleave.counted()));
        try {
            LoadRun.Result result = load(
                    target,
                    phases,
                    label,
                    raw.resolve(name).resolve("round-" + (planned.round() + 1)),
                    () -> true,
                    windowStart -> {
                        counting.ifPresent(c -> c.windowBegan(windowStart));
                        return windowStart;
                    });
            // The span the load actually had, from its first request: what its window's functions count.
            SliceSchedule.Slice slice = new SliceSchedule.Slice(
                    planned.round(),
                    planned.target(),
                    Math.min(result.runStartMillis(), result.windowStartMillis()),
                    result.windowStartMillis(),
                    result.windowEndMillis());
            counted.get(target.target()).addAll(slice.counted(result.samples(), Sample::endMillis));
            Optional<ResourceSamples> own =
                    Optional.ofNullable(samplers.get(target.target())).map(ProcessSampler::samples);
            Optional<ResourceSamples> behind = backend.backendSampler().map(ProcessSampler::samples);
            SliceFigures figures = target.target().isApp()
                    ? SliceFigures.of(slice, result.samples(), own, behind)
                    // direct is slow-server itself: its own process is the backend's.
                    : SliceFigures.of(slice, result.samples(), behind, Optional.empty());
            if (figures.countedAny()) {
                Optional<ConnectionFigures> opened = counting.flatMap(c -> c.stop()
                        .over(new Probed.Ended(
                                figures.counted(),
                                RunStats.compute(
                                        result.samples(),
                                        figures.counted(),
                                        Ceiling.perSecond(target.target(), plan.load(), plan)),
                                own,
                                Optional.empty())));
                // A slice without a count leaves the target without one: a sum over some slices is no figure.
                connections.merge(target.target(), opened, (before, now) -> before.flatMap(b -> now.map(b::plus)));
            }
            out.printf(
                    Locale.ROOT,
                    "[%s] %d requests counted, %.1f good req/s%n",
                    label,
                    figures.requests(),
                    figures.goodPerSecond());
            return figures;
        } finally {
            counting.ifPresent(Probe.Running::close);
        }
    }

    /** A load on a target, watched: a death or a failed run loses the target. */
    private LoadRun.Result load(
            StartedTarget target,
            Phases phases,
            String label,
            Path rawDir,
            java.util.function.BooleanSupplier jit,
            WindowClock.WindowStart windowStart)
            throws SliceLoop.Lost {
        LoadRun run = new LoadRun(
                label,
                services.sampler(target.target(), Optional.empty()),
                plan.load(),
                phases,
                rawDir,
                false,
                out,
                jit,
                windowStart,
                services.generator());
        try (HealthWatch watch = HealthWatch.of(target.watched(), run::lastAnswerMillis, run::stop)) {
            LoadRun.Result result = run.run();
            Optional<HealthWatch.Died> died = watch.death();
            if (died.isPresent()) {
                throw new SliceLoop.Lost(label + ": " + died.get().reason());
            }
            return result;
        } catch (IOException | RuntimeException e) {
            throw new SliceLoop.Lost(label + ": the load run failed: " + e);
        }
    }

    /**
     * A target's point from its counted spans laid end to end: each span's samples moved back by the gaps before it,
     * so that one window of the counted seconds holds every counted sample, response times unchanged.
     */
    private Point point(
            Target target, List<SliceFigures> slices, List<Sample> samples, Optional<ConnectionFigures> connections) {
        List<SliceFigures> own = slices.stream()
                .filter(s -> s.target().equals(target.name()) && s.countedAny())
                .toList();
        long start = own.getFirst().settleEndMillis();
        long at = start;
        List<Sample> laid = new ArrayList<>();
        for (SliceFigures slice : own) {
            long shift = slice.settleEndMillis() - at;
            MeasurementWindow span = slice.counted();
            for (Sample s : samples) {
                if (span.counts(s)) {
                    laid.add(new Sample(
                            s.startMillis() - shift,
                            s.endMillis() - shift,
                            s.success(),
                            s.responseCode(),
                            s.failureMessage(),
                            s.backendDelayMs(),
                            s.scheduledMillis() == Sample.NOT_SCHEDULED
                                    ? Sample.NOT_SCHEDULED
                                    : s.scheduledMillis() - shift));
                }
            }
            at += span.endMillis() - span.startMillis();
        }
        MeasurementWindow window = new MeasurementWindow(start, Math.max(start + 1, at));
        RunStats stats = RunStats.compute(laid, window, Ceiling.perSecond(target, plan.load(), plan));
        try {
            SamplesCsv.write(raw.resolve(target.name()).resolve("samples.csv"), laid);
        } catch (IOException e) {
            out.println("[" + target.name() + "] samples.csv not written: " + e.getMessage());
        }
        return new Point(
                target,
                plan.load(),
                1,
                new Outcome.Measured(stats),
                ResourceCost.NONE.withProbe(ConnectionFigures.KEY, connections),
                Series.of(laid, start));
    }
}
