package loadlab.loadtest.engine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.server.UnicastRemoteObject;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.apache.jmeter.engine.RemoteJMeterEngineImpl;
import org.apache.jmeter.functions.EvalFunction;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jmeter.visualizers.backend.BackendListenerClient;
import us.abstracta.jmeter.javadsl.core.engines.JmeterEnvironment;

/**
 * A JMeter remote engine started from the lab's own jars, with no JMeter installation: a controller on another host
 * (jmeter-java-dsl's {@code DistributedJmeterEngine}) sends it a plan, it runs the plan's users here and streams the
 * samples back. It listens on one address and two ports: the RMI registry's ({@code --port}, 1099) and the remote
 * object's, the next one. {@code make engine} runs it, as does {@code bin/engine} of the distribution:
 *
 * <pre>java -cp 'loadtest/target/loadtest.jar:loadtest/target/lib/*' loadlab.loadtest.engine.Engine \
 *     --bind=&lt;address&gt; --port=&lt;port&gt; --ssl=on|off --keystore=&lt;file&gt;</pre>
 *
 * <p>Beside JMeter's engine its registry holds {@link EngineFigures}, the engine JVM's CPU, threads and heap, which the
 * controller reads during a load for its report.
 *
 * <p>What it accepts and refuses is {@link EngineOptions}'s to say. It runs until SIGINT or SIGTERM, or until a
 * controller asks it to exit.
 */
public final class Engine {

    /** Held for the life of the engine: RMI may let go of an exported object that no client holds a reference to. */
    private static EngineFigures figures;

    private Engine() {}

    public static void main(String[] args) {
        EngineOptions options;
        try {
            options = EngineOptions.parse(args);
        } catch (IllegalArgumentException badOption) {
            System.err.println("engine: " + badOption.getMessage());
            System.exit(2);
            return;
        }
        try {
            start(options);
        } catch (IOException | RuntimeException cannotStart) {
            System.err.println(
                    "engine: cannot listen on " + options.hostAndPort() + ": " + RmiFailure.rootMessage(cannotStart));
            System.exit(1);
            return;
        }
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> System.out.println("loadlab engine on " + options.hostAndPort() + " stopped"),
                        "engine-shutdown"));
        System.out.println("loadlab engine listening on " + options.hostAndPort() + " (remote object on "
                + options.remoteObjectPort() + ", " + describeSsl(options) + ")");
        // Held here rather than by whichever of RMI's threads happen not to be daemons.
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void start(EngineOptions options) throws IOException {
        // JMeter, finding either port taken, would go on with whatever registry it found there: say so instead.
        requireFree(options.address(), options.port());
        requireFree(options.address(), options.remoteObjectPort());
        // What the engine's stubs tell a controller to call back; RMI reads it once, as it loads.
        System.setProperty("java.rmi.server.hostname", options.address().getHostAddress());
        PrintStream stdout = System.out;
        // JMeter announces its ports and its remote object on stdout as it starts; the engine's own line says it all.
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        try {
            initialiseJmeter(options);
            AddressBoundSockets.install(
                    options.address(), options.ssl() ? Optional.of(options.keystore()) : Optional.empty());
            RemoteJMeterEngineImpl.startServer(options.port());
            bindFigures(options);
        } finally {
            System.setOut(stdout);
        }
    }

    /**
     * Exports the engine's figures on the remote object's port, with no socket factories of its own: RMI's sockets in
     * this JVM are {@link AddressBoundSockets}, so it shares JMeter's listener there, on the same address and TLS, and
     * adds no port a firewall would have to open. Bound in JMeter's registry under a name of its own.
     */
    private static void bindFigures(EngineOptions options) throws IOException {
        figures = new OwnFigures();
        Remote stub = UnicastRemoteObject.exportObject(figures, options.remoteObjectPort());
        LocateRegistry.getRegistry(options.address().getHostAddress(), options.port())
                .rebind(EngineFigures.NAME, stub);
    }

    /** JMeter's properties as jmeter-java-dsl sets them up for its own runs, then the engine's own. */
    private static void initialiseJmeter(EngineOptions options) throws IOException {
        new JmeterEnvironment();
        EngineProperties.of(options).forEach(JMeterUtils::setProperty);
        // Functions (${__...}) are found by scanning these jars: the ones the DSL names for a run of its own.
        JMeterUtils.setProperty("search_paths", jarOf(EvalFunction.class) + ";" + jarOf(BackendListenerClient.class));
        // It reads the property once, when it loads, which may have been before the property was set.
        SampleEvent.initSampleVariables();
    }

    private static void requireFree(InetAddress address, int port) throws IOException {
        try (ServerSocket probe = new ServerSocket(port, 0, address)) {
            // Bound, and closed again for RMI to bind.
        } catch (IOException taken) {
            // Without its cause: the line printed is the innermost message, and this one names the port.
            throw new IOException("port " + port + ": " + taken.getMessage());
        }
    }

    private static String describeSsl(EngineOptions options) {
        return options.ssl() ? "RMI over SSL with " + options.keystore() : "RMI over SSL off: loopback only";
    }

    private static String jarOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain()
                            .getCodeSource()
                            .getLocation()
                            .toURI())
                    .toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
