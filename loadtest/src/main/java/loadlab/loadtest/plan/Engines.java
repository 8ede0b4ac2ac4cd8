package loadlab.loadtest.plan;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Where JMeter runs the load: in the runner's own JVM (no engines), or on JMeter remote engines ({@code make engine}),
 * each of which runs the whole plan. Each engine therefore gets an equal share of the load (users, or arrival rate and
 * thread bound), so that together they send what the scenario says; a load that does not split evenly is refused
 * rather than rounded, since a rounded load would not be the scenario's.
 *
 * <p>An engine runs whatever plan it is sent, so the runner (the controller) and its engines talk as the engines
 * listen: plain RMI only when every engine is on a loopback address of this machine, and otherwise RMI over TLS with
 * client authentication, with a copy of the same keystore on every host. The engines send their samples back to the
 * runner's callback address, which must be an address of this host that they reach.
 *
 * @param addresses {@code host:port} of each engine's RMI registry, in the order given; empty: JMeter runs here
 * @param callback  where the runner listens for the samples the engines send back
 * @param keystore  the key pair the runner and its engines share for RMI over TLS; empty: plain RMI (loopback only)
 */
public record Engines(List<Address> addresses, Callback callback, Optional<Path> keystore) {

    public static final Engines LOCAL = new Engines(List.of(), new Callback("127.0.0.1", 0), Optional.empty());

    /** One engine's RMI registry. */
    public record Address(String host, int port) {
        @Override
        public String toString() {
            return host + ":" + port;
        }

        /** Whether the engine is on this machine's loopback, where it reaches the lab's own services. */
        public boolean isLoopback() {
            return Engines.isLoopback(host);
        }
    }

    /**
     * Where the runner receives the engines' samples over RMI.
     *
     * @param host an address of this host that every engine reaches
     * @param port the first of the two ports the runner listens on for them (the next is the second), so that a
     *     firewall can open exactly those; 0: ports RMI picks for each run
     */
    public record Callback(String host, int port) {

        /** JMeter's {@code client.rmi.localport}: it exports its listeners at this port plus 1 and plus 2. */
        public int jmeterLocalPort() {
            return port == 0 ? 0 : port - 1;
        }

        @Override
        public String toString() {
            return port == 0 ? host + " (ports chosen by RMI)" : host + ":" + port + " and " + (port + 1);
        }
    }

    public Engines {
        addresses = List.copyOf(addresses);
    }

    /** Whether any engine is off this machine's loopback, and so cannot reach what the lab starts there. */
    public boolean anyOffLoopback() {
        return addresses.stream().anyMatch(address -> !address.isLoopback());
    }

    public List<Address> offLoopback() {
        return addresses.stream().filter(address -> !address.isLoopback()).toList();
    }

    public boolean isLocal() {
        return addresses.isEmpty();
    }

    /** How many JMeter engines share the load: 1 when it runs here. */
    public int count() {
        return Math.max(1, addresses.size());
    }

    /** The knobs that say how the runner talks to its engines, and to nothing else. */
    private static final List<Knob<?>> ENGINE_ONLY_KNOBS =
            List.of(Knob.RMI_SSL, Knob.KEYSTORE, Knob.CALLBACK, Knob.CALLBACK_PORT);

    /**
     * The engines and how the runner talks to them: {@code engines}, {@code rmiSsl}, {@code callback},
     * {@code callbackPort} and {@code keystore}.
     *
     * @param host       the lab's loopback host, the callback's default when every engine is on loopback
     * @param projectDir where a relative keystore path starts, as {@code make keystore} writes it there
     */
    static Engines of(KnobValues values, String host, Path projectDir) {
        Engines engines = values.find(Knob.ENGINES).orElse(LOCAL);
        if (engines.isLocal()) {
            refuseWithoutEngines(values);
            return engines;
        }
        boolean tls = tls(values.find(Knob.RMI_SSL), engines);
        Callback callback = new Callback(
                callbackHost(values.raw(Knob.CALLBACK), host, engines),
                values.find(Knob.CALLBACK_PORT).orElse(0));
        Optional<Path> keystore =
                tls ? Optional.of(projectDir.resolve(values.get(Knob.KEYSTORE)).normalize()) : Optional.empty();
        return new Engines(engines.addresses(), callback, keystore);
    }

    /** How the runner talks to engines means nothing without any: a value given would be silently ignored. */
    private static void refuseWithoutEngines(KnobValues values) {
        for (Knob<?> knob : ENGINE_ONLY_KNOBS) {
            if (values.isSet(knob)) {
                throw new IllegalArgumentException(values.label(knob) + "=" + values.raw(knob)
                        + " is for remote engines, and engines is not set: give engines=<host:port,...>, or leave "
                        + knob.name() + " out");
            }
        }
    }

    /**
     * The keystore must exist before anything starts when RMI runs over TLS: checked only when a load is to run, as a
     * report or a diff talks to no engine.
     */
    void checkKeystore() {
        keystore.filter(file -> !Files.isRegularFile(file)).ifPresent(file -> {
            throw new IllegalArgumentException("keystore=" + file + " does not exist, and RMI over SSL with"
                    + " engines="
                    + String.join(",", addresses.stream().map(Address::toString).toList())
                    + " needs it: make it with `make keystore`, and copy that same file to every engine");
        });
    }

