package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Engines on other hosts: the runner talks to them over SSL with the run's keystore, takes their samples on an address
 * of this host they reach (on a fixed port if asked), and loads only targets they reach. Every refusal is one line,
 * before anything starts. The engine addresses are documentation addresses (RFC 5737): parsed, never contacted.
 */
class EnginesOffLoopbackTests {

    private static final String ENGINE = "198.51.100.20:1099";

    @TempDir
    Path folder;

    private static Knobs parse(String... args) {
        return KnobsTests.parse(args);
    }

    /** Every target remote, on a non-loopback address: what an engine on another host can reach. */
    private static final String REMOTE_TARGETS =
            "--targets=slow-server=http://198.51.100.10:8000,webflux=http://198.51.100.11:8083";

    @Test
    void anEngineOffLoopbackTalksOverSslAndCallsBackOnTheAddressGiven() throws IOException {
        String callback = addressOfThisHost();
        Path keystore = Files.writeString(folder.resolve("rmi_keystore.jks"), "a key pair");

        Engines engines = parse(
                        "--apps=webflux",
                        "--engines=" + ENGINE,
                        "--callback=" + callback,
                        "--callbackPort=4001",
                        "--keystore=" + keystore,
                        REMOTE_TARGETS)
                .setup()
                .engines();

        assertThat(engines.keystore()).contains(keystore);
        assertThat(engines.callback()).isEqualTo(new Engines.Callback(callback, 4001));
        // JMeter exports the runner's listeners at client.rmi.localport + 1 and + 2: the port given and the next.
        assertThat(engines.callback().jmeterLocalPort()).isEqualTo(4000);
        assertThat(engines.describe()).contains("over SSL").contains(callback + ":4001 and 4002");
    }

    @Test
    void enginesOnLoopbackKeepPlainRmiOnTheLabsHostUnlessSslIsAskedFor() throws IOException {
        Engines plain = parse("--engines=127.0.0.2:1099").setup().engines();
        assertThat(plain.keystore()).isEmpty();
        assertThat(plain.callback()).isEqualTo(new Engines.Callback("127.0.0.1", 0));

        Path keystore = Files.writeString(folder.resolve("ks.jks"), "a key pair");
        Engines ssl = parse("--engines=127.0.0.2:1099", "--rmiSsl=on", "--keystore=" + keystore)
                .setup()
                .engines();
        assertThat(ssl.keystore()).contains(keystore);
    }

    @Test
    void theKeystoreDefaultsToTheOneMakeKeystoreWritesAtTheTopOfTheProject() {
        Path project = Path.of(System.getProperty("user.dir")).getParent();

        // A report talks to no engine: the keystore is named but not needed.
        Engines engines = parse("report", "--engines=127.0.0.2:1099", "--rmiSsl=on")
                .setup()
                .engines();

        assertThat(engines.keystore()).contains(project.resolve("rmi_keystore.jks"));
    }

    @Test
    void aMissingKeystoreIsOneLineNamingItsPathBeforeAnythingStarts() {
        Path missing = folder.resolve("nowhere.jks");

        assertThatThrownBy(() -> parse("--engines=127.0.0.2:1099", "--rmiSsl=on", "--keystore=" + missing))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("keystore=" + missing + " does not exist")
                .hasMessageContaining("make keystore")
                .hasMessageNotContaining("\n");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "--rmiSsl=off              | rmiSsl=off is refused with engines off loopback (" + ENGINE + ")",
                "--rmiSsl=maybe            | rmiSsl='maybe' is not on or off",
                "--callbackPort=1          | callbackPort=1 must be between 2 and 65534 (the runner listens on it and",
                "--callbackPort=65535      | callbackPort=65535 must be between 2 and 65534",
                "--callbackPort=abc        | callbackPort='abc' is not a whole number",
                "--callback=0.0.0.0        | callback='0.0.0.0' would listen on every interface",
                "--callback=198.51.100.99  | callback='198.51.100.99' is not an address of this host",
                "--callback=127.0.0.1      | callback='127.0.0.1' is a loopback address, which engines=" + ENGINE,
            })
    void aBadWayBackIsOneLineNamingIt(String knob, String message) throws IOException {
        // A good callback, unless the row's knob is a callback of its own.
        String callback = knob.startsWith("--callback=") ? knob : "--callback=" + addressOfThisHost();

        assertThatThrownBy(() -> parse("--apps=webflux", "--engines=" + ENGINE, REMOTE_TARGETS, callback, knob))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }

    @Test
    void anEngineOffLoopbackNeedsACallbackAddressItReaches() {
        assertThatThrownBy(() -> parse("--apps=webflux", "--engines=" + ENGINE, REMOTE_TARGETS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("engines=" + ENGINE + " is off loopback, and it sends its samples back to"
                        + " callback=127.0.0.1, which it cannot reach: give callback=<an address of this host that the"
                        + " engines reach>");
    }

    @Test
    void anEngineOffLoopbackIsRefusedATargetTheLabWouldStartOnItsLoopback() throws IOException {
        String callback = "--callback=" + addressOfThisHost();
        String engine = "--engines=127.0.0.2:1099," + ENGINE;

        assertThatThrownBy(() -> parse("--apps=webflux", engine, callback))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("engines=" + ENGINE + " is off loopback, and the lab would start slow-server on 127.0.0.1,"
                        + " which an engine on another host cannot reach: start slow-server on an address the engines"
                        + " reach and name it in targets");
        assertThatThrownBy(() -> parse(
                        "--apps=webflux,virtual", engine, callback, "--targets=slow-server=http://198.51.100.10:8000"))
                .hasMessageContaining("the lab would start app-webflux on 127.0.0.1")
                .hasMessageEndingWith("or leave it out of apps");
        assertThatThrownBy(() -> parse("--apps=none", engine, callback, "--targets=slow-server=http://127.0.0.1:8000"))
                .hasMessageContaining("targets puts slow-server at http://127.0.0.1:8000, a loopback address")
                .hasMessageNotContaining("\n");
    }

    /** A non-loopback IPv4 address of one of this machine's interfaces; the test is skipped on a machine without. */
    private static String addressOfThisHost() throws SocketException {
        List<InetAddress> found = new ArrayList<>();
        for (NetworkInterface nic : NetworkInterface.networkInterfaces().toList()) {
            nic.inetAddresses()
                    .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
                    .forEach(found::add);
        }
        Optional<InetAddress> first = found.stream().findFirst();
        assumeThat(first).as("a non-loopback IPv4 address on this machine").isPresent();
        return first.get().getHostAddress();
    }
}
