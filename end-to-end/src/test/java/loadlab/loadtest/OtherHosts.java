package loadlab.loadtest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What the tests start as if it ran on hosts of its own, outside the lab's run: JMeter engines as {@code make engine}
 * starts them, and services from their jars as a user would. A command prefix puts a process elsewhere (for instance
 * {@code ip netns exec <namespace>}). {@link #stopAll()} ends every one of them; a test calls it after each test.
 */
final class OtherHosts {

    private static final String LISTENING = "loadlab engine listening on ";

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();

    private final Path logs;
    private final List<Process> started = new ArrayList<>();

    /** @param logs where the services' logs go */
    OtherHosts(Path logs) {
        this.logs = logs;
    }

    /** Starts an engine on a free port of this loopback address, the way `make engine` does; its host:port. */
    String engine(String address) throws IOException {
        int port = LabFixtures.freePort();
        engine(List.of(), "--bind=" + address, "--port=" + port);
        return address + ":" + port;
    }

    /**
     * Starts an engine with these options behind this command prefix, and returns it once it listens.
     *
     * @throws IllegalStateException with its output when it ends before listening
     */
    Process engine(List<String> prefix, String... options) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                LabFixtures.C1_ONLY,
                "-cp",
                System.getProperty("java.class.path"),
                "loadlab.loadtest.engine.Engine"));
        command.addAll(List.of(options));
        Process engine = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.add(engine);
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(engine.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        String line;
        while ((line = lines.readLine()) != null) {
            seen.append(line).append('\n');
            if (line.startsWith(LISTENING)) {
                // Keep draining its output, so that a chatty engine never blocks on a full pipe, until it ends.
                Thread.ofVirtual().start(() -> {
                    try {
                        lines.lines().forEach(ignored -> {});
                    } catch (UncheckedIOException ended) {
                        // The engine was stopped and its pipe closed.
                    }
                });
                return engine;
            }
        }
        throw new IllegalStateException("the engine " + List.of(options) + " ended before listening:\n" + seen);
    }

    /** A service as it would run on a host of its own: its jar, its options, nothing of the lab's run tag. */
    Process service(String module, String... options) throws IOException {
        return service(module, List.of(), options);
    }

    /**
     * The same with JVM flags of its own, e.g. {@code -XX:ActiveProcessorCount=8} for a host of eight processors as its
     * JVM (and so Micrometer's {@code system.cpu.count}) sees them.
     */
    Process service(String module, List<String> jvmFlags, String... options) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xms128m",
                "-Xmx256m",
                "-XX:+UseG1GC",
                LabFixtures.C1_ONLY));
        command.addAll(jvmFlags);
        command.addAll(List.of(
                "-jar",
                LabFixtures.PROJECT
                        .resolve(module)
                        .resolve("target")
                        .resolve(module + ".jar")
                        .toString()));
        command.addAll(List.of(options));
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve(module + ".log").toFile())
                .start();
        started.add(process);
        return process;
    }

    /** The process started last, an engine's or a service's. */
    Process latest() {
        return started.getLast();
    }

    /** Waits until the URL answers 200; fails with the services' logs if it never does or the process ends. */
    void awaitHealthy(Process process, String health) throws Exception {
        for (int i = 0; i < 600; i++) {
            if (!process.isAlive()) {
                break;
            }
            try {
                if (HTTP.send(
                                        HttpRequest.newBuilder(URI.create(health))
                                                .timeout(Duration.ofSeconds(2))
                                                .build(),
                                        HttpResponse.BodyHandlers.discarding())
                                .statusCode()
                        == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(200);
        }
        throw new AssertionError(health + " never answered 200; its log:\n" + logsOf());
    }

    /** Every service's log, one after the other. */
    String logsOf() throws IOException {
        StringBuilder all = new StringBuilder();
        try (var files = Files.list(logs)) {
            for (Path file : files.toList()) {
                all.append("== ").append(file).append('\n').append(Files.readString(file));
            }
        }
        return all.toString();
    }

    /** Ends every process started here: politely, then at once. */
    void stopAll() throws InterruptedException {
        for (Process process : started) {
            process.destroy();
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        started.clear();
    }
}
