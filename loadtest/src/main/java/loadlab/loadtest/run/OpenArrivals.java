package loadlab.loadtest.run;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpHeaders;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import loadlab.loadtest.engine.EngineProperties;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.RateProfile;
import org.apache.jmeter.control.LoopController;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jmeter.threads.gui.ThreadGroupGui;
import org.apache.jmeter.timers.Timer;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;
import org.apache.jorphan.util.JMeterStopThreadException;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup;

/**
 * Requests that arrive at random (a Poisson stream) at a set rate, whatever the target does with the earlier ones, each
 * timed from when it was due: a fixed pool of {@code maxThreads} generator threads, each taking the next arrival of a
 * seeded schedule ({@link ArrivalSchedule}), waiting until its intended time and sending it, with that time carried
 * on its sample ({@link #INTENDED_VARIABLE}). JMeter's own Precise Throughput Timer works this way.
 * <p>
 * JMeter's open-model thread group, which this replaces, started a new thread for each arrival: a sample's start was
 * its actual send, so a generator that fell behind sent its late arrivals in a burst and their wait was counted
 * nowhere; and since JMeter's connections belong to its threads, every arrival opened a new TCP connection (about 46 a
 * second at 50 req/s), so each open-workload latency included a connect and every open run loaded the app's accept
 * path, which no closed run did. Here the connections are the pool's ({@link LoadShape.Open.Connections#POOLED}, the
 * default: what a gateway, a mesh's sidecar or a calling service does in front of a service, and what the closed runs
 * do, so that open and closed runs differ in how requests arrive, not in what each one costs the target); a crowd of
 * distinct clients, one connection per arrival, is kept as {@link LoadShape.Open.Connections#PER_ARRIVAL}, each
 * request asking the target to close its connection after answering.
 * <p>
 * The threads and the timer are JMeter elements of their own, not lambdas, so that the whole mechanism runs on remote
 * engines too; each engine draws its own share of the arrivals from the seed and its own name.
 */
final class OpenArrivals extends BaseThreadGroup<OpenArrivals> {

    /**
     * The variable that carries an arrival's intended time (epoch millis) with its sample, which {@link
     * EngineProperties} makes JMeter send back from the engines with each sample.
     */
    static final String INTENDED_VARIABLE = "intendedMs";

    /**
     * The seed of every open load's arrivals, so that each target of a plan, and each run of it, meets the same
     * stream.
     */
    static final long SEED = 0x10adL;

    private final LoadShape.Open load;
    private final Duration rampUp;
    private final Duration windowStart;
    private final Duration length;
    private final long seed;

    /**
     * @param windowStart when the window starts after the load's first arrival: ramp-up and warm-up, where the rate's
     *     steps are placed from
     * @param length      how long arrivals come, ramp-up included
     */
    OpenArrivals(String name, LoadShape.Open load, Duration rampUp, Duration windowStart, Duration length, long seed) {
        super(name, ThreadGroupGui.class, new ArrayList<>(children(load)));
        this.load = load;
        this.rampUp = rampUp;
        this.windowStart = windowStart;
        this.length = length;
        this.seed = seed;
        // Validates the shape of the schedule before anything starts.
        new ArrivalSchedule(load.rates(), rampUp, windowStart, length, seed);
    }

    private static List<ThreadGroupChild> children(LoadShape.Open load) {
        List<ThreadGroupChild> children = new ArrayList<>();
        children.add(new ArrivalTimer.Child());
        if (load.connections() == LoadShape.Open.Connections.PER_ARRIVAL) {
            children.add(httpHeaders().header("Connection", "close"));
        }
        return children;
    }

    @Override
    protected AbstractThreadGroup buildThreadGroup() {
        Pool pool = new Pool();
        pool.setNumThreads(load.maxThreads());
        // Every thread from the start: they wait for arrivals, and the ramp-up is the schedule's.
        pool.setRampUp(0);
        LoopController loop = new LoopController();
        loop.setLoops(-1);
        pool.setSamplerController(loop);
        pool.setScheduler(true);
        // A second past the schedule, which ends the threads itself; JMeter's end is the backstop.
        pool.setDuration(length.toSeconds() + 1);
        // A pool's thread is a connection of one client reused from request to request, not a new visitor each time.
        pool.setIsSameUserOnNextIteration(true);
        pool.setProperty(Pool.RATES, rates(load.rates()));
        pool.setProperty(Pool.RAMP_UP_MS, rampUp.toMillis());
        pool.setProperty(Pool.WINDOW_START_MS, windowStart.toMillis());
        pool.setProperty(Pool.LENGTH_MS, length.toMillis());
        pool.setProperty(Pool.SEED, seed);
        return pool;
    }

