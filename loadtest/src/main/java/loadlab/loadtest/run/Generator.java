package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import loadlab.loadtest.engine.AddressBoundSockets;
import loadlab.loadtest.engine.EngineProperties;
import loadlab.loadtest.plan.Engines;
import loadlab.loadtest.plan.LoadShape;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jorphan.collections.HashTree;
import us.abstracta.jmeter.javadsl.core.DslTestPlan;
import us.abstracta.jmeter.javadsl.core.engines.DistributedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.EmbeddedJmeterEngine;
import us.abstracta.jmeter.javadsl.core.engines.TestStopper;

/**
 * Runs a JMeter plan where the load comes from: in this JVM, or on the remote engines, each of which runs the whole
 * plan with its share of the load while its samples stream back here. Either way the plan's listeners run in this JVM,
 * so everything downstream sees the same samples; and either way a running plan can be stopped early, gracefully
 * (once a window is over) or at once (its target died).
 */
public final class Generator {

    /**
     * How long past its planned end a plan on remote engines may run before it is stopped: an engine that dies never
     * reports its end, and the controller would wait for it forever.
     */
    private static final Duration REMOTE_GRACE = Duration.ofSeconds(60);

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

    /** How often a running plan's engines are checked, and how long the live ones get to stop once one is lost. */
    private static final Duration ENGINE_CHECK_EVERY = Duration.ofSeconds(1);

    private static final Duration STOP_WAIT = Duration.ofSeconds(5);

    private final Engines engines;
    /** The engines said to give no figures: once a run, not at every load. */
    private final Set<String> noted = ConcurrentHashMap.newKeySet();

    private volatile Runnable stop = StandardJMeterEngine::stopEngine;
    private volatile Runnable stopNow = StandardJMeterEngine::stopEngineNow;

    Generator(Engines engines) {
        this.engines = engines;
    }

    /**
     * The engines that do not accept a connection on their registry port, each as one line: checked before anything
     * starts, since a run whose engine is down would otherwise start every service for nothing.
     */
    public static List<String> unreachable(Engines engines) {
        List<String> reasons = new ArrayList<>();
        for (Engines.Address engine : engines.addresses()) {
            refusal(engine)
                    .ifPresent(refused -> reasons.add("engine " + engine + " does not answer (" + refused
                            + "): start it with `make engine BIND=" + engine.host() + " PORT=" + engine.port()
                            + "`, or leave it out of engines"));
        }
        return reasons;
    }

