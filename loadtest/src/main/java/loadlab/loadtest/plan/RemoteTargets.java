package loadlab.loadtest.plan;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Targets the lab does not start ({@code TARGETS}): slow-server or an app already running, on this host or another,
 * named by its base URL. The lab sends the load to that URL, checks the contract first as for its own services, and
 * neither starts nor stops the process. A remote slow-server stands in for the lab's: the apps the lab starts are given
 * its URL as their backend, and the direct row loads it.
 *
 * <p>Without {@code /proc} or a JFR recording of another host's process, an app's figures come from its Actuator
 * metrics (Micrometer), on the management port given with {@code +<port>}, which the app exposes only when started with
 * {@code --management.server.port=<port> --management.endpoints.web.exposure.include=health,metrics}. Without it, the
 * lab reads no resource figures for that target. slow-server has no Actuator, so it never takes a management port.
 *
 * @param byName each remote target by its full name: {@code slow-server} or {@code app-webflux}, in the order given
 */
public record RemoteTargets(Map<String, Remote> byName) {

    public static final RemoteTargets NONE = new RemoteTargets(Map.of());

    private static final String URL_FORM = "http://<host>:<port>[+<management port>]";
    private static final String FORM = "<name>=" + URL_FORM;
    /** The Actuator meter that says how many processors a remote app has on its host (Micrometer's). */
    public static final String CPU_COUNT = "system.cpu.count";

    /**
     * One target the lab does not start.
     *
     * @param base           {@code http://<host>:<port>}, with no path: the lab adds the scenario's request path
     * @param managementPort where the app's Actuator answers, on the same host; empty when no figures are to be read
     */
    public record Remote(URI base, OptionalInt managementPort) {

        /** The Actuator's base, {@code http://<host>:<management port>}; empty when none was given. */
        public Optional<URI> management() {
            if (managementPort.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(URI.create(base.getScheme() + "://" + base.getHost() + ":" + managementPort.getAsInt()));
        }
    }