    /** On by default when any engine is off loopback; off is refused then. */
    private static boolean tls(Optional<Boolean> given, Engines engines) {
        boolean offLoopback = engines.anyOffLoopback();
        if (given.isEmpty()) {
            return offLoopback;
        }
        if (!given.get() && offLoopback) {
            throw new IllegalArgumentException("rmiSsl=off is refused with engines off loopback ("
                    + engines.offLoopback().getFirst() + "): an engine runs whatever plan it is sent, so off this"
                    + " machine the runner and its engines talk RMI over SSL only");
        }
        return given.get();
    }

    /** The lab's loopback host by default, which only engines on this machine reach; else an address of this host. */
    private static String callbackHost(String raw, String host, Engines engines) {
        if (raw == null) {
            if (engines.anyOffLoopback()) {
                throw new IllegalArgumentException(
                        "engines=" + engines.offLoopback().getFirst()
                                + " is off loopback, and it sends its samples back to callback=" + host
                                + ", which it cannot reach: give callback=<an address of this host that the engines reach>");
            }
            return host;
        }
        InetAddress address;
        try {
            address = InetAddress.getByName(raw);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("callback='" + raw + "' does not resolve");
        }
        if (address.isAnyLocalAddress()) {
            throw new IllegalArgumentException("callback='" + raw + "' would listen on every interface: name the one"
                    + " address of this host that the engines reach");
        }
        if (!address.isLoopbackAddress() && !isOfThisHost(address)) {
            throw new IllegalArgumentException("callback='" + raw + "' is not an address of this host: the runner"
                    + " listens there for the engines' samples");
        }
        if (address.isLoopbackAddress() && engines.anyOffLoopback()) {
            throw new IllegalArgumentException("callback='" + raw + "' is a loopback address, which engines="
                    + engines.offLoopback().getFirst() + " (off loopback) cannot reach: give an address of this host"
                    + " that the engines reach");
        }
        return raw;
    }

    /** Every address of 127.0.0.0/8 is this host's on Linux; any other must be on one of its interfaces. */
    private static boolean isOfThisHost(InetAddress address) {
        try {
            return NetworkInterface.getByInetAddress(address) != null;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a host names this machine's loopback; a name that does not resolve is not. */
    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * {@code 127.0.0.2:1099,127.0.0.3:1099}; empty or {@code none}: no engines.
     *
     * @param knob the knob's name as an error names it
     */
    static Engines parse(String knob, String raw) {
        if (raw == null || raw.isBlank() || raw.equals("none")) {
            return LOCAL;
        }
        List<Address> addresses = new ArrayList<>();
        for (String entry : raw.split(",")) {
            Address address = address(knob, entry.trim());
            if (addresses.contains(address)) {
                throw new IllegalArgumentException(knob + " lists " + address + " twice");
            }
            addresses.add(address);
        }
        return new Engines(addresses, LOCAL.callback(), Optional.empty());
    }

    private static Address address(String knob, String entry) {
        int colon = entry.lastIndexOf(':');
        if (colon <= 0 || colon == entry.length() - 1) {
            throw new IllegalArgumentException(knob + " entry '" + entry + "' is not <host>:<port>");
        }
        String host = entry.substring(0, colon);
        int port;
        try {
            port = Integer.parseInt(entry.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(knob + " entry '" + entry + "' has a port that is not a number");
        }
        if (port < 1 || port > 65_534) {
            // The engine's remote object listens on port + 1.
            throw new IllegalArgumentException(knob + " entry '" + entry + "' has a port outside 1..65534");
        }
        try {
            InetAddress address = InetAddress.getByName(host);
            if (address.isAnyLocalAddress()) {
                throw new IllegalArgumentException(knob + " entry '" + entry + "' names no one host");
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(knob + " entry '" + entry + "' does not resolve");
        }
        return new Address(host, port);
    }

    /**
     * What one engine sends so that all of them together send {@code load}.
     *
     * @throws IllegalArgumentException when the load does not split evenly across the engines
     */
    public LoadShape share(LoadShape load) {
        int n = count();
        if (n == 1) {
            return load;
        }
        return switch (load) {
            case LoadShape.Closed closed -> new LoadShape.Closed(evenShare(closed.users(), "users", n));
            case LoadShape.Spike spike ->
                new LoadShape.Spike(
                        evenShare(spike.users(), "users", n),
                        spike.factor(),
                        spike.before(),
                        spike.during(),
                        spike.after());
            case LoadShape.Open open ->
                new LoadShape.Open(
                        open.rates().scaled(1.0 / n),
                        evenShare(open.maxThreads(), "maxThreads", n),
                        open.connections());
        };
    }

    private int evenShare(int total, String what, int n) {
        if (total % n != 0) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "%s=%d does not split evenly across the %d engines of engines=%s",
                    what,
                    total,
                    n,
                    String.join(",", addresses.stream().map(Address::toString).toList())));
        }
        return total / n;
    }

    /** For the report: where the load came from. */
    public String describe() {
        if (isLocal()) {
            return "JMeter in the runner's JVM";
        }
        return "JMeter remote engines "
                + String.join(", ", addresses.stream().map(Address::toString).toList()) + ", each sending 1/" + count()
                + " of the load; samples stream back to the runner over RMI"
                + (keystore.isPresent() ? " over SSL" : "") + " at " + callback;
    }
}
