package loadlab.loadtest.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.RemoteTargets;

/**
 * The figures of an app on another host, read through its Actuator's metrics endpoint (Micrometer, as Spring Boot
 * registers it) where the lab has neither {@code /proc} nor a JFR recording of the process:
 * <ul>
 *   <li>CPU: {@code process.cpu.time}, a cumulative counter of the JVM's CPU time, converted by its {@code baseUnit};
 *   <li>threads: {@code jvm.threads.live}, the JVM's live platform threads (not the OS's count: the JVM's own GC and JIT
 *       threads are not among them);
 *   <li>heap: {@code jvm.memory.used} of the heap pools;
 *   <li>JIT: {@code jvm.compilation.time}, the JVM's elapsed time spent compiling so far, which stands in for the CPU of
 *       its compiler threads: it rises while the JIT is compiling and stops when it is done, so the warm-up's "JIT
 *       quiet" rule and the JIT's share taken off a request's CPU work as they do from {@code /proc}, if only
 *       approximately (compiling on several threads at once counts its time once per thread, as CPU does);
 *   <li>GC: {@code jvm.gc.pause}, the cumulative count and total time of the stop-the-world pauses (no meter before
 *       the first one, which reads as none).
 * </ul>
 * RSS is not among Micrometer's meters: a reading's RSS is {@link ResourceSamples.Reading#UNKNOWN}. Once per target,
 * {@code system.cpu.count} says how many processors the app has on its own host, which its CPU figures are judged
 * against.
 */
final class ActuatorMetrics {

    static final String CPU = "process.cpu.time";
    static final String THREADS = "jvm.threads.live";
    static final String HEAP = "jvm.memory.used?tag=area:heap";
    static final String COMPILATION = "jvm.compilation.time";
    static final String GC_PAUSE = "jvm.gc.pause";
    static final String CPU_COUNT = RemoteTargets.CPU_COUNT;

    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final Duration RETRY_EVERY = Duration.ofMillis(500);
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(TIMEOUT)
            .build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI management;

    /** @param management the Actuator's base, {@code http://<host>:<management port>} */
    ActuatorMetrics(URI management) {
        this.management = management;
    }

    /** Where one meter is read: {@code <management>/actuator/metrics/<meter>}. */
    URI url(String meter) {
        return URI.create(management + "/actuator/metrics/" + meter);
    }

