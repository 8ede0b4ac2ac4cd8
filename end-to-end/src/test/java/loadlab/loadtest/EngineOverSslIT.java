package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine on another host: here a network namespace, which reaches this host only over a veth link. It runs the
 * load over RMI over SSL with the run's keystore against a slow-server and an app started on this side of the link
 * (targets the lab does not start), and sends its samples back to the runner's callback address on a fixed port.
 *
 * <p>Engines on loopback talk plain RMI by default; asked, they and the runner talk over SSL too, which the second test
 * runs end to end with two engines on two loopback addresses and the shared targets.
 *
 * <p>The runner runs as its own JVM, as {@code make compare} runs it: RMI's address and socket factory are set once
 * per JVM, and this test's JVM has plain RMI on loopback from the other engine tests.
 */
@ExtendWith(SharedTargets.class)
class EngineOverSslIT {

    /** The link's /24: no interface of this machine or of its tests uses it. */
    private static final String SUBNET = "10.201.0";

    @TempDir
    Path work;

    private OtherHosts hosts;

    @BeforeEach
    void hosts() throws IOException {
        hosts = new OtherHosts(Files.createDirectories(work.resolve("logs")));
    }

    @AfterEach
    void stopThem() throws InterruptedException {
        hosts.stopAll();
    }

    @Test
    void anEngineOnAnotherHostSendsTheLoadOverSslAndItsSamplesComeBack(@TempDir Path results) throws Exception {
        assumeTrue(NetworkNamespace.canCreate(), "needs root and `ip netns`");
        NetworkNamespace namespace;
        try {
            namespace = NetworkNamespace.create(SUBNET);
        } catch (IOException cannot) {
            assumeTrue(false, "cannot make a network namespace here: " + cannot.getMessage());
            return;
        }
        try (namespace) {
            String here = namespace.rootAddress();
            Path keystore = keystore();
            List<Integer> ports = LabFixtures.freePorts(2);
            int backendPort = ports.get(0);
            int appPort = ports.get(1);
            Process backend = hosts.service(
                    "slow-server", "--port=" + backendPort, "--bind=" + here, "--min-delay-ms=0", "--max-delay-ms=200");
            hosts.awaitHealthy(backend, "http://" + here + ":" + backendPort + "/__admin/health");
            Process app = hosts.service(
                    "app-webflux",
                    "--server.port=" + appPort,
                    "--server.address=" + here,
                    "--backend.base-url=http://" + here + ":" + backendPort);
            hosts.awaitHealthy(app, "http://" + here + ":" + appPort + "/actuator/health");
            hosts.engine(
                    namespace.exec(),
                    "--bind=" + namespace.address(),
                    "--port=1099",
                    "--ssl=on",
                    "--keystore=" + keystore);
            int callbackPort = twoFreePorts(here);
            String runId = LabFixtures.newRunId("engine-ssl");

            String log = runnerSucceeds(
                    runId,
                    LabFixtures.smallScenario(
                            results,
                            "--apps=webflux",
                            "--engines=" + namespace.address() + ":1099",
                            "--callback=" + here,
                            "--callbackPort=" + callbackPort,
                            "--keystore=" + keystore,
                            "--targets=slow-server=http://" + here + ":" + backendPort + ",webflux=http://" + here + ":"
                                    + appPort));

            ResultSet measured = everyRowMeasured(results, List.of(namespace.address() + ":1099"), log);
            assertThat(measured.environment().loadGeneratorJvm())
                    .as("the report names the engine and the way back")
                    .contains("JMeter remote engines " + namespace.address() + ":1099")
                    .contains("over SSL at " + here + ":" + callbackPort + " and " + (callbackPort + 1));
            assertThat(LabFixtures.processesOf(runId)).isEmpty();
        }
    }

