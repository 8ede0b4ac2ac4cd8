package loadlab.loadtest.engine;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an engine is asked to do, checked before it opens any socket. An engine runs whatever plan it is sent, so it
 * listens on one address only, and anywhere but loopback only over SSL, where just the holders of the run's keystore
 * get in. Every violation is an {@link IllegalArgumentException} whose message is one line naming the value as
 * written.
 *
 * @param address the one address the registry and the remote object listen on
 * @param port the RMI registry's port; the remote object listens on the next one
 * @param keystore the key pair every host of the run shares (used only with SSL)
 */
record EngineOptions(InetAddress address, int port, boolean ssl, Path keystore) {

    static final String DEFAULT_BIND = "127.0.0.1";
    static final int DEFAULT_PORT = 1099;
    static final String DEFAULT_KEYSTORE = "rmi_keystore.jks";

    private static final List<String> OPTIONS = List.of("--bind", "--port", "--ssl", "--keystore");

    /** Parses {@code --key=value} arguments; an option not given keeps its default. */
    static EngineOptions parse(String... args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            String key = equals < 0 ? arg : arg.substring(0, equals);
            if (!OPTIONS.contains(key)) {
                throw new IllegalArgumentException(
                        "unknown option " + oneLine(arg) + " (known: " + String.join(", ", OPTIONS) + ")");
            }
            if (equals < 0) {
                throw new IllegalArgumentException(key + " needs a value, written " + key + "=<value>");
            }
            if (given.put(key, arg.substring(equals + 1)) != null) {
                throw new IllegalArgumentException(key + " is given more than once");
            }
        }
        int port = port(given.getOrDefault("--port", Integer.toString(DEFAULT_PORT)));
        String bind = given.getOrDefault("--bind", DEFAULT_BIND);
        InetAddress address = address(bind);
        boolean ssl = ssl(given.get("--ssl"), bind, address);
        Path keystore = Path.of(given.getOrDefault("--keystore", DEFAULT_KEYSTORE))
                .toAbsolutePath()
                .normalize();
        if (ssl && !Files.isRegularFile(keystore)) {
            throw new IllegalArgumentException("--keystore=" + keystore + " does not exist, and RMI over SSL needs it:"
                    + " make it with " + keystoreCommand(keystore) + ", and give the controller the same file");
        }
        if (!address.isLoopbackAddress() && !isOfThisHost(address)) {
            throw new IllegalArgumentException("--bind=" + oneLine(bind) + " is not an address of this host");
        }
        return new EngineOptions(address, port, ssl, keystore);
    }

    int remoteObjectPort() {
        return port + 1;
    }

    /** {@code 127.0.0.2:1099}, {@code [::1]:1099}: the address as a controller names it. */
    String hostAndPort() {
        String host = address.getHostAddress();
        return (address instanceof Inet6Address ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * How a keystore is made, for the one line that says one is missing: {@code make keystore} in a checkout, and
     * what it runs where there is no checkout (a copy of the distribution), as JMeter's create-rmi-keystore does.
     */
    private static String keystoreCommand(Path keystore) {
        return "`make keystore` or `keytool -genkeypair -alias rmi -keyalg RSA -keysize 2048 -validity 7 -storetype JKS"
                + " -storepass changeit -keypass changeit -dname CN=loadlab-rmi -keystore " + keystore + "`";
    }

    private static int port(String text) {
        if (!text.matches("[0-9]{1,9}")) {
            throw new IllegalArgumentException("--port=" + oneLine(text) + " is not a whole number");
        }
        int port = Integer.parseInt(text);
        // The remote object takes the port after the registry's, and both must be real ports.
        if (port < 1 || port > 65_534) {
            throw new IllegalArgumentException(
                    "--port=" + text + " is out of range (1..65534: the remote object listens on the next port)");
        }
        return port;
    }

    private static InetAddress address(String bind) {
        if (bind.isBlank()) {
            throw new IllegalArgumentException("--bind=" + oneLine(bind) + " must name an address");
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--bind=" + oneLine(bind) + " does not resolve to an address");
        }
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException("--bind=" + oneLine(bind)
                    + " would listen on every interface: name the one address controllers reach this host at");
        }
        return address;
    }

    /** Off by default on loopback, on elsewhere; off is refused off loopback. */
    private static boolean ssl(String text, String bind, InetAddress address) {
        if (text == null) {
            return !address.isLoopbackAddress();
        }
        if (!text.equals("on") && !text.equals("off")) {
            throw new IllegalArgumentException("--ssl=" + oneLine(text) + " must be on or off");
        }
        if (text.equals("off") && !address.isLoopbackAddress()) {
            throw new IllegalArgumentException("--ssl=off is refused with --bind=" + oneLine(bind) + " ("
                    + address.getHostAddress() + " is not a loopback address): an engine runs whatever plan it is"
                    + " sent, so off this host it takes RMI over SSL only");
        }
        return text.equals("on");
    }

    /** Every address of 127.0.0.0/8 is this host's on Linux, but only those on an interface are for the others. */
    private static boolean isOfThisHost(InetAddress address) {
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (IOException e) {
            return false;
        }
    }

    private static String oneLine(String text) {
        return text.replaceAll("\\s", " ");
    }
}
