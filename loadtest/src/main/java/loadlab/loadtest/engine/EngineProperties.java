package loadlab.loadtest.engine;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.jmeter.util.JMeterUtils;

/**
 * The JMeter properties a lab engine runs with. Two of them must be the same on the controller as on every engine,
 * so the controller sets {@link #shared()} on its own JVM; the rest only make sense on an engine.
 */
public final class EngineProperties {

    /**
     * The variables an engine copies into every sample it sends back: {@code delayMs}, the backend's delay for that
     * request, from which the controller computes added latency, and {@code intendedMs}, when an open load's arrival
     * was due, from which it computes latency from the intended time and the generator's lag. The names are read on
     * both sides (an engine fills the values, the controller reads them by index), so both must have the same list.
     */
    public static final String SAMPLE_VARIABLES = "sample_variables";

    public static final String SAMPLE_VARIABLE_NAMES = "delayMs,intendedMs";

    /**
     * Engines send samples back stripped of their response bodies, and by default strip failed ones too. The
     * controller classifies errors by what a failed response said, so those bodies must travel.
     */
    public static final String STRIP_ALSO_ON_ERROR = "sample_sender_strip_also_on_error";

    /**
     * Whether JMeter's HTTP client drops its connections at each new iteration of a thread group whose users are "new
     * visitors" (the DSL's thread groups are): by default it does, and jmeter-java-dsl turns it off, but only in the
     * JVM that builds the plan. On an engine left at the default, every closed-loop user opened a new connection for
     * each request (measured: 49 connections for 49 requests of 6 users) while the same load from the runner's JVM
     * kept one per user. Off on both sides: a user keeps its connection, wherever it runs.
     */
    static final String RESET_CONNECTIONS_EACH_ITERATION = "httpclient.reset_state_on_thread_group_iteration";

    /** The RMI registry's port, the one a controller is told ({@code host:port}). */
    static final String REGISTRY_PORT = "server_port";

    /**
     * The engine's remote object's port; JMeter picks a random one otherwise, and a firewall between the hosts would
     * then need a range open instead of two ports.
     */
    static final String REMOTE_OBJECT_PORT = "server.rmi.localport";

    /**
     * JMeter's own RMI over SSL, off on every side: the lab's sockets ({@link AddressBoundSockets}) do TLS instead,
     * since JMeter's would send each host's keystore path to the other to open there.
     */
    public static final String JMETER_SSL_DISABLE = "server.rmi.ssl.disable";

    /** An engine serves every target and load of a run, and the next run, so a finished test must not end it. */
    static final String EXIT_AFTER_TEST = "server.exitaftertest";

    /**
     * A controller that asks an engine to exit has unbound it from its registry, so no controller can reach it again:
     * it ends, rather than stay a process that looks like a working engine.
     */
    static final String SYSTEM_EXIT_ON_REMOTE_EXIT = "jmeterengine.remote.system.exit";

    private EngineProperties() {}

    /**
     * This JVM as an engine, {@code host:port}, when it is one (a lab engine sets its registry port); empty in the
     * runner's own JVM, whether JMeter runs there or only controls engines.
     */
    public static Optional<String> thisEngine() {
        Properties jmeter = JMeterUtils.getJMeterProperties();
        String port = jmeter == null ? null : jmeter.getProperty(REGISTRY_PORT);
        return port == null
                ? Optional.empty()
                : Optional.of(System.getProperty("java.rmi.server.hostname") + ":" + port);
    }

    /** The properties that a controller and its engines must agree on, to be set on both. */
    public static Map<String, String> shared() {
        return Map.of(
                SAMPLE_VARIABLES,
                SAMPLE_VARIABLE_NAMES,
                STRIP_ALSO_ON_ERROR,
                "false",
                JMETER_SSL_DISABLE,
                "true",
                RESET_CONNECTIONS_EACH_ITERATION,
                "false");
    }

    /** Everything an engine with these options sets, the shared properties included. */
    static Map<String, String> of(EngineOptions options) {
        Map<String, String> properties = new LinkedHashMap<>(shared());
        properties.put(REGISTRY_PORT, Integer.toString(options.port()));
        properties.put(REMOTE_OBJECT_PORT, Integer.toString(options.remoteObjectPort()));
        properties.put(EXIT_AFTER_TEST, "false");
        properties.put(SYSTEM_EXIT_ON_REMOTE_EXIT, "true");
        return properties;
    }
}
