package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A service that exits or stops answering ends its load; a busy one whose load still gets answers does not. */
class HealthWatchTests {

    /** Only keeps a broken watch from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private static final Duration STALL = Duration.ofSeconds(2);

    private HttpServer server;
    private final AtomicReference<String> exit = new AtomicReference<>();
    private final AtomicInteger deaths = new AtomicInteger();
    /** The service's CPU time so far; none by default, as for a process whose CPU cannot be read. */
    private final AtomicReference<LongSupplier> cpuNanos = new AtomicReference<>();
    /** Where the service's log is; by default a file that does not exist, as before the service writes one. */
    private final AtomicReference<Path> log = new AtomicReference<>(Path.of("raw/app-test/app.log"));

    @BeforeEach
    void startService() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/health", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stopService() {
        server.stop(0);
    }

    private HealthWatch.Service service() {
        URI health = URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/health");
        return new HealthWatch.Service() {
            @Override
            public String name() {
                return "app-test";
            }

            @Override
            public Optional<String> exit() {
                return Optional.ofNullable(exit.get());
            }

            @Override
            public URI health() {
                return health;
            }

            @Override
            public Path log() {
                return log.get();
            }

            @Override
            public OptionalLong cpuNanos() {
                LongSupplier cpu = cpuNanos.get();
                return cpu == null ? OptionalLong.empty() : OptionalLong.of(cpu.getAsLong());
            }
        };
    }

    private HealthWatch watch(LongSupplier loadAnswers) {
        return new HealthWatch(Map.of(service(), loadAnswers), deaths::incrementAndGet, STALL);
    }

    private static Optional<String> awaitDeath(HealthWatch watch) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (watch.death().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        return watch.death().map(HealthWatch.Died::reason);
    }

    @Test
    void aServiceThatStopsAcceptingIsDeadAndItsLoadIsStoppedOnce() throws Exception {
        try (HealthWatch watch = watch(() -> 0)) {
            server.stop(0);

            assertThat(awaitDeath(watch))
                    .hasValueSatisfying(reason -> assertThat(reason)
                            .startsWith("app-test stopped answering")
                            .contains("raw/app-test/app.log"));
            Thread.sleep(HealthWatch.PROBE_EVERY.toMillis() * 3);
            assertThat(deaths).hasValue(1);
        }
    }

    @Test
    void aServiceThatExitsIsDeadWithItsExitCode() throws Exception {
        try (HealthWatch watch = watch(() -> 0)) {
            exit.set("exited with code 137 (killed by signal 9, SIGKILL)");

            assertThat(awaitDeath(watch))
                    .hasValueSatisfying(reason -> assertThat(reason)
                            .isEqualTo("app-test exited with code 137 (killed by signal 9, SIGKILL) during the load "
                                    + "(log: raw/app-test/app.log)"));
            assertThat(deaths).hasValue(1);
        }
    }

    @Test
    void theDeathNamesWhichServiceDiedAsAValueNotInItsWords() throws Exception {
        HealthWatch.Service backend = service();
        HealthWatch.Service answering = service();
        HealthWatch.Service app = new HealthWatch.Service() {
            @Override
            public String name() {
                return "app-gone";
            }

            @Override
            public Optional<String> exit() {
                return Optional.of("exited with code 1");
            }

            @Override
            public URI health() {
                return answering.health();
            }

            @Override
            public Path log() {
                return answering.log();
            }
        };
        Map<HealthWatch.Service, LongSupplier> both = new LinkedHashMap<>();
        both.put(backend, () -> 0);
        both.put(app, () -> 0);
        try (HealthWatch watch = new HealthWatch(both, deaths::incrementAndGet, STALL)) {
            assertThat(awaitDeath(watch))
                    .hasValueSatisfying(reason -> assertThat(reason).startsWith("app-gone exited with code 1"));
            assertThat(watch.death())
                    .hasValueSatisfying(died -> assertThat(died.service()).isSameAs(app));
        }
    }

    @Test
    void aServiceWhoseHealthCheckWaitsButWhoseLoadIsAnsweredIsAlive() throws Exception {
        server.stop(0);
        // A thread pool that is full: its health request waits in the queue, yet its load's answers keep coming.
        try (HealthWatch watch = watch(System::currentTimeMillis)) {
            Thread.sleep(STALL.toMillis() * 2);

            assertThat(watch.death()).isEmpty();
            assertThat(deaths).hasValue(0);
        }
    }

    @Test
    void aServiceThatAnswersNothingButKeepsWorkingIsAlive() throws Exception {
        server.stop(0);
        // A thread pool past its collapse: no answer reaches anyone, yet it uses a core serving abandoned requests.
        long start = System.nanoTime();
        cpuNanos.set(() -> System.nanoTime() - start);
        try (HealthWatch watch = watch(() -> 0)) {
            Thread.sleep(STALL.toMillis() * 2);

            assertThat(watch.death()).isEmpty();
            assertThat(deaths).hasValue(0);
        }
    }

    @Test
    void aServiceThatAnswersNothingAndIdlesIsDeadAndTheReasonSaysItsCpuWasLow() throws Exception {
        server.stop(0);
        // 1% of a core: a JVM's own timers, not work.
        long start = System.nanoTime();
        cpuNanos.set(() -> (System.nanoTime() - start) / 100);
        try (HealthWatch watch = watch(() -> 0)) {
            assertThat(awaitDeath(watch))
                    .hasValueSatisfying(reason -> assertThat(reason)
                            .startsWith("app-test stopped answering: no answer to its health check or to the load, "
                                    + "and under 5% of a core of CPU, for 2 s"));
        }
    }

    @Test
    void aServiceWhoseLogSaysItRanOutOfMemoryIsDeadThoughItAnswersAndWorks(@TempDir Path raw) throws Exception {
        // Out of heap: its collector keeps a core busy and its health check may answer, yet it takes no more requests.
        Path appLog = raw.resolve("app.log");
        Files.writeString(appLog, "Started App in 3.1 seconds\n");
        log.set(appLog);
        long start = System.nanoTime();
        cpuNanos.set(() -> System.nanoTime() - start);
        try (HealthWatch watch = watch(System::currentTimeMillis)) {
            Thread.sleep(HealthWatch.PROBE_EVERY.toMillis() * 2);
            assertThat(watch.death()).isEmpty();

            Files.writeString(
                    appLog,
                    "Exception: java.lang.OutOfMemoryError thrown from the UncaughtExceptionHandler in thread"
                            + " \"http-nio-127.0.0.1-8085-Acceptor\"\n",
                    StandardOpenOption.APPEND);

            assertThat(awaitDeath(watch))
                    .hasValueSatisfying(reason -> assertThat(reason)
                            .isEqualTo("app-test ran out of memory during the load: java.lang.OutOfMemoryError in its"
                                    + " log (log: " + appLog + ")"));
            assertThat(deaths).hasValue(1);
        }
    }

    @Test
    void anExitCodeAbove128NamesTheSignal() {
        assertThat(Signals.describe(137)).isEqualTo(" (killed by signal 9, SIGKILL)");
        assertThat(Signals.describe(143)).isEqualTo(" (killed by signal 15, SIGTERM)");
        assertThat(Signals.describe(1)).isEmpty();
    }
}
