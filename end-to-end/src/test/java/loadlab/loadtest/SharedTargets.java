package loadlab.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Targets for the end-to-end tests that only need something to load: slow-server (delays 0..200 ms, as {@link
 * LabFixtures#smallScenario} asks) and the apps, each started once per test JVM from its jar on free loopback ports,
 * the first time a test asks for it, and stopped when the JVM's tests are done. The lab loads them as targets it does
 * not start ({@code --targets}), so a run pays neither their start nor their stop.
 *
 * <p>Only for tests that assert nothing about the processes the lab starts (their logs, recordings, death, reaping):
 * those start their own. A test takes them as a parameter of a class extended with this:
 *
 * <pre>{@code
 * @ExtendWith(SharedTargets.class)
 * class SomeIT {
 *     @Test
 *     void loads(SharedTargets.Running targets, @TempDir Path results) {
 *         LabFixtures.smallScenario(results, "--apps=webflux", targets.knob("webflux"));
 * }</pre>
 */
final class SharedTargets implements ParameterResolver {

    /** The delays of the shared slow-server: {@link LabFixtures#smallScenario}'s. */
    static final int MIN_DELAY_MS = 0;

    static final int MAX_DELAY_MS = 200;

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Running.class;
    }

    @Override
    public Running resolveParameter(ParameterContext parameter, ExtensionContext context) {
        // The root context's store lives as long as the test JVM's run and closes what it holds at its end.
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.create(SharedTargets.class))
                .computeIfAbsent(Running.class, type -> Running.start(), Running.class);
    }

    /** slow-server, running, and the apps started so far. */
    static final class Running implements AutoCloseable {

        private final Path logs;
        private final OtherHosts hosts;
        private final String backend;
        /** Each app's base URL by its full name (app-webflux), in the order started. */
        private final Map<String, String> apps = new LinkedHashMap<>();

        private Running(Path logs, OtherHosts hosts, String backend) {
            this.logs = logs;
            this.hosts = hosts;
            this.backend = backend;
        }

        private static Running start() {
            Path logs = null;
            OtherHosts hosts = null;
            try {
                logs = Files.createTempDirectory("loadlab-shared-targets");
                hosts = new OtherHosts(logs);
                int port = LabFixtures.freePort();
                Process server = hosts.service(
                        Target.SLOW_SERVER,
                        "--port=" + port,
                        "--bind=127.0.0.1",
                        "--min-delay-ms=" + MIN_DELAY_MS,
                        "--max-delay-ms=" + MAX_DELAY_MS);
                String base = "http://127.0.0.1:" + port;
                hosts.awaitHealthy(server, base + "/__admin/health");
                return new Running(logs, hosts, base);
            } catch (Exception e) {
                stop(hosts, logs);
                throw new IllegalStateException("the shared slow-server did not start", e);
            }
        }

        /**
         * The {@code --targets} knob for slow-server and these apps (short names, as {@code --apps} takes them),
         * starting each app not yet running.
         */
        synchronized String knob(String... shortNames) throws Exception {
            List<String> entries = new ArrayList<>(List.of(Target.SLOW_SERVER + "=" + backend));
            for (String shortName : shortNames) {
                entries.add(shortName + "=" + app("app-" + shortName));
            }
            return "--targets=" + String.join(",", entries);
        }

        private String app(String module) throws Exception {
            String running = apps.get(module);
            if (running != null) {
                return running;
            }
            int port = LabFixtures.freePort();
            Process app = hosts.service(
                    module, "--server.port=" + port, "--server.address=127.0.0.1", "--backend.base-url=" + backend);
            String base = "http://127.0.0.1:" + port;
            hosts.awaitHealthy(app, base + "/actuator/health");
            apps.put(module, base);
            return base;
        }

        @Override
        public void close() {
            stop(hosts, logs);
        }

        private static void stop(OtherHosts hosts, Path logs) {
            try {
                if (hosts != null) {
                    hosts.stopAll();
                }
                if (logs != null) {
                    try (Stream<Path> files = Files.walk(logs)) {
                        for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                            Files.delete(file);
                        }
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
