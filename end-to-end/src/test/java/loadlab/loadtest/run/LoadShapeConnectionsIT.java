package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;
import static us.abstracta.jmeter.javadsl.JmeterDsl.testPlan;
import static us.abstracta.jmeter.javadsl.JmeterDsl.threadGroup;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.OpenLoop;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.plan.Engines;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.RateProfile;
import loadlab.testsupport.CountingBackend;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.timers.Timer;
import org.apache.jorphan.collections.HashTree;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import us.abstracta.jmeter.javadsl.core.BuildTreeContext;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * How many TCP connections each load shape of the lab opens at its target, counted exactly by a backend that counts
 * the connections it accepts and, beside it, by {@link ConnectionCount} from the kernel's socket tables; and an open
 * load's generator stalled on purpose, whose lag and latency from the intended time show the stall. JMeter runs each
 * load for a few seconds, through {@link LoadRun} as the lab runs it; nothing here asserts a rate or a duration.
 */
class LoadShapeConnectionsIT {

    /** Each call answered 100 ms after it arrived: a few calls in flight at the rates here. */
    private static final Duration HOLD = Duration.ofMillis(100);

    private static final Phases PHASES =
            new Phases(Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5));

    @TempDir
    Path raw;

    private CountingBackend backend;
    private final List<Process> engines = new ArrayList<>();

    /**
     * The first requests of a JVM, JMeter's and the backend's in one, take seconds rather than 100 ms while their code
     * loads and compiles: an open load's arrivals meanwhile find every thread busy and are sent late, each on a thread,
     * and so a connection, of its own. A pool does that at a stall (its connections follow its concurrency), but the
     * counts here are of a warm generator.
     */
    @BeforeAll
    static void warmUp() {
        try (CountingBackend warm = CountingBackend.start().holdEveryCall(Duration.ofMillis(10))) {
            testPlan(threadGroup(20, 50, httpSampler(warm.baseUrl() + "/"))).run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @BeforeEach
    void backend() {
        backend = CountingBackend.start().holdEveryCall(HOLD);
    }

    @AfterEach
    void stop() throws InterruptedException {
        backend.close();
        for (Process engine : engines) {
            engine.destroy();
            engine.waitFor();
        }
    }

    /** What one load did: its samples, and the connections opened for it, counted both ways. */
    private record Measured(List<Sample> samples, int opened, ConnectionFigures counted) {

        double perRequest() {
            return (double) opened / samples.size();
        }

        @Override
        public String toString() {
            return samples.size() + " requests, " + opened + " connections (" + counted + ")";
        }
    }

    private Measured load(LoadShape shape, Generator generator, ThreadGroupChild... extra) throws IOException {
        int before = backend.connectionsOpened();
        // Read every 20 ms, not the lab's 200: a connection reset leaves no TIME_WAIT, so one opened and reset between
        // two readings is missed, and with end-to-end's tests beside the apps' own, 20 of 221 one-request connections
        // were; 15 of 221 still were at 20 ms once, which the per-arrival check below allows for.
        ConnectionCount count = ConnectionCount.start(backend.port(), ConnectionCount.TABLES, Duration.ofMillis(20));
        ThreadGroupChild sampler = httpSampler("GET /", backend.baseUrl() + "/")
                .connectionTimeout(PHASES.timeout())
                .responseTimeout(PHASES.timeout());
        LoadRun.Result result = new LoadRun(
                        shape.label(),
                        new WithExtras(sampler, List.of(extra)),
                        shape,
                        PHASES,
                        raw.resolve(shape.label()),
                        false,
                        new PrintStream(System.out, true, StandardCharsets.UTF_8),
                        () -> true,
                        WindowClock.WindowStart.NOTHING,
                        generator)
                .run();
        // The generator's threads have ended and closed their connections; the backend has seen every one.
        ConnectionFigures counted = count.stop();
        Measured measured = new Measured(result.samples(), backend.connectionsOpened() - before, counted);
        System.out.println(shape.label() + ": " + measured);
        assertThat(result.samples()).as("samples").isNotEmpty().allMatch(Sample::success);
        if (shape instanceof LoadShape.Open open && open.connections() == LoadShape.Open.Connections.PER_ARRIVAL) {
            // Each arrival's connection is reset as its client ends, which leaves no TIME_WAIT: one that opened and
            // closed while this JVM went unscheduled for longer than it lived (100 ms and more, on a starved host) is
            // in no reading, as ConnectionCount says. The tables never see more than the backend counted.
            assertThat(counted.opened())
                    .as("connections in the socket tables")
                    .isPositive()
                    .isLessThanOrEqualTo(measured.opened());
        } else {
            // Every connection outlived many readings: the kernel's tables saw what the backend counted.
            assertThat(counted.opened()).as("connections in the socket tables").isEqualTo(measured.opened());
        }
        return measured;
    }

    @Test
    void closedUsersKeepOneConnectionEach() throws IOException {
        Measured closed = load(new LoadShape.Closed(10), new Generator(Engines.LOCAL));

        assertThat(closed.opened()).isEqualTo(10);
        assertThat(closed.samples()).noneMatch(Sample::isScheduled).allMatch(s -> s.lagMillis() == 0);
    }

    @Test
    void aSpikeOpensAConnectionForEachUserItAdds() throws IOException {
        LoadShape.Spike spike =
                new LoadShape.Spike(4, 3, Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(1));

        assertThat(load(spike, new Generator(Engines.LOCAL)).opened()).isEqualTo(12);
    }

    @Test
    void openArrivalsReuseThePoolsConnections() throws IOException {
        LoadShape.Open open = new LoadShape.Open(40, 40);

        Measured pooled = load(open, new Generator(Engines.LOCAL));

        assertThat(pooled.samples()).allMatch(Sample::isScheduled);
        // Four calls in flight on average (40/s × 100 ms): the pool's busiest threads carry the load, each on the
        // connection it keeps, and the rest of the forty never connect. How many connect follows the load's peak
        // concurrency, which a busy host raises (13 to 15 of 221 requests here, on a host at a load of 15 to 23), so
        // the bound is the pool's, and each connection carries several requests, where a connection per arrival
        // would carry one.
        assertThat(pooled.opened()).isLessThanOrEqualTo(open.maxThreads());
        assertThat(pooled.perRequest()).isLessThan(0.25);
        OpenLoop figures = stats(pooled.samples()).openLoop().orElseThrow();
        System.out.println(
                "an open load's own lag on this host: " + figures.lag() + ", from intended " + figures.fromIntended());
    }

    @Test
    void openArrivalsFromDistinctClientsConnectEach() throws IOException {
        LoadShape.Open open = new LoadShape.Open(RateProfile.constant(40), 40, LoadShape.Open.Connections.PER_ARRIVAL);

        Measured each = load(open, new Generator(Engines.LOCAL));

        assertThat(each.samples()).allMatch(Sample::isScheduled);
        assertThat(each.opened()).isEqualTo(each.samples().size());
    }

    @Test
    void remoteEnginesKeepTheirUsersConnectionsAndSendTheArrivalsIntendedTimes() throws IOException {
        Generator generator = new Generator(new Engines(
                List.of(engine("127.0.0.2"), engine("127.0.0.3")),
                new Engines.Callback("127.0.0.1", 0),
                Optional.empty()));

        Measured closed = load(new LoadShape.Closed(6), generator);
        assertThat(closed.opened()).isEqualTo(6);

        Measured open = load(new LoadShape.Open(40, 40), generator);
        // Each engine's samples came back with their arrivals' intended times.
        assertThat(open.samples()).allMatch(Sample::isScheduled);
        // Fresh engine JVMs, whose threads also carry the samples back over RMI, use more of their pools (14 to 35
        // connections for about 230 requests here), still several requests to a connection.
        assertThat(open.opened()).isLessThanOrEqualTo(40);
        assertThat(open.perRequest()).isLessThan(0.25);
    }

    @Test
    void aStalledGeneratorShowsItsLagAndTheLatencyFromTheIntendedTime() throws IOException {
        long stallMillis = 500;
        StallOnce.calls.set(0);
        // One generator thread, answered in 5 ms, so that it keeps up with 10 arrivals a second, stalled once for half
        // a second after taking its tenth arrival: the arrivals due meanwhile wait for it, then go out in a burst.
        backend.holdEveryCall(Duration.ofMillis(5));
        Measured stalled =
                load(new LoadShape.Open(10, 1), new Generator(Engines.LOCAL), new StallOnce.Child(10, stallMillis));

        RunStats stats = stats(stalled.samples());
        OpenLoop open = stats.openLoop().orElseThrow();
        Sample late = stalled.samples().stream()
                .max(java.util.Comparator.comparingLong(Sample::lagMillis))
                .orElseThrow();
        assertThat(late.lagMillis()).isGreaterThanOrEqualTo(stallMillis);
        assertThat(late.fromIntendedMillis()).isGreaterThanOrEqualTo(stallMillis + late.elapsedMillis());
        assertThat(open.lag().maxMs()).isGreaterThanOrEqualTo(stallMillis);
        assertThat(open.fromIntended().maxMs()).isGreaterThanOrEqualTo(stallMillis);
        // The target answered each in about 5 ms: only the latency from the intended time carries the stall.
        assertThat(stats.responseTimes().orElseThrow().maxMs()).isLessThan(stallMillis);
        assertThat(open.generatorBehind()).isTrue();
    }

    @Test
    void anOpenLoadEndsWithItsWindowWhenItsWarmUpWaitedForTheJit() throws IOException {
        // A warm-up that lasts until the JIT settles holds the load for up to three minutes more, and the window's
        // end stops it: the pool's idle threads must end then, not each take one more arrival first (800 of them at
        // 40/s would take twenty seconds, each arrival taken and never sent).
        Phases untilJit = new Phases(
                Duration.ofSeconds(1), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5), true);
        LoadShape.Open open = new LoadShape.Open(40, 800);
        LoadRun.Result result = new LoadRun(
                        open.label(),
                        httpSampler("GET /", backend.baseUrl() + "/"),
                        open,
                        untilJit,
                        raw.resolve("until-jit"),
                        false,
                        new PrintStream(System.out, true, StandardCharsets.UTF_8),
                        () -> true,
                        WindowClock.WindowStart.NOTHING,
                        new Generator(Engines.LOCAL))
                .run();
        long ended = System.currentTimeMillis();

        long lastDue = result.samples().stream()
                .mapToLong(Sample::intendedMillis)
                .max()
                .orElseThrow();
        assertThat(lastDue).isLessThan(result.windowEndMillis() + LoadRun.TAIL.toMillis() + 1_000);
        // Ended with the tail, give or take JMeter's own stop, and not a drain of the idle pool later.
        assertThat(ended).isLessThan(result.windowEndMillis() + LoadRun.TAIL.toMillis() + 8_000);
    }

    /** Every sample counted: the window is the whole run. */
    private static RunStats stats(List<Sample> samples) {
        long first = samples.stream().mapToLong(Sample::intendedMillis).min().orElseThrow();
        long last = samples.stream().mapToLong(Sample::endMillis).max().orElseThrow();
        return RunStats.compute(samples, new MeasurementWindow(first, last + 1), 1);
    }

    /** The sampler, with more elements beside it in its thread group. */
    private record WithExtras(ThreadGroupChild sampler, List<ThreadGroupChild> extras) implements ThreadGroupChild {
        @Override
        public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
            for (ThreadGroupChild extra : extras) {
                extra.buildTreeUnder(parent, context);
            }
            return sampler.buildTreeUnder(parent, context);
        }

        @Override
        public void showInGui() {}
    }

    /** A JMeter timer that holds its thread once, after the arrival timer has handed it an arrival: a stall. */
    public static final class StallOnce extends AbstractTestElement implements Timer {
        static final AtomicInteger calls = new AtomicInteger();

        @Override
        public long delay() {
            return calls.incrementAndGet() == getPropertyAsInt("call") ? getPropertyAsLong("millis") : 0;
        }

        record Child(int call, long millis) implements ThreadGroupChild {
            @Override
            public HashTree buildTreeUnder(HashTree parent, BuildTreeContext context) {
                StallOnce stall = new StallOnce();
                stall.setName("stall once");
                stall.setProperty("call", call);
                stall.setProperty("millis", millis);
                return parent.add(stall);
            }

            @Override
            public void showInGui() {}
        }
    }

    /** Starts an engine on this loopback address as `make engine` does, and returns it once it listens. */
    private Engines.Address engine(String address) throws IOException {
        int port = freePortPair(address);
        Process engine = new ProcessBuilder(
                        ProcessHandle.current().info().command().orElseThrow(),
                        // C1 only, as every JVM the end-to-end tests start (LabFixtures.C1_ONLY).
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "loadlab.loadtest.engine.Engine",
                        "--bind=" + address,
                        "--port=" + port)
                .redirectErrorStream(true)
                .start();
        engines.add(engine);
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            seen.append(line).append('\n');
            if (line.startsWith("loadlab engine listening on ")) {
                Thread.ofVirtual().start(() -> {
                    try {
                        lines.lines().forEach(ignored -> {});
                    } catch (UncheckedIOException ended) {
                        // The engine was stopped.
                    }
                });
                return new Engines.Address(address, port);
            }
        }
        throw new IllegalStateException("the engine on " + address + " ended before listening:\n" + seen);
    }

    /** A port free on this address with the next one free too (the engine's remote object), below the ephemeral range. */
    private static int freePortPair(String address) throws IOException {
        InetAddress bind = InetAddress.getByName(address);
        int high = Integer.parseInt(Files.readAllLines(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
                .getFirst()
                .trim()
                .split("\\s+")[0]);
        for (int tries = 0; tries < 1_000; tries++) {
            int port = 20_000 + ThreadLocalRandom.current().nextInt(high - 20_001);
            try (ServerSocket first = new ServerSocket(port, 1, bind);
                    ServerSocket second = new ServerSocket(port + 1, 1, bind)) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no two free ports in a row on " + address);
    }
}
