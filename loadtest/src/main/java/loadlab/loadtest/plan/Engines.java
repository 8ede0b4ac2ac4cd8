package loadlab.loadtest.plan;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where JMeter runs the load: in the runner's own JVM (no engines), or on JMeter remote engines ({@code make engine}),
 * each of which runs the whole plan. Each engine therefore gets an equal share of the load (users, or arrival rate and
 * thread bound), so that together they send what the scenario says; a load that does not split evenly is refused
 * rather than rounded, since a rounded load would not be the scenario's.
 *
 * <p>An engine must be on a loopback address for now: the lab starts its targets on its loopback {@code host}, which an
 * engine on another machine could not reach.
 *
 * @param addresses {@code host:port} of each engine's RMI registry, in the order given; empty: JMeter runs here
 */
public record Engines(List<Address> addresses) {

    public static final Engines LOCAL = new Engines(List.of());

    /** One engine's RMI registry. */
    public record Address(String host, int port) {
        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    public Engines {
        addresses = List.copyOf(addresses);
    }

    public boolean isLocal() {
        return addresses.isEmpty();
    }

    /** How many JMeter engines share the load: 1 when it runs here. */
    public int count() {
        return Math.max(1, addresses.size());
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
        return new Engines(addresses);
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
            if (!InetAddress.getByName(host).isLoopbackAddress()) {
                throw new IllegalArgumentException(knob + " entry '" + entry + "' is not a loopback address: the lab"
                        + " starts its targets on this machine's loopback, which an engine elsewhere cannot reach");
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
                new LoadShape.Open(open.ratePerSecond() / n, evenShare(open.maxThreads(), "maxThreads", n));
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
                + " of the load; samples stream back to the runner over RMI";
    }
}
