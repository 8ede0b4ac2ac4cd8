package loadlab.loadtest.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.engine.RemoteJMeterEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The engine as a controller and an operator meet it: a process of its own, started with this JVM and classpath.
 * Every address here is a loopback one, except 192.0.2.1 (a documentation address), which the engine must refuse
 * before it opens any socket, and so never contacts.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class EngineIT {

    private static final String ENGINE_ADDRESS = "127.0.0.2";
    private static final String OTHER_LOOPBACK = "127.0.0.1";
    /** A documentation address (RFC 5737): not loopback, and no host of ours. */
    private static final String NOT_LOOPBACK = "192.0.2.1";

    @TempDir
    Path workDir;

    private Process engine;

    @AfterEach
    void stopEngine() throws InterruptedException {
        if (engine != null && engine.isAlive()) {
            engine.destroy();
            if (!engine.waitFor(30, TimeUnit.SECONDS)) {
                engine.destroyForcibly();
            }
        }
    }

    @Test
    void anEngineListensOnItsOneAddressAnswersARegistryLookupThereAndEndsOnSigterm() throws Exception {
        int port = twoFreePorts();
        engine = start("--bind=" + ENGINE_ADDRESS, "--port=" + port);
        var stdout = engine.inputReader(StandardCharsets.UTF_8);

        assertThat(stdout.readLine())
                .as(() -> "the engine's first line; its stderr: " + stderrSoFar())
                .isEqualTo("loadlab engine listening on " + ENGINE_ADDRESS + ":" + port + " (remote object on "
                        + (port + 1) + ", RMI over SSL off: loopback only)");
        Registry registry = LocateRegistry.getRegistry(ENGINE_ADDRESS, port);
        assertThat(registry.lookup("JMeterEngine")).isInstanceOf(RemoteJMeterEngine.class);
        assertThat(listens(ENGINE_ADDRESS, port + 1))
                .as("the remote object's port")
                .isTrue();
        assertThat(listens(OTHER_LOOPBACK, port))
                .as("the registry's port on another address")
                .isFalse();
        assertThat(listens(OTHER_LOOPBACK, port + 1))
                .as("the remote object's port on another address")
                .isFalse();

        // SIGTERM through the handle: Process.destroy() would also close our end of the engine's stdout.
        engine.toHandle().destroy();

        assertThat(stdout.lines()).containsExactly("loadlab engine on " + ENGINE_ADDRESS + ":" + port + " stopped");
        assertThat(engine.waitFor(60, TimeUnit.SECONDS))
                .as("SIGTERM ends the engine")
                .isTrue();
        assertThat(stderr()).doesNotContain("Exception");
    }

    @Test
    void anEngineAnswersItsOwnFiguresFromItsRegistryOnTheRemoteObjectsPort() throws Exception {
        int port = twoFreePorts();
        engine = start("--bind=" + ENGINE_ADDRESS, "--port=" + port);
        assertThat(engine.inputReader(StandardCharsets.UTF_8).readLine())
                .as(() -> "the engine's first line; its stderr: " + stderrSoFar())
                .startsWith("loadlab engine listening on " + ENGINE_ADDRESS + ":" + port);
        Registry registry = LocateRegistry.getRegistry(ENGINE_ADDRESS, port);

        EngineFigures figures = (EngineFigures) registry.lookup(EngineFigures.NAME);
        EngineFigures.Reading first = figures.read();
        Thread.sleep(100);
        EngineFigures.Reading second = figures.read();

        assertThat(registry.list()).contains("JMeterEngine", EngineFigures.NAME);
        // No door of its own: it answers on the port, and address, of JMeter's remote object.
        assertThat(figures.toString()).contains(ENGINE_ADDRESS + ":" + (port + 1));
        assertThat(second.atMillis()).isGreaterThanOrEqualTo(first.atMillis());
        assertThat(second.cpuNanos()).isPositive().isGreaterThanOrEqualTo(first.cpuNanos());
        assertThat(second.threads()).isPositive();
        assertThat(second.heapUsedBytes()).isPositive();
        assertThat(second.heapCommittedBytes()).isGreaterThanOrEqualTo(second.heapUsedBytes());
        assertThat(second.heapMaxBytes()).isGreaterThanOrEqualTo(second.heapCommittedBytes());
        assertThat(second.rssKb()).isPositive();
        assertThat(second.processors()).isPositive();
        // Read-only: nothing a caller sends is taken in.
        assertThat(EngineFigures.class.getMethods())
                .allSatisfy(method -> assertThat(method.getParameterCount())
                        .as(method.getName())
                        .isZero());
    }

    /** Each refusal is one line on stderr, exit code 2, and nothing on stdout: the engine never started. */
    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--bind=192.0.2.1 --ssl=off | engine: --ssl=off is refused with --bind=192.0.2.1 (192.0.2.1 is not a"
                        + " loopback address): an engine runs whatever plan it is sent, so off this host it takes RMI"
                        + " over SSL only",
                "--port=abc                 | engine: --port=abc is not a whole number",
                "--port=70000               | engine: --port=70000 is out of range (1..65534: the remote object"
                        + " listens on the next port)",
                "--port=65535               | engine: --port=65535 is out of range",
                "--port=0                   | engine: --port=0 is out of range",
                "--ssl=maybe                | engine: --ssl=maybe must be on or off",
                "--bind=0.0.0.0             | engine: --bind=0.0.0.0 would listen on every interface",
                "--bind=no-such-host        | engine: --bind=no-such-host does not resolve to an address",
                "--bind=                    | engine: --bind= must name an address",
                "--threads=5                | engine: unknown option --threads=5",
            })
    void aBadOptionIsRefusedWithOneLineNamingIt(String args, String line) throws Exception {
        engine = start(args.split(" "));

        assertThat(engine.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(engine.exitValue()).isEqualTo(2);
        assertThat(new String(engine.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .isEmpty();
        assertThat(stderr().lines()).singleElement().asString().startsWith(line);
    }

    @Test
    void sslWithoutItsKeystoreIsRefusedWithOneLineNamingTheFileAndHowToMakeIt() throws Exception {
        // With no --keystore the engine looks in its working directory, which has none.
        engine = start("--bind=" + NOT_LOOPBACK);

        assertThat(engine.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(engine.exitValue()).isEqualTo(2);
        Path keystore = workDir.toRealPath().resolve("rmi_keystore.jks");
        assertThat(stderr().lines())
                .singleElement()
                .asString()
                .startsWith("engine: --keystore=" + keystore + " does not exist")
                .contains("`make keystore`");
    }

    @Test
    void aKeystoreGivenButMissingIsNamedAsGiven() throws Exception {
        Path missing = workDir.toRealPath().resolve("keys").resolve("lab.jks");

        engine = start("--bind=" + ENGINE_ADDRESS, "--ssl=on", "--keystore=" + missing);

        assertThat(engine.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(engine.exitValue()).isEqualTo(2);
        assertThat(stderr().lines()).singleElement().asString().startsWith("engine: --keystore=" + missing + " ");
    }

    @Test
    void aPortAlreadyTakenIsOneLineNamingItAndExitCode1() throws Exception {
        int port = twoFreePorts();
        try (ServerSocket squatter = new ServerSocket(port + 1, 1, InetAddress.getByName(ENGINE_ADDRESS))) {
            engine = start("--bind=" + ENGINE_ADDRESS, "--port=" + port);

            assertThat(engine.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(engine.exitValue()).isEqualTo(1);
        assertThat(stderr().lines())
                .singleElement()
                .asString()
                .startsWith("engine: cannot listen on " + ENGINE_ADDRESS + ":" + port + ": port " + (port + 1) + ": ");
    }

    /**
     * The engine with this JVM and classpath, tagged as the lab's processes are, working in its own folder, its stderr
     * in a file. Names resolve from a hosts file of this host's own name only (JMeter looks it up), so that no lookup
     * leaves the machine.
     */
    private Process start(String... args) throws IOException {
        String hostName = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
        Path hosts = Files.writeString(workDir.resolve("hosts"), "127.0.0.1 localhost " + hostName + "\n");
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current()
                        .info()
                        .command()
                        .orElse(Path.of(System.getProperty("java.home"), "bin", "java")
                                .toString()),
                // C1 only, as every JVM the end-to-end tests start (LabFixtures.C1_ONLY).
                "-XX:TieredStopAtLevel=1",
                "-Dloadlab.run=test-engine-" + ProcessHandle.current().pid() + "-" + System.nanoTime(),
                "-Djdk.net.hosts.file=" + hosts,
                "-cp",
                System.getProperty("java.class.path"),
                Engine.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectError(workDir.resolve("stderr.txt").toFile())
                .start();
    }

    private String stderr() throws IOException {
        return Files.readString(workDir.resolve("stderr.txt"));
    }

    private String stderrSoFar() {
        try {
            return stderr();
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** A port free on the engine's address and the other loopback address, and the one after it too. */
    private static int twoFreePorts() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port;
            try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(ENGINE_ADDRESS))) {
                port = socket.getLocalPort();
            }
            if (port < 65_535
                    && free(ENGINE_ADDRESS, port + 1)
                    && free(OTHER_LOOPBACK, port)
                    && free(OTHER_LOOPBACK, port + 1)) {
                return port;
            }
        }
        throw new IllegalStateException("no two free ports in a row on " + ENGINE_ADDRESS);
    }

    private static boolean free(String address, int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getByName(address))) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }

    private static boolean listens(String address, int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getByName(address), port), 10_000);
            return true;
        } catch (ConnectException refused) {
            return false;
        }
    }
}
