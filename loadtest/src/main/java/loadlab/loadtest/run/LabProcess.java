package loadlab.loadtest.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A service of the lab (slow-server, db-server or an app) running as a child JVM.
 * <p>
 * Every child carries {@code -Dloadlab.run=<id>} on its command line, so a wrapper can find and end it even if this
 * JVM dies without running its hooks; a shutdown hook ends every child this JVM started (Ctrl-C, SIGTERM, crash).
 */
public final class LabProcess implements AutoCloseable, HealthWatch.Service {

    public static final String RUN_TAG = "-Dloadlab.run=";
    private static final Duration HEALTH_TIMEOUT = Duration.ofSeconds(90);
    /**
     * Longer than Spring Boot's graceful shutdown (30 s per phase), which waits for requests still queued in the app
     * (for a database pool, say) before the JVM exits and writes its recording: with 15 s, a starved host's db run
     * killed both apps before their recordings were written.
     */
    private static final Duration STOP_GRACE = Duration.ofSeconds(35);

    private static final Set<LabProcess> RUNNING = ConcurrentHashMap.newKeySet();
    private static final HttpClient PROBE = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> List.copyOf(RUNNING).forEach(LabProcess::close), "loadlab-stop-children"));
    }

    private final String name;
    private final Process process;
    private final Path log;
    private final URI health;
    private final String readyLine;

    /**
     * @param health    what answers while it lives: an HTTP health URL, or {@code tcp://host:port} for a service that
     *     speaks no HTTP (PostgreSQL), where an accepted connection is the answer
     * @param readyLine for a service without an HTTP health check, the line of its log that says it is ready; null
     *     for one whose health URL answering 200 says so
     */
    private LabProcess(String name, Process process, Path log, URI health, String readyLine) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.health = health;
        this.readyLine = readyLine;
    }

    /** Thrown when a service cannot be started or never becomes healthy; the message names the log to read. */
    public static final class StartFailure extends Exception {
        public StartFailure(String message) {
            super(message);
        }
    }

    /** How a service says it is ready, and what answers while it lives. */
    public record Readiness(URI health, String readyLine) {

        /** Ready when its HTTP health URL answers 200; alive while it answers at all. */
        public static Readiness http(String host, int port, String path) {
            return new Readiness(URI.create("http://" + host + ":" + port + path), null);
        }

        /** A service that speaks no HTTP (db-server): ready once its log has the line, alive while its port accepts. */
        public static Readiness logged(String host, int port, String line) {
            return new Readiness(URI.create("tcp://" + host + ":" + port), line);
        }
    }

    /**
     * Starts {@code <launcher> java <jvmFlags> -jar <jar> <args>} with output to {@code log}, and waits until it is
     * ready.
     *
     * @param launcher words before the JVM's own command line that exec it, e.g. {@code taskset -c 1}; may be empty
     */
    public static LabProcess start(
            String name,
            List<String> launcher,
            Path jar,
            List<String> jvmFlags,
            List<String> args,
            String host,
            int port,
            Readiness readiness,
            Path log,
            String runId)
            throws StartFailure {
        if (!Files.isRegularFile(jar)) {
            throw new StartFailure(name + ": jar missing: " + jar + " (run `make build` first)");
        }
        if (!isFree(host, port)) {
            throw new StartFailure(name + ": port " + port + " on " + host + " is already in use");
        }
        List<String> command = new ArrayList<>(launcher);
        command.addAll(OpenFiles.raised());
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(RUN_TAG + runId);
        command.addAll(jvmFlags);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(args);
        Process process;
        try {
            Files.createDirectories(log.getParent());
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .redirectInput(ProcessBuilder.Redirect.from(nullDevice()))
                    .start();
        } catch (IOException e) {
            throw new StartFailure(name + ": could not start " + jar + ": " + e.getMessage() + " (log: " + log + ")");
        }
        LabProcess lab = new LabProcess(name, process, log, readiness.health(), readiness.readyLine());
        RUNNING.add(lab);
        lab.awaitHealthy();
        return lab;
    }

    public long pid() {
        return process.pid();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Path log() {
        return log;
    }

    @Override
    public URI health() {
        return health;
    }

    @Override
    public OptionalLong cpuNanos() {
        return ProcessSampler.cpuNanosNow(pid());
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** How it ended, e.g. {@code exited with code 137 (killed by signal 9, SIGKILL)}; empty while it runs. */
    @Override
    public Optional<String> exit() {
        if (process.isAlive()) {
            return Optional.empty();
        }
        int code = process.exitValue();
        return Optional.of("exited with code " + code + Signals.describe(code));
    }

    private void awaitHealthy() throws StartFailure {
        long deadline = System.nanoTime() + HEALTH_TIMEOUT.toNanos();
        HttpRequest request = readyLine != null
                ? null
                : HttpRequest.newBuilder(health)
                        .timeout(Duration.ofSeconds(2))
                        .GET()
                        .build();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                close();
                throw new StartFailure(
                        name + ": " + exit().orElseThrow() + " before becoming healthy (log: " + log + ")");
            }
            try {
                if (readyLine != null
                        ? Files.readString(log).contains(readyLine)
                        : PROBE.send(request, HttpResponse.BodyHandlers.discarding())
                                        .statusCode()
                                == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new StartFailure(name + ": interrupted while waiting for " + health);
            }
            sleep(Duration.ofMillis(200));
        }
        close();
        throw new StartFailure(
                name + ": not healthy at " + health + " after " + HEALTH_TIMEOUT.toSeconds() + " s (log: " + log + ")");
    }

    /** SIGTERM, a grace period for a clean shutdown, then SIGKILL; children of the child go too. */
    @Override
    public void close() {
        List<ProcessHandle> descendants = process.descendants().toList();
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                noteInLog("loadlab: " + name + " did not stop within " + STOP_GRACE.toSeconds()
                        + " s of SIGTERM and was killed (SIGKILL): what it writes as it exits, its recording, is lost");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        descendants.forEach(ProcessHandle::destroyForcibly);
        RUNNING.remove(this);
    }

    /** A line of the lab's own at the end of the service's log, where a reader of a missing figure looks. */
    private void noteInLog(String line) {
        try {
            Files.writeString(log, line + System.lineSeparator(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // The log's folder is gone (a run being cleaned up): nothing to note in.
        }
    }

    static boolean isFree(String host, int port) {
        // SO_REUSEADDR as the servers themselves bind, so connections in TIME_WAIT from the previous app don't count.
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
