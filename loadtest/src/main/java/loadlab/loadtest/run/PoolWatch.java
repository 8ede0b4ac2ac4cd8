package loadlab.loadtest.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import loadlab.loadtest.measure.PoolWait;

/**
 * Reads a target's connection pool once a second while its load runs: requests waiting for a connection and
 * connections lent out. Which readings count is decided afterwards against the window ({@link PoolWait}), as for the
 * process's own readings. An app's gauges come through its Actuator metrics endpoint, which the runner exposes for
 * the database scenarios alone: Hikari's ({@code hikaricp.connections.pending}, {@code .active}) in the MVC apps,
 * r2dbc-pool's ({@code r2dbc.pool.pending}, {@code .acquired}) in the reactive ones.
 */
final class PoolWatch implements AutoCloseable {

    /** The two gauges of each pool library, pending first: the same two meanings. */
    private static final List<String[]> GAUGES = List.of(
            new String[] {"hikaricp.connections.pending", "hikaricp.connections.active"},
            new String[] {"r2dbc.pool.pending", "r2dbc.pool.acquired"});

    private static final Duration EVERY = Duration.ofSeconds(1);
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ScheduledExecutorService timer;
    private final List<PoolWait.Reading> readings = new ArrayList<>();

    private PoolWatch(Supplier<Optional<PoolWait.Reading>> gauges) {
        timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-pool-watch");
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleAtFixedRate(() -> gauges.get().ifPresent(this::add), 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    static PoolWatch start(Supplier<Optional<PoolWait.Reading>> gauges) {
        return new PoolWatch(gauges);
    }

    /** An app's pool, through {@code <base>/actuator/metrics/<gauge>}. */
    static Supplier<Optional<PoolWait.Reading>> actuator(String baseUrl) {
        return () -> {
            for (String[] pair : GAUGES) {
                OptionalInt pending = gauge(baseUrl, pair[0]);
                OptionalInt inUse = gauge(baseUrl, pair[1]);
                if (pending.isPresent() && inUse.isPresent()) {
                    return Optional.of(
                            new PoolWait.Reading(System.currentTimeMillis(), pending.getAsInt(), inUse.getAsInt()));
                }
            }
            return Optional.empty();
        };
    }

    private synchronized void add(PoolWait.Reading reading) {
        readings.add(reading);
    }

    synchronized List<PoolWait.Reading> readings() {
        return List.copyOf(readings);
    }

    /** A gauge's value, or empty when the app has no such gauge (404) or did not answer in time. */
    private static OptionalInt gauge(String baseUrl, String name) {
        try {
            HttpResponse<String> response = CLIENT.send(
                    HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/metrics/" + name))
                            .timeout(Duration.ofSeconds(2))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return OptionalInt.empty();
            }
            for (JsonNode measurement : JSON.readTree(response.body()).path("measurements")) {
                if ("VALUE".equals(measurement.path("statistic").asText())) {
                    return OptionalInt.of(
                            (int) Math.round(measurement.path("value").asDouble()));
                }
            }
            return OptionalInt.empty();
        } catch (IOException e) {
            return OptionalInt.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalInt.empty();
        }
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
