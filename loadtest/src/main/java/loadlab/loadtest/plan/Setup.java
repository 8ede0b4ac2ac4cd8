package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where and how the lab runs its services, as opposed to what it measures ({@link Plan}): the loopback address, each
 * service's port, the project the jars come from, the results folder, and the existing
 * PostgreSQL a database scenario uses instead of starting db-server, if one is given, the JMeter engines that send
 * the load, if not this JVM, the targets the lab loads but does not start, if any, and how it launches those it
 * starts.
 */
public record Setup(
        String host,
        Map<String, Integer> ports,
        Path projectDir,
        Path resultsDir,
        Optional<DbUrl> dbUrl,
        Engines engines,
        RemoteTargets remoteTargets,
        Launch launch) {

    public Setup {
        ports = Map.copyOf(ports);
    }

    /** An app's port, or its port plus its client's offset when a plan chose its client (so all can be up at once). */
    public int port(Target target) {
        return target.isApp() ? appPort(ports, target) : backendPort();
    }

    private static int appPort(Map<String, Integer> ports, Target app) {
        return ports.get(app.module()) + app.portOffset();
    }

    public int backendPort() {
        return ports.get(Target.SLOW_SERVER);
    }

    /** The database the apps and the direct row use: the given one, or the lab's own db-server on its port. */
    public DbUrl database() {
        return dbUrl.orElseGet(() -> new DbUrl(host, ports.get(Target.DB_SERVER), DbUrl.DATABASE));
    }

    /** {@code slow-server:9000,webflux:9083}: overrides of the default ports. */
    static Map<String, Integer> ports(String raw, List<Target> targets) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        ports.put(Target.SLOW_SERVER, Target.DEFAULT_BACKEND_PORT);
        ports.put(Target.DB_SERVER, Target.DEFAULT_DB_PORT);
        for (Target app : Target.APPS) {
            ports.put(app.name(), app.defaultPort());
        }
        if (!raw.isBlank()) {
            for (String entry : raw.split(",")) {
                String[] parts = entry.trim().split(":");
                if (parts.length == 2 && !parts[0].equals(Target.SLOW_SERVER) && !parts[0].equals(Target.DB_SERVER)) {
                    parts[0] = Target.app(parts[0]).map(Target::name).orElse(parts[0]);
                }
                if (parts.length != 2 || !ports.containsKey(parts[0])) {
                    throw new IllegalArgumentException("ports entry '" + entry.trim()
                            + "' is not <target>:<port> with a target of " + String.join(", ", ports.keySet()));
                }
                int port;
                try {
                    port = Integer.parseInt(parts[1]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "ports entry '" + entry.trim() + "' has a port that is not a number");
                }
                if (port < 1 || port > 65_535) {
                    throw new IllegalArgumentException(
                            "ports entry '" + entry.trim() + "' has a port outside 1..65535");
                }
                ports.put(parts[0], port);
            }
        }
        List<Integer> used = new ArrayList<>();
        used.add(ports.get(Target.SLOW_SERVER));
        used.add(ports.get(Target.DB_SERVER));
        for (Target target : targets) {
            if (target.isApp()) {
                int port = appPort(ports, target);
                if (port > 65_535) {
                    throw new IllegalArgumentException(
                            "port " + port + " of " + target.name() + " (its app's port plus " + target.portOffset()
                                    + " for its client) is above 65535: give its app a lower one");
                }
                if (used.contains(port)) {
                    throw new IllegalArgumentException(
                            "port " + port + " is given to two targets (" + target.name() + ")");
                }
                used.add(port);
            }
        }
        return Map.copyOf(ports);
    }
}
