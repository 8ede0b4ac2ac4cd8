package loadlab.loadtest.run;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import loadlab.loadtest.measure.Thresholds;

/**
 * Watches the lab's services while a load runs: a service that exits, whose log says it ran out of memory, or that for
 * {@link Thresholds#STALLED_AFTER} neither answers its health check nor any request of the load, is dead. The first
 * death ends the load at once (the load generator would otherwise hammer a dead port and report its refusals as
 * throughput) and becomes the reason its row fails.
 */
final class HealthWatch implements AutoCloseable {

    /** What the watch needs of a service: {@link LabProcess} is one. */
    interface Service {
        String name();

        /** How it ended; empty while it runs. */
        Optional<String> exit();

        URI health();

        Path log();

        /** The CPU time it has used so far, in nanoseconds; empty when it cannot be read. */
        default OptionalLong cpuNanos() {
            return OptionalLong.empty();
        }
    }

    static final Duration PROBE_EVERY = Duration.ofSeconds(1);

    /**
     * In a service's log, the end of it as a server: a JVM out of heap keeps a core busy collecting and may still answer
     * a health check, yet the threads the error killed (Tomcat's acceptor and poller, a client's workers) leave it
     * taking no more requests, so its timeouts would otherwise read as a measurement.
     */
    static final String OUT_OF_MEMORY = "java.lang.OutOfMemoryError";

    /** The most of a log read at one check: what it gained since the last, or its end. */
    private static final int MOST_LOG_READ = 1 << 20;

    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);
    private static final HttpClient PROBE = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(PROBE_TIMEOUT)
            .build();

    private final Map<Service, LongSupplier> watched = new LinkedHashMap<>();
    private final Map<Service, Long> lastAnswer = new LinkedHashMap<>();
    private final Map<Service, Long> lastCpuNanos = new LinkedHashMap<>();
    private final Map<Service, Long> logReadTo = new LinkedHashMap<>();
    private final Runnable onDeath;
    private final Duration stalledAfter;
    private final ScheduledExecutorService timer;
    private volatile Died death;

    /**
     * @param watched  each service with the epoch millis of the last answer the load got through it (0 for none)
     * @param onDeath  what ends the load; run once, on the first death
     */
    HealthWatch(Map<Service, LongSupplier> watched, Runnable onDeath, Duration stalledAfter) {
        this.watched.putAll(watched);
        this.onDeath = onDeath;
        this.stalledAfter = stalledAfter;
        long now = System.currentTimeMillis();
        watched.keySet().forEach(process -> lastAnswer.put(process, now));
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-health-watch");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleWithFixedDelay(this::check, 0, PROBE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    static HealthWatch of(List<? extends Service> services, LongSupplier loadAnswers, Runnable onDeath) {
        Map<Service, LongSupplier> watched = new LinkedHashMap<>();
        // The load's answers come from the target, the last service; an earlier one (the backend) has its probe only.
        for (int i = 0; i < services.size(); i++) {
            watched.put(services.get(i), i == services.size() - 1 ? loadAnswers : () -> 0);
        }
        return new HealthWatch(watched, onDeath, Thresholds.STALLED_AFTER);
    }

    /**
     * A service that died during a load, and how.
     *
     * @param reason one line naming it, how it ended or stopped answering, and its log
     */
    record Died(Service service, String reason) {}

    /** The service that died during the load, if one did. */
    Optional<Died> death() {
        return Optional.ofNullable(death);
    }

    private void check() {
        if (death != null) {
            return;
        }
        long now = System.currentTimeMillis();
        for (Map.Entry<Service, LongSupplier> entry : watched.entrySet()) {
            Service process = entry.getKey();
            Optional<String> exit = process.exit();
            if (exit.isPresent()) {
                die(process, process.name() + " " + exit.get() + " during the load (log: " + process.log() + ")");
                return;
            }
            if (ranOutOfMemory(process)) {
                die(
                        process,
                        process.name() + " ran out of memory during the load: " + OUT_OF_MEMORY + " in its log (log: "
                                + process.log() + ")");
                return;
            }
            // CPU first, so that its reading is a second old at every check, and a working service needs no probe.
            boolean alive = working(process) || answersHealth(process);
            long answered = Math.max(entry.getValue().getAsLong(), alive ? now : 0);
            lastAnswer.merge(process, answered, Math::max);
            if (now - lastAnswer.get(process) >= stalledAfter.toMillis()) {
                die(
                        process,
                        process.name() + " stopped answering: no answer to its health check or to the load, and under "
                                + Math.round(Thresholds.WORKING_CPU_SHARE * 100) + "% of a core of CPU, for "
                                + stalledAfter.toSeconds() + " s (log: " + process.log() + ")");
                return;
            }
        }
    }

    /**
     * Whether its log gained {@link #OUT_OF_MEMORY} since the last check. It reads only what was added (from a little
     * before, so that a line written across two checks is still found); a log not there yet is no news.
     */
    private boolean ranOutOfMemory(Service process) {
        byte[] needle = OUT_OF_MEMORY.getBytes(StandardCharsets.US_ASCII);
        try (SeekableByteChannel log = Files.newByteChannel(process.log())) {
            long size = log.size();
            long from =
                    Math.max(Math.max(0, logReadTo.getOrDefault(process, 0L) - needle.length), size - MOST_LOG_READ);
            logReadTo.put(process, size);
            if (size - from < needle.length) {
                return false;
            }
            ByteBuffer added = ByteBuffer.allocate(Math.toIntExact(size - from));
            log.position(from);
            while (added.hasRemaining() && log.read(added) > 0) {
                // reads what the log holds up to the size taken above
            }
            return new String(added.array(), 0, added.position(), StandardCharsets.ISO_8859_1).contains(OUT_OF_MEMORY);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether it used {@link Thresholds#WORKING_CPU_SHARE} of a core or more since the last probe, a second ago. */
    private boolean working(Service process) {
        OptionalLong cpu = process.cpuNanos();
        if (cpu.isEmpty()) {
            return false;
        }
        Long before = lastCpuNanos.put(process, cpu.getAsLong());
        return before != null && cpu.getAsLong() - before >= Thresholds.WORKING_CPU_SHARE * PROBE_EVERY.toNanos();
    }

    /** Any HTTP answer counts: a service that says it is unwell is still answering. For PostgreSQL, a connection. */
    private static boolean answersHealth(Service process) {
        if ("tcp".equals(process.health().getScheme())) {
            try (Socket socket = new Socket()) {
                socket.connect(
                        new InetSocketAddress(
                                process.health().getHost(), process.health().getPort()),
                        (int) PROBE_TIMEOUT.toMillis());
                return true;
            } catch (IOException e) {
                return false;
            }
        }
        try {
            PROBE.send(
                    HttpRequest.newBuilder(process.health())
                            .timeout(PROBE_TIMEOUT)
                            .build(),
                    HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void die(Service service, String reason) {
        death = new Died(service, reason);
        onDeath.run();
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