    /** Empty when the CPU meter, which every reading needs, answers 200; else one line naming its URL. */
    Optional<String> unreadable() {
        try {
            HttpResponse<String> response = get(CPU);
            return response.statusCode() == 200
                    ? Optional.empty()
                    : Optional.of("GET " + url(CPU) + " gave " + response.statusCode());
        } catch (IOException e) {
            return Optional.of("GET " + url(CPU) + ": " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while reading " + url(CPU));
        }
    }

    /** The process's CPU time so far, ns; empty when it does not answer. */
    OptionalLong cpuNanos() {
        try {
            return OptionalLong.of(nanos(required(CPU), CPU, "COUNT"));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }

    /**
     * The processors the app's JVM may run on, on its own host: {@code system.cpu.count}, which Micrometer takes from
     * that JVM's {@code Runtime.availableProcessors()}, so a container's CPU limit or a {@code taskset} there counts, as
     * pinning does for the lab's own apps. Read once per target, since it does not change while the app runs. Empty
     * when the meter does not answer or is not a whole count of at least one (an app that binds no system metrics):
     * the caller then judges the app as before, against this machine's cores.
     */
    OptionalInt processors() {
        try {
            double count = statistic(required(CPU_COUNT), CPU_COUNT, "VALUE");
            return count >= 1 && count <= Integer.MAX_VALUE && count == Math.rint(count)
                    ? OptionalInt.of((int) count)
                    : OptionalInt.empty();
        } catch (IOException | RuntimeException e) {
            return OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    /**
     * One reading, as a {@link ProcessSampler} takes it. A reading that fails is tried
     * again every half second, so that one slow answer delays a reading rather than ending the sampling; only an
     * Actuator silent for {@link Thresholds#STALLED_AFTER} ends it (the health watch has then failed the row).
     *
     * @throws IllegalStateException when it has not answered for that long, or answers what it should not
     */
    Optional<ResourceSamples.Reading> read() {
        long giveUp = System.nanoTime() + Thresholds.STALLED_AFTER.toNanos();
        while (true) {
            try {
                return Optional.of(readOnce());
            } catch (IOException e) {
                if (System.nanoTime() > giveUp) {
                    throw new IllegalStateException("its Actuator at " + management + " did not answer for "
                            + Thresholds.STALLED_AFTER.toSeconds() + " s: " + e.getMessage());
                }
                try {
                    Thread.sleep(RETRY_EVERY);
                } catch (InterruptedException stopped) {
                    Thread.currentThread().interrupt();
                    return Optional.empty();
                }
            } catch (InterruptedException e) {
                // The sampler is stopping.
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
    }

    private ResourceSamples.Reading readOnce() throws IOException, InterruptedException {
        JsonNode cpu = required(CPU);
        long at = System.currentTimeMillis();
        int threads = (int) Math.round(statistic(required(THREADS), THREADS, "VALUE"));
        Optional<JsonNode> heap = optional(HEAP);
        Optional<JsonNode> compilation = optional(COMPILATION);
        Optional<JsonNode> gc = optional(GC_PAUSE);
        return new ResourceSamples.Reading(
                at,
                nanos(cpu, CPU, "COUNT"),
                ResourceSamples.Reading.UNKNOWN,
                threads,
                compilation.isPresent()
                        ? nanos(compilation.get(), COMPILATION, "COUNT")
                        : ResourceSamples.Reading.UNKNOWN,
                heap.isPresent()
                        ? Math.round(statistic(heap.get(), HEAP, "VALUE") / 1024)
                        : ResourceSamples.Reading.UNKNOWN,
                // No jvm.gc.pause yet: no pause yet.
                gc.isPresent() ? Math.round(statistic(gc.get(), GC_PAUSE, "COUNT")) : 0,
                gc.isPresent() ? nanos(gc.get(), GC_PAUSE, "TOTAL_TIME") : 0);
    }

    private HttpResponse<String> get(String meter) throws IOException, InterruptedException {
        return CLIENT.send(
                HttpRequest.newBuilder(url(meter)).timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode required(String meter) throws IOException, InterruptedException {
        HttpResponse<String> response = get(meter);
        if (response.statusCode() != 200) {
            throw new IOException("GET " + url(meter) + " gave " + response.statusCode());
        }
        return JSON.readTree(response.body());
    }

    /** A meter the app may not have (yet): 404 is its absence, not a failure. */
    private Optional<JsonNode> optional(String meter) throws IOException, InterruptedException {
        HttpResponse<String> response = get(meter);
        if (response.statusCode() == 404) {
            return Optional.empty();
        }
        if (response.statusCode() != 200) {
            throw new IOException("GET " + url(meter) + " gave " + response.statusCode());
        }
        return Optional.of(JSON.readTree(response.body()));
    }

    /** One statistic of a meter's answer, e.g. {@code COUNT} of {@code {"measurements":[{"statistic":"COUNT",...}]}}. */
    static double statistic(JsonNode meter, String name, String statistic) {
        return statistics(meter)
                .map(values -> values.get(statistic))
                .orElseThrow(() -> new IllegalStateException(name + " has no " + statistic + " statistic: " + meter));
    }

    private static Optional<Map<String, Double>> statistics(JsonNode meter) {
        Map<String, Double> values = new HashMap<>();
        for (JsonNode measurement : meter.path("measurements")) {
            values.put(
                    measurement.path("statistic").asText(),
                    measurement.path("value").asDouble());
        }
        return Optional.of(values).filter(v -> !v.isEmpty());
    }

    /** A time statistic in nanoseconds, by the meter's own {@code baseUnit}. */
    static long nanos(JsonNode meter, String name, String statistic) {
        double value = statistic(meter, name, statistic);
        String unit = meter.path("baseUnit").asText("");
        return Math.round(value
                * nanosPer(unit)
                        .orElseThrow(() -> new IllegalStateException(
                                name + " is in '" + unit + "', which is not a unit of time the lab knows")));
    }

    /** How many nanoseconds one of Micrometer's time units is: its base units, spelled out or short. */
    static OptionalDouble nanosPer(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "ns", "nanoseconds", "nanosecond" -> OptionalDouble.of(1);
            case "us", "µs", "microseconds", "microsecond" -> OptionalDouble.of(1e3);
            case "ms", "milliseconds", "millisecond" -> OptionalDouble.of(1e6);
            case "s", "seconds", "second" -> OptionalDouble.of(1e9);
            default -> OptionalDouble.empty();
        };
    }
}
