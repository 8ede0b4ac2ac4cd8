package loadlab.loadtest.run;

import static us.abstracta.jmeter.javadsl.JmeterDsl.htmlReporter;
import static us.abstracta.jmeter.javadsl.JmeterDsl.jtlWriter;
import static us.abstracta.jmeter.javadsl.JmeterDsl.regexExtractor;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.OpenLoop;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import us.abstracta.jmeter.javadsl.core.DslTestPlan.TestPlanChild;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * One load against one URL, closed-loop or open (arrivals at a rate, constant or in steps): ramp up, warm up, measure,
 * with every sample kept.
 * <p>
 * The plan keeps running for {@link #TAIL} after the window so the last second of the window is still steady state;
 * which samples count is decided afterwards, from their timestamps, not by the plan.
 */
final class LoadRun {

    static final Duration TAIL = Duration.ofSeconds(2);
    /** How fast a spike's users arrive, and leave: "within a second". */
    private static final Duration SPIKE_RAMP = Duration.ofSeconds(1);

    private static final Pattern HTTP_STATUS = Pattern.compile("\\d{3}");
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

    private final String label;
    private final ThreadGroupChild sampler;
    private final LoadShape shape;
    private final Phases phases;
    private final Path rawDir;
    private final boolean dashboard;
    private final PrintStream progress;
    private final BooleanSupplier jitSettled;
    private final WindowClock.WindowStart onWindowStart;
    private final Generator generator;

    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final AtomicLong completed = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong lastAnswerMillis = new AtomicLong();
    private final AtomicLong firstRequestMillis = new AtomicLong();

    /**
     * @param sampler    what each user sends, again and again: an HTTP GET, or the direct row's query
     * @param dashboard  whether to write JMeter's HTML dashboard; a sweep of thirty runs skips it to save minutes
     * @param jitSettled    whether the target's JIT compiler is quiet now, for a warm-up that lasts until it is
     * @param onWindowStart what begins with the measured window (a backend schedule)
     * @param generator     where JMeter runs: here, or on remote engines that each send a share of {@code shape}
     */
    public LoadRun(
            String label,
            ThreadGroupChild sampler,
            LoadShape shape,
            Phases phases,
            Path rawDir,
            boolean dashboard,
            PrintStream progress,
            BooleanSupplier jitSettled,
            WindowClock.WindowStart onWindowStart,
            Generator generator) {
        this.label = label;
        this.sampler = sampler;
        this.shape = shape;
        this.phases = phases;
        this.rawDir = rawDir;
        this.dashboard = dashboard;
        this.progress = progress;
        this.jitSettled = jitSettled;
        this.onWindowStart = onWindowStart;
        this.generator = generator;
    }

    /** When the target last answered a request with any HTTP status: a refusal or a timeout is no answer. */
    long lastAnswerMillis() {
        return lastAnswerMillis.get();
    }

    /** Ends the running load at once, in-flight requests included: its target has died. */
    void stop() {
        generator.stopNow();
    }

    /**
     * What one run yields: every sample, and the measurement window placed on the run's own clock.
     *
     * @param jitSettled false when the warm-up ended at its longest with the target's JIT still compiling
     */
    public record Result(
            List<Sample> samples,
            long windowStartMillis,
            long windowEndMillis,
            long runStartMillis,
            boolean jitSettled) {}

    public Result run() throws IOException {
        try (WindowClock clock =
                new WindowClock(phases, firstRequestMillis::get, jitSettled, generator::stop, onWindowStart)) {
            runJmeter(clock.hold());
            List<Sample> kept = new ArrayList<>(samples);
            // The clock starts with the first request, not with JMeter's own start-up.
            long firstStart =
                    kept.stream().mapToLong(Sample::intendedMillis).min().orElse(System.currentTimeMillis());
            long windowStart = clock.windowStart(firstStart)
                    .orElse(firstStart + phases.rampUp().plus(phases.warmUp()).toMillis());
            sayIfTheGeneratorFellBehind(kept, MeasurementWindow.ofSeconds(windowStart, phases.windowSeconds()));
            return new Result(
                    List.copyOf(kept),
                    windowStart,
                    windowStart + phases.window().toMillis(),
                    firstStart,
                    clock.settled());
        }
    }

    /**
     * An open load whose generator sent its window's arrivals too late for their latencies to be the target's alone
     * says so as it ends, so that nobody reads its figures as the target's before the report flags them.
     */
    private void sayIfTheGeneratorFellBehind(List<Sample> kept, MeasurementWindow window) {
        OpenLoop.of(kept.stream().filter(window::counts).toList())
                .filter(OpenLoop::generatorBehind)
                .ifPresent(open -> progress.printf(
                        Locale.ROOT,
                        "[%s] the load generator fell behind its schedule: lag p50 %d ms, p99 %d ms, max %d ms, over"
                                + " the %d ms its latencies can carry%n",
                        label,
                        open.lag().p50Ms(),
                        open.lag().p99Ms(),
                        open.lag().maxMs(),
                        open.lagLimitMs()));
    }

    private void runJmeter(Duration hold) throws IOException {
        Duration total = phases.rampUp().plus(hold);
        long runStart = System.currentTimeMillis();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "loadlab-progress");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(
                new ProgressLine(runStart, total),
                PROGRESS_EVERY.toMillis(),
                PROGRESS_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
        SampleKeeper keeper = new SampleKeeper(this::keep);
        try {
            List<TestPlanChild> plan = new ArrayList<>(List.of(
                    users(
                            hold,
                            sampler,
                            regexExtractor(SampleKeeper.DELAY_VARIABLE, Sample.DELAY_MS_REGEX)
                                    .defaultValue("")),
                    keeper,
                    jtlWriter(rawDir.toString(), "samples.jtl")));
            if (dashboard) {
                plan.add(htmlReporter(rawDir.toString(), "dashboard"));
            }
            generator.run(testPlan(plan.toArray(TestPlanChild[]::new)), total);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(label + ": interrupted", e);
        } catch (TimeoutException e) {
            throw new IOException(label + ": JMeter did not stop in time", e);
        } finally {
            keeper.close();
            ticker.shutdownNow();
        }
    }

    /** The same phases for both shapes: ramp up to the load, then hold it through warm-up, window and tail. */
    private TestPlanChild users(Duration hold, ThreadGroupChild... children) {
        return switch (generator.share(shape)) {
            case LoadShape.Closed closed ->
                threadGroup(label + " users")
                        .rampTo(closed.users(), phases.rampUp())
                        .holdFor(hold)
                        .children(children);
            case LoadShape.Open open -> {
                // A rate's steps are placed from the window's start, which a warm-up that waits for the JIT leaves
                // open.
                if (!open.rates().isConstant() && phases.untilJitSettles()) {
                    throw new IllegalArgumentException(
                            label + ": a rate with steps needs a fixed warm-up, not one that waits for the JIT");
                }
                yield new OpenArrivals(
                                label + " arrivals",
                                open,
                                phases.rampUp(),
                                phases.rampUp().plus(phases.warmUp()),
                                phases.rampUp().plus(hold),
                                OpenArrivals.SEED)
                        .children(children);
            }
            // A fixed warm-up (the plan refuses a spike with a JIT warm-up), so the stages fall where the window does.
            case LoadShape.Spike spike ->
                threadGroup(label + " users")
                        .rampTo(spike.users(), phases.rampUp())
                        .holdFor(phases.warmUp().plus(spike.before()))
                        .rampTo(spike.users() * spike.factor(), SPIKE_RAMP)
                        .holdFor(spike.during().minus(SPIKE_RAMP))
                        .rampTo(spike.users(), SPIKE_RAMP)
                        .holdFor(spike.after().minus(SPIKE_RAMP).plus(TAIL))
                        .children(children);
        };
    }

    private void keep(Sample sample) {
        samples.add(sample);
        // The earliest due, not the first to complete: an open load's schedule, and its rate steps, start there.
        firstRequestMillis.accumulateAndGet(
                sample.intendedMillis(), (first, due) -> first == 0 ? due : Math.min(first, due));
        completed.incrementAndGet();
        if (HTTP_STATUS.matcher(sample.responseCode()).matches()) {
            lastAnswerMillis.accumulateAndGet(sample.endMillis(), Math::max);
        }
        if (ErrorClass.classify(sample).isPresent()) {
            errors.incrementAndGet();
        }
    }

    /** One line every few seconds, so a ten-minute run is never silent. */
    private final class ProgressLine implements Runnable {
        private final long start;
        private final Duration total;
        private long lastCount;
        private long lastMillis;

        ProgressLine(long start, Duration total) {
            this.start = start;
            this.total = total;
            this.lastMillis = start;
        }

        @Override
        public void run() {
            long now = System.currentTimeMillis();
            long count = completed.get();
            double rate = (count - lastCount) * 1000.0 / Math.max(1, now - lastMillis);
            lastCount = count;
            lastMillis = now;
            progress.printf(
                    Locale.ROOT,
                    "[%s] %ds/%ds  requests %d  now %.1f req/s  errors %d%n",
                    label,
                    (now - start) / 1000,
                    total.toSeconds(),
                    count,
                    rate,
                    errors.get());
        }
    }
}
