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
import loadlab.loadtest.measure.ProbeFigures;

/**
 * Reads a target's connection pool once a second while its load runs: requests waiting for a connection and
 * connections lent out. Which readings count is decided afterwards against the window ({@link PoolWait}), as for the
 * process's own readings. An app's gauges come through its Actuator metrics endpoint, which the runner exposes for
 * the database scenarios alone: Hikari's ({@code hikaricp.connections.pending}, {@code .active}) in the MVC apps,
 * r2dbc-pool's ({@code r2dbc.pool.pending}, {@code .acquired}) in the reactive ones. A target without a pool (every
 * target of a plan without a database) is not watched.
 */
final class PoolWatch implements Probe<PoolWait> {

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

    @Override
    public ProbeFigures.Key<PoolWait> key() {
        return PoolWait.KEY;
    }

    @Override
    public Optional<Running<PoolWait>> start(Probed target) {
        return target.pool().map(Watching::new);
    }

    /** One pool read every second from now on. */
    private static final class Watching implements Running<PoolWait> {

        private final Probed.Pool pool;
        private final ScheduledExecutorService timer;
        private final List<PoolWait.Reading> readings = new ArrayList<>();

        Watching(Probed.Pool pool) {
            this.pool = pool;
            timer = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "loadlab-pool-watch");
                thread.setDaemon(true);
                return thread;
            });
            timer.scheduleAtFixedRate(
                    () -> pool.gauges().get().ifPresent(this::add), 0, EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }

        private synchronized void add(PoolWait.Reading reading) {
            readings.add(reading);
        }

        /** Where requests waited over the window, every completed request counted (a pool timeout waited too). */
        @Override
        public Readings<PoolWait> stop() {
            List<PoolWait.Reading> read;
            synchronized (this) {
                read = List.copyOf(readings);
            }
            return load -> Optional.of(PoolWait.of(
                    pool.client(),
                    pool.size(),
                    read,
                    load.window(),
                    load.stats().throughputPerSecond()));
        }

        @Override
        public void close() {
            timer.shutdownNow();
        }
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
}