    @Test
    void enginesOnLoopbackTalkOverSslWhenAsked(SharedTargets.Running targets, @TempDir Path results) throws Exception {
        Path keystore = keystore();
        List<String> engines = new ArrayList<>();
        for (String address : List.of("127.0.0.2", "127.0.0.3")) {
            int port = LabFixtures.freePort();
            hosts.engine(List.of(), "--bind=" + address, "--port=" + port, "--ssl=on", "--keystore=" + keystore);
            engines.add(address + ":" + port);
        }
        String runId = LabFixtures.newRunId("engines-ssl-loopback");

        String log = runnerSucceeds(
                runId,
                LabFixtures.smallScenario(
                        results,
                        "--apps=webflux",
                        targets.knob("webflux"),
                        "--engines=" + String.join(",", engines),
                        "--rmiSsl=on",
                        "--keystore=" + keystore));

        ResultSet measured = everyRowMeasured(results, engines, log);
        assertThat(measured.environment().loadGeneratorJvm())
                .contains("JMeter remote engines " + String.join(", ", engines))
                .contains("over SSL");
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    /**
     * The run's data file, once both its rows are measured with samples and no errors, and with each engine's own
     * figures, which come back over the same TLS as the samples, from the engine's registry.
     */
    private static ResultSet everyRowMeasured(Path results, List<String> engines, String log) throws IOException {
        ResultSet measured = DataFile.read(results.resolve("summary.json"));
        for (String target : List.of("direct", "app-webflux")) {
            Point row = measured.points().stream()
                    .filter(point -> point.target().name().equals(target))
                    .findFirst()
                    .orElseThrow();
            RunStats stats = row.stats().orElseThrow(() -> new AssertionError(target + " not measured:\n" + log));
            assertThat(stats.requests()).as(target + " requests").isPositive();
            // A sample without the backend's delay would be a bad-body error: none means every delay came back.
            assertThat(stats.errors()).as(target + " errors").isZero();
            assertThat(row.cost().engines())
                    .as(target + " engine figures:\n" + log)
                    .allSatisfy(engine -> assertThat(engine.usage()).isPresent())
                    .extracting(EngineUsage::engine)
                    .containsExactlyElementsOf(engines);
        }
        return measured;
    }

    /** A key pair as `make keystore` makes it. */
    private Path keystore() throws IOException, InterruptedException {
        Path keystore = work.resolve("rmi_keystore.jks");
        Process keytool = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "keytool")
                                .toString(),
                        "-genkeypair",
                        "-alias",
                        "rmi",
                        "-keyalg",
                        "RSA",
                        "-keysize",
                        "2048",
                        "-validity",
                        "1",
                        "-storetype",
                        "JKS",
                        "-storepass",
                        "changeit",
                        "-keypass",
                        "changeit",
                        "-dname",
                        "CN=loadlab-rmi",
                        "-keystore",
                        keystore.toString())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("keytool.txt").toFile())
                .start();
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue())
                .as(Files.readString(work.resolve("keytool.txt")))
                .isZero();
        return keystore;
    }

    /**
     * Runs the runner and asserts that it ended well.
     *
     * @return its output and the hosts' logs, for the assertions that follow
     */
    private String runnerSucceeds(String runId, List<String> args) throws Exception {
        Path output = work.resolve("runner.txt");
        int exit = runner(runId, output, args);
        String log = Files.readString(output) + hosts.logsOf();
        assertThat(exit).as(log).isZero();
        return log;
    }

    /** The runner in a JVM of its own, as `make compare` runs it; its exit code, its output in a file. */
    private static int runner(String runId, Path output, List<String> args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                "-Xmx512m",
                LabFixtures.C1_ONLY,
                "-cp",
                System.getProperty("java.class.path"),
                "loadlab.loadtest.LoadLab"));
        command.addAll(args);
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().put("LOADLAB_RUN_ID", runId);
        Process runner = builder.start();
        try {
            if (!runner.waitFor(3, TimeUnit.MINUTES)) {
                throw new AssertionError("the runner did not end in 3 minutes:\n" + Files.readString(output));
            }
            return runner.exitValue();
        } finally {
            runner.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A port free on this address whose next port is free too: the runner takes samples on both. */
    private static int twoFreePorts(String address) throws IOException {
        InetAddress bind = InetAddress.getByName(address);
        for (int attempt = 0; attempt < 50; attempt++) {
            try (ServerSocket first = new ServerSocket(0, 0, bind)) {
                int port = first.getLocalPort();
                if (port < 65_534) {
                    try (ServerSocket second = new ServerSocket(port + 1, 0, bind)) {
                        return port;
                    } catch (IOException taken) {
                        // try another
                    }
                }
            }
        }
        throw new IOException("no two consecutive free ports on " + address);
    }
}