    /** Why an engine's registry port refuses a connection; empty when it accepts one. */
    private static Optional<String> refusal(Engines.Address engine) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(engine.host(), engine.port()), (int) CONNECT_TIMEOUT.toMillis());
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of(String.valueOf(e.getMessage()));
        }
    }

    /** What each engine sends so that together they send {@code load}; all of it when JMeter runs here. */
    LoadShape share(LoadShape load) {
        return engines.share(load);
    }

    /** Ends the plan once in-flight requests are done. */
    void stop() {
        stop.run();
    }

    /** Ends the plan at once, in-flight requests included. */
    void stopNow() {
        stopNow.run();
    }

    /**
     * Runs the plan to its end, or until stopped.
     *
     * @param planned how long the plan lasts if nothing stops it
     */
    void run(DslTestPlan plan, Duration planned) throws IOException, InterruptedException, TimeoutException {
        if (engines.isLocal()) {
            plan.runIn(withProperties(new EmbeddedJmeterEngine()));
            return;
        }
        Engines.Callback callback = prepareRmi();
        Remote remote = new Remote(
                engines.addresses().stream().map(Engines.Address::toString).toArray(String[]::new));
        // A fixed port, when one is given, so that a firewall between the engines and here opens it and the next.
        remote.localBasePort(callback.jmeterLocalPort());
        stop = remote::stopAll;
        stopNow = remote::stopAll;
        Thread running = Thread.currentThread();
        ScheduledExecutorService guard = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-engines-guard");
            thread.setDaemon(true);
            return thread;
        });
        AtomicBoolean overran = new AtomicBoolean();
        AtomicReference<String> lost = new AtomicReference<>();
        // An engine that dies takes its share of the samples with it: the load ends as soon as its port refuses, not
        // at the grace's end, and the wait for its end report (which never comes) is cut short.
        guard.scheduleWithFixedDelay(
                () -> {
                    for (Engines.Address engine : engines.addresses()) {
                        Optional<String> refused = refusal(engine);
                        if (refused.isPresent()
                                && lost.compareAndSet(
                                        null,
                                        "engine " + engine + " stopped answering during the load (" + refused.get()
                                                + "): its share of the samples is missing")) {
                            remote.stopAll();
                            guard.schedule(running::interrupt, STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
                        }
                    }
                },
                ENGINE_CHECK_EVERY.toMillis(),
                ENGINE_CHECK_EVERY.toMillis(),
                TimeUnit.MILLISECONDS);
        long deadline = planned.plus(REMOTE_GRACE).toMillis();
        guard.schedule(
                () -> {
                    overran.set(true);
                    remote.stopAll();
                },
                deadline,
                TimeUnit.MILLISECONDS);
        // The DSL waits for every engine to report its end, and an engine that died never does: interrupting the
        // wait is what ends it.
        guard.schedule(running::interrupt, deadline + REMOTE_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        try {
            runIn(plan, remote, lost);
        } finally {
            guard.shutdownNow();
            // An interrupt that came after the plan ended must not hit whatever this thread does next.
            Thread.interrupted();
            stop = StandardJMeterEngine::stopEngine;
            stopNow = StandardJMeterEngine::stopEngineNow;
        }
        if (lost.get() != null) {
            throw new IOException(lost.get());
        }
        if (overran.get()) {
            // Its samples are only the other engines' share: a measurement of part of the load is no measurement.
            throw new IOException("the remote engines had not all ended " + REMOTE_GRACE.toSeconds()
                    + " s after the load's planned end: an engine of " + engines.addresses() + " stopped answering");
        }
    }

    /**
     * RMI exports this JVM's listeners on the address it names, which the engines call back on with their samples; by
     * itself it would listen on every interface, so its sockets are bound to that address alone, over TLS with the
     * run's keystore when any engine is off loopback. RMI reads the name once per JVM, and JMeter its listeners' port:
     * one JVM, one callback, which the lab's one setup per run gives. The same sockets reach the engines' figures.
     */
    private Engines.Callback prepareRmi() throws IOException {
        Engines.Callback callback = engines.callback();
        System.setProperty("java.rmi.server.hostname", callback.host());
        AddressBoundSockets.install(InetAddress.getByName(callback.host()), engines.keystore());
        return callback;
    }

    /**
     * Starts reading each remote engine's own figures for one load; nothing when JMeter runs here. An engine that
     * cannot be read is said once a run, in one line on {@code out}, and its load goes on without its figures.
     */
    EngineSamplers sampleEngines(PrintStream out, String label) throws IOException {
        if (engines.isLocal()) {
            return EngineSamplers.NONE;
        }
        prepareRmi();
        return EngineSamplers.start(engines, (engine, line) -> {
            if (noted.add(engine.toString())) {
                out.println("[" + label + "] " + line);
            }
        });
    }

    /** The plan on the engines; an interrupt after one of them was lost is that loss, not an interrupted run. */
    private static void runIn(DslTestPlan plan, Remote remote, AtomicReference<String> lost)
            throws IOException, InterruptedException, TimeoutException {
        try {
            plan.runIn(withProperties(remote)
                    // Batches of samples at least every second, so that progress and the health watch stay current.
                    .prop("mode", "StrippedBatch")
                    .prop("num_sample_threshold", "100")
                    .prop("time_threshold", "1000"));
        } catch (InterruptedException | RuntimeException e) {
            // Stopping engines while one is gone can fail too; the loss is the reason, not what it broke.
            if (lost.get() == null) {
                throw e;
            }
        }
    }

    /** What this JVM needs, locally or as the controller: the properties every engine is started with as well. */
    private static EmbeddedJmeterEngine withProperties(EmbeddedJmeterEngine engine) {
        // The summariser's lines ("+ 775 in 00:00:06 = 123.0/s") would interleave with the lab's progress lines.
        engine.prop("summariser.out", "false").prop("summariser.log", "false");
        for (Map.Entry<String, String> shared : EngineProperties.shared().entrySet()) {
            engine.prop(shared.getKey(), shared.getValue());
        }
        return engine;
    }

    /** The DSL's distributed engine, with a way to stop every remote engine from another thread. */
    private static final class Remote extends DistributedJmeterEngine {
        private volatile TestRunner runner;

        Remote(String... hosts) {
            super(hosts);
        }

        @Override
        protected TestRunner buildTestRunner(HashTree testPlanTree, HashTree rootTree, TestStopper stopper) {
            runner = super.buildTestRunner(testPlanTree, rootTree, stopper);
            return runner;
        }

        void stopAll() {
            TestRunner started = runner;
            if (started != null) {
                started.stop();
            }
        }
    }
}