    /** The profile as a property: {@code from_ms:rate} steps, comma separated. */
    static String rates(RateProfile rates) {
        return String.join(
                ",",
                rates.steps().stream()
                        .map(step ->
                                step.from().toMillis() + ":" + String.format(Locale.ROOT, "%s", step.ratePerSecond()))
                        .toList());
    }

    static RateProfile rates(String property) {
        List<RateProfile.Step> steps = new ArrayList<>();
        for (String step : property.split(",")) {
            String[] parts = step.split(":");
            steps.add(new RateProfile.Step(Duration.ofMillis(Long.parseLong(parts[0])), Double.parseDouble(parts[1])));
        }
        return new RateProfile(steps);
    }

    /**
     * JMeter's thread group with the arrivals' schedule behind it: the threads it starts are the pool, and its stop
     * (graceful or not) also ends the arrivals, so that threads waiting for one end at once instead of each taking one
     * more before noticing.
     */
    public static final class Pool extends ThreadGroup {

        static final String RATES = "OpenArrivals.rates";
        static final String RAMP_UP_MS = "OpenArrivals.rampUpMs";
        static final String WINDOW_START_MS = "OpenArrivals.windowStartMs";
        static final String LENGTH_MS = "OpenArrivals.lengthMs";
        static final String SEED = "OpenArrivals.seed";

        private transient volatile ArrivalDispatch dispatch;

        @Override
        public void start(
                int groupNumber, ListenerNotifier notifier, ListedHashTree tree, StandardJMeterEngine engine) {
            ArrivalSchedule schedule = new ArrivalSchedule(
                    rates(getPropertyAsString(RATES)),
                    Duration.ofMillis(getPropertyAsLong(RAMP_UP_MS)),
                    Duration.ofMillis(getPropertyAsLong(WINDOW_START_MS)),
                    Duration.ofMillis(getPropertyAsLong(LENGTH_MS)),
                    ArrivalSchedule.seedOf(getPropertyAsLong(SEED), EngineProperties.thisEngine()));
            // The samples' own clock, so that an arrival's lag is the difference of two readings of one clock.
            SampleResult clock = new SampleResult();
            dispatch = new ArrivalDispatch(schedule, clock::currentTimeInMillis);
            super.start(groupNumber, notifier, tree, engine);
        }

        ArrivalDispatch dispatch() {
            ArrivalDispatch started = dispatch;
            if (started == null) {
                throw new IllegalStateException("the arrivals' thread group has not started");
            }
            return started;
        }

        @Override
        public void stop() {
            close();
            super.stop();
        }

        @Override
        public void tellThreadsToStop(boolean now) {
            close();
            super.tellThreadsToStop(now);
        }

        private void close() {
            ArrivalDispatch started = dispatch;
            if (started != null) {
                started.close();
            }
        }
    }

    /**
     * Before each request of a pool's thread: waits for the thread's next arrival and records its intended time in the
     * thread's variables, which JMeter copies into the sample. It ends the thread once the arrivals have ended.
     */
    public static final class ArrivalTimer extends AbstractTestElement implements Timer {

        @Override
        public long delay() {
            if (!(JMeterContextService.getContext().getThreadGroup() instanceof Pool pool)) {
                throw new IllegalStateException("an arrival timer outside an arrivals' thread group");
            }
            try {
                ArrivalDispatch.Arrival arrival =
                        pool.dispatch().take().orElseThrow(() -> new JMeterStopThreadException("arrivals ended"));
                JMeterContextService.getContext()
                        .getVariables()
                        .put(INTENDED_VARIABLE, Long.toString(arrival.intendedMillis()));
                return 0;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new JMeterStopThreadException("interrupted while waiting for an arrival");
            }
        }

        /** The timer as a child of the thread group, in scope of every sampler in it. */
        static final class Child implements ThreadGroupChild {
            @Override
            public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
                ArrivalTimer timer = new ArrivalTimer();
                timer.setName("arrival times");
                return parent.add(timer);
            }

            @Override
            public void showInGui() {}
        }
    }
}