    public RemoteTargets {
        byName = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byName));
    }

    public boolean isEmpty() {
        return byName.isEmpty();
    }

    /** The remote slow-server, when one stands in for the lab's. */
    public Optional<Remote> backend() {
        return Optional.ofNullable(byName.get(Target.SLOW_SERVER));
    }

    /** The remote that serves a row: the app's own, or for direct (slow-server alone) the remote slow-server. */
    public Optional<Remote> of(Target target) {
        return Optional.ofNullable(byName.get(target.isApp() ? target.name() : Target.SLOW_SERVER));
    }

    /**
     * For the report's environment, one line per remote target the plan loads: its URL, where its figures came from
     * and, for an app, which cores its CPU was judged against; empty when every target is the lab's own.
     *
     * @param hostCores the processors each remote app's host was read to have ({@code system.cpu.count}), by the
     *     app's name; an app without an entry is judged against the cores an app started here may use, as the line says
     */
    public List<String> describe(Plan plan, Map<String, Integer> hostCores) {
        List<String> lines = new ArrayList<>();
        byName.forEach((name, remote) -> {
            if (name.equals(Target.SLOW_SERVER) || plan.targetNames().contains(name)) {
                lines.add(name + " at " + remote.base() + ", not started by the lab: "
                        + remote.management()
                                .map(management -> "CPU, threads, heap, JIT and GC from its Actuator (Micrometer) at "
                                        + management + ", no RSS" + cores(name, plan, hostCores))
                                .orElse("no resource figures read (no management port given)"
                                        + (name.equals(Target.SLOW_SERVER) ? "" : ceilingCores(plan))));
            }
        });
        return lines;
    }

    /** Which cores a remote app's CPU figures and CPU ceiling count: its host's when read, else as before. */
    private static String cores(String app, Plan plan, Map<String, Integer> hostCores) {
        Integer read = hostCores.get(app);
        return read != null
                ? "; its CPU is judged against its host's " + cores(read) + " (" + CPU_COUNT + ")"
                : "; its host's cores were not read (" + CPU_COUNT + "), so its CPU is judged against the "
                        + cores(plan.appCores()) + " an app started here may use";
    }

    /** Without an Actuator no figure is judged, but a CPU-bound ceiling still counts cores: this machine's. */
    private static String ceilingCores(Plan plan) {
        return plan.request().micros() == 0
                ? ""
                : "; its ceiling counts the " + cores(plan.appCores()) + " an app started here may use, its host's"
                        + " being unknown";
    }

    private static String cores(int count) {
        return count + (count == 1 ? " core" : " cores");
    }

    /**
     * {@code slow-server=http://192.0.2.10:8000,webflux=http://192.0.2.11:8083+9083}; empty or {@code none}: every
     * target is the lab's own.
     *
     * @param knob the knob's name as an error names it
     */
    static RemoteTargets parse(String knob, String raw) {
        if (raw == null || raw.isBlank() || raw.equals("none")) {
            return NONE;
        }
        Map<String, Remote> byName = new LinkedHashMap<>();
        for (String written : raw.split(",")) {
            String entry = written.trim();
            String prefix = knob + " entry '" + entry + "' ";
            int equals = entry.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException(prefix + "is not " + FORM);
            }
            String name = name(prefix, entry.substring(0, equals).trim());
            Remote remote = remote(prefix, name, entry.substring(equals + 1).trim());
            if (byName.put(name, remote) != null) {
                throw new IllegalArgumentException(knob + " names " + name + " twice");
            }
        }
        return new RemoteTargets(byName);
    }

    private static String name(String prefix, String name) {
        if (name.equals(Target.SLOW_SERVER)) {
            return name;
        }
        return Target.app(name)
                .map(Target::name)
                .orElseThrow(() -> new IllegalArgumentException(prefix + "names '" + name
                        + "', which is neither slow-server nor an app (known: slow-server, "
                        + String.join(
                                ", ",
                                Target.APPS.stream()
                                        .map(app -> app.name().substring("app-".length()))
                                        .toList())
                        + ")"));
    }

    private static Remote remote(String prefix, String name, String value) {
        OptionalInt management = OptionalInt.empty();
        String url = value;
        int plus = value.lastIndexOf('+');
        if (plus >= 0) {
            url = value.substring(0, plus);
            management = OptionalInt.of(port(prefix, "a management port", value.substring(plus + 1)));
            if (name.equals(Target.SLOW_SERVER)) {
                throw new IllegalArgumentException(prefix + "gives slow-server a management port, and slow-server has"
                        + " no Actuator to read figures from");
            }
        }
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(prefix + "is not " + URL_FORM);
        }
        if (uri.getScheme() == null || !uri.getScheme().toLowerCase(Locale.ROOT).equals("http")) {
            throw new IllegalArgumentException(prefix + "is not " + URL_FORM);
        }
        if (uri.getHost() == null) {
            // java.net.URI takes "host:abc" for an authority it cannot split, without a host or a port.
            String authority = uri.getRawAuthority() == null ? "" : uri.getRawAuthority();
            int colon = authority.lastIndexOf(':');
            if (colon > 0 && !authority.endsWith("]")) {
                port(prefix, "a port", authority.substring(colon + 1));
            }
            throw new IllegalArgumentException(prefix + "has no host (" + URL_FORM + ")");
        }
        if (uri.getPort() == -1) {
            throw new IllegalArgumentException(prefix + "has no port (" + URL_FORM + ")");
        }
        port(prefix, "a port", Integer.toString(uri.getPort()));
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        if (!(path.isEmpty() || path.equals("/")) || uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(prefix + "has a path: give the base URL alone, to which the lab adds"
                    + " the scenario's request path");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException(prefix + "has a user name: give http://<host>:<port> alone");
        }
        return new Remote(URI.create("http://" + uri.getHost() + ":" + uri.getPort()), management);
    }

    private static int port(String prefix, String what, String raw) {
        int port;
        try {
            port = Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(prefix + "has " + what + " that is not a number");
        }
        if (port < 1 || port > 65_535) {
            throw new IllegalArgumentException(prefix + "has " + what + " outside 1..65535");
        }
        return port;
    }
}
