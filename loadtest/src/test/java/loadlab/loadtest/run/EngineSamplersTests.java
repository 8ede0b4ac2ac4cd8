package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import loadlab.loadtest.engine.EngineFigures;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.plan.Engines;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An engine's figures as the runner reads them, from a registry on loopback that stands in for an engine's: one with
 * the figures object, one without (an engine older than the runner), and one whose object fails mid-load.
 */
class EngineSamplersTests {

    /** RMI sockets on loopback only, as an engine's are on its one address. */
    private static final RMIServerSocketFactory LOOPBACK =
            port -> new ServerSocket(port, 0, InetAddress.getLoopbackAddress());

    private Registry registry;
    private int port;
    private final List<Remote> exported = new ArrayList<>();
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    @BeforeEach
    void registry() throws Exception {
        try (ServerSocket probe = LOOPBACK.createServerSocket(0)) {
            port = probe.getLocalPort();
        }
        registry = LocateRegistry.createRegistry(port, null, LOOPBACK);
        exported.add(registry);
    }

    @AfterEach
    void unexport() throws Exception {
        for (Remote remote : exported) {
            UnicastRemoteObject.unexportObject(remote, true);
        }
    }

    @Test
    void anEngineThatAnswersIsReadEverySecondAndItsWindowFiguresComeFromThoseReadings() throws Exception {
        Counting figures = bind(new Counting());
        List<String> notes = new ArrayList<>();

        EngineSamplers samplers = EngineSamplers.start(engines(), (engine, note) -> notes.add(note));
        Thread.sleep(1_500);
        EngineUsage.Readings readings = samplers.stop(print(), "direct").getFirst();

        assertThat(notes).isEmpty();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
        List<ResourceSamples.Reading> taken = readings.samples().readings();
        // At start, a second later, and at the stop.
        assertThat(taken).hasSizeGreaterThanOrEqualTo(3);
        assertThat(readings.engine()).isEqualTo("127.0.0.1:" + port);
        assertThat(readings.onThisMachine()).isTrue();
        assertThat(readings.processors()).hasValue(2);
        assertThat(readings.heapMaxMib()).hasValue(1024);
        MeasurementWindow window = new MeasurementWindow(
                taken.getFirst().atMillis(), taken.getLast().atMillis());
        EngineUsage usage = readings.over(window, 100);
        // The counter's change over the window, never a sum of readings; the most threads read.
        assertThat(usage.usage().orElseThrow().cpuSeconds())
                .isCloseTo((taken.getLast().cpuNanos() - taken.getFirst().cpuNanos()) / 1e9, within())
                .isPositive();
        assertThat(usage.usage().orElseThrow().peakThreads()).isEqualTo(40 + figures.calls.get());
        assertThat(usage.usage().orElseThrow().peakHeapMib()).hasValue(256.0);
        assertThat(usage.usage().orElseThrow().peakRssMib()).hasValue(512.0);
        assertThat(usage.processors()).hasValue(2);
    }

    @Test
    void anEngineWithoutTheFiguresObjectGivesNoFiguresAndOneNote() throws Exception {
        List<String> notes = new ArrayList<>();

        EngineSamplers samplers = EngineSamplers.start(engines(), (engine, note) -> notes.add(note));
        EngineUsage.Readings readings = samplers.stop(print(), "direct").getFirst();

        assertThat(notes)
                .singleElement()
                .asString()
                .startsWith("engine 127.0.0.1:" + port + " gives no figures of its own")
                .contains("an engine older than this runner");
        EngineUsage usage = readings.over(new MeasurementWindow(0, Long.MAX_VALUE / 2), 100);
        assertThat(usage).isEqualTo(EngineUsage.unread("127.0.0.1:" + port, true));
    }

    @Test
    void anEngineWhoseReadingFailsDuringTheLoadGivesNoFiguresForItAndOneLine() throws Exception {
        Counting figures = bind(new Counting());

        EngineSamplers samplers = EngineSamplers.start(engines(), (engine, note) -> {});
        Thread.sleep(300);
        figures.broken = true;
        Thread.sleep(1_200);
        EngineUsage.Readings readings = samplers.stop(print(), "direct").getFirst();

        assertThat(out.toString(StandardCharsets.UTF_8).lines())
                .singleElement()
                .asString()
                .startsWith("[direct] engine 127.0.0.1:" + port + " could not be read during the load (")
                .contains("the engine broke")
                .endsWith("no figures of its own for this load");
        assertThat(readings.samples().isEmpty()).isTrue();
    }

    private Engines engines() {
        return new Engines(
                List.of(new Engines.Address("127.0.0.1", port)),
                new Engines.Callback("127.0.0.1", 0),
                Optional.empty());
    }

    private PrintStream print() {
        return new PrintStream(out, true, StandardCharsets.UTF_8);
    }

    private <T extends EngineFigures> T bind(T figures) throws Exception {
        Remote stub = UnicastRemoteObject.exportObject(figures, 0, null, LOOPBACK);
        exported.add(figures);
        registry.rebind(EngineFigures.NAME, stub);
        return figures;
    }

    private static org.assertj.core.data.Offset<Double> within() {
        return org.assertj.core.data.Offset.offset(1e-9);
    }

    /** Figures that grow by a fixed step at each reading: 0.1 s of CPU and one thread more each time. */
    private static final class Counting implements EngineFigures {
        final AtomicInteger calls = new AtomicInteger();
        volatile boolean broken;

        @Override
        public Reading read() throws RemoteException {
            if (broken) {
                throw new RemoteException("the engine broke");
            }
            int call = calls.incrementAndGet();
            return new Reading(
                    System.currentTimeMillis(),
                    call * 100_000_000L,
                    40 + call,
                    256L * 1024 * 1024,
                    300L * 1024 * 1024,
                    1024L * 1024 * 1024,
                    512L * 1024,
                    2);
        }
    }
}
