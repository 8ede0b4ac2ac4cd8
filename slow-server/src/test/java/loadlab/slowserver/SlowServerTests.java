package loadlab.slowserver;

import static java.util.concurrent.TimeUnit.NANOSECONDS;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Black-box over HTTP: every server here listens on a free port on the loopback interface. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlowServerTests {

    private static final Pattern BODY = Pattern.compile("\\{\"delayMs\":(\\d+)\\}");

    private static ExecutorService clientThreads;
    // Pinned to HTTP/1.1 like the lab's clients; a small fixed executor keeps the client's own threads
    // out of the thread-count check below.
    private static HttpClient client;

    @BeforeAll
    static void createClient() {
        clientThreads = Executors.newFixedThreadPool(4);
        client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .executor(clientThreads)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    @AfterAll
    static void closeClient() {
        client.close();
        clientThreads.shutdownNow();
    }

    @Test
    void anyMethodOnAnyPathGetsItsDelayWithinRangeAndNeverSooner() throws Exception {
        try (SlowServer server = start("--min-delay-ms=50", "--max-delay-ms=150")) {
            List<String> methods = List.of("GET", "POST", "PUT", "DELETE");
            List<Callable<Timed>> calls = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                String path = i % 2 == 0 ? "/" : "/orders/" + i + "?page=" + i;
                HttpRequest request = HttpRequest.newBuilder(server.baseUri().resolve(path))
                        .method(methods.get(i % methods.size()), HttpRequest.BodyPublishers.ofString("x"))
                        .timeout(Duration.ofSeconds(20))
                        .build();
                calls.add(() -> timed(request));
            }

            List<Timed> results = new ArrayList<>();
            try (ExecutorService eightAtATime = Executors.newFixedThreadPool(8)) {
                for (Future<Timed> result : eightAtATime.invokeAll(calls)) {
                    results.add(result.get());
                }
            }

            assertThat(results).hasSize(40).allSatisfy(result -> {
                assertThat(result.response.statusCode()).isEqualTo(200);
                assertThat(result.response.headers().firstValue("Content-Type")).hasValue("application/json");
                int delayMs = delayOf(result.response);
                assertThat(delayMs).isBetween(50, 150);
                assertThat(result.elapsedMs)
                        .as("elapsed ms for a %d ms delay", delayMs)
                        .isGreaterThanOrEqualTo(delayMs);
            });
            assertThat(results.stream().map(r -> delayOf(r.response)).distinct().count())
                    .as("distinct delays among 40 draws from 101 values")
                    .isGreaterThan(5);
        }
    }

    @Test
    void theSameSeedGivesTheSameDelaysInArrivalOrder() throws Exception {
        List<Integer> first = sequentialDelays("--seed=42");
        List<Integer> again = sequentialDelays("--seed=42");
        List<Integer> otherSeed = sequentialDelays("--seed=43");

        assertThat(again).isEqualTo(first);
        assertThat(otherSeed).isNotEqualTo(first);
    }

    @Test
    void holdsThreeHundredRequestsAtOnceWithoutAThreadEach() throws Exception {
        try (SlowServer server = start("--min-delay-ms=1000", "--max-delay-ms=1000")) {
            HttpRequest request = HttpRequest.newBuilder(server.baseUri().resolve("/"))
                    .timeout(Duration.ofSeconds(30))
                    .build();
            client.send(request, BodyHandlers.ofString()); // warm up Jetty's pool and the client
            int threadsBefore = liveThreads();

            List<CompletableFuture<HttpResponse<String>>> inFlight = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                inFlight.add(client.sendAsync(request, BodyHandlers.ofString()));
            }
            CompletableFuture<Void> all = CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new));
            int mostThreads = threadsBefore;
            while (!all.isDone()) {
                mostThreads = Math.max(mostThreads, liveThreads());
                Thread.sleep(20);
            }

            assertThat(inFlight).allSatisfy(future -> {
                HttpResponse<String> response = future.join();
                assertThat(response.statusCode()).isEqualTo(200);
                assertThat(delayOf(response)).isEqualTo(1000);
            });
            // A thread parked per held request would add ~300; Jetty's pool is capped at 64 container threads.
            assertThat(mostThreads - threadsBefore)
                    .as("threads added while 300 requests were held")
                    .isLessThan(100);
        }
    }

    @Test
    void jettysRequestThreadsAreAFixedPoolFromTheStart() throws Exception {
        try (SlowServer server = start("--min-delay-ms=200", "--max-delay-ms=200")) {
            // Jetty names its pool's threads qtp<id>-<n>; only this server's pool runs in this JVM now.
            assertThat(jettyThreads()).as("pool threads at start").isEqualTo(SlowServer.CONTAINER_THREADS);
            HttpRequest request = HttpRequest.newBuilder(server.baseUri().resolve("/"))
                    .timeout(Duration.ofSeconds(30))
                    .build();
            List<CompletableFuture<HttpResponse<String>>> burst = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                burst.add(client.sendAsync(request, BodyHandlers.ofString()));
            }
            CompletableFuture.allOf(burst.toArray(CompletableFuture[]::new)).join();

            assertThat(burst)
                    .allSatisfy(future -> assertThat(future.join().statusCode()).isEqualTo(200));
            // A pool that grows in a burst and ends idle threads later does different work per request over time.
            assertThat(jettyThreads()).as("pool threads after a burst").isEqualTo(SlowServer.CONTAINER_THREADS);
        }
    }

    private static long jettyThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().startsWith("qtp"))
                .count();
    }

    @Test
    void adminHealthIsAnsweredByWireMockNotDelayed() throws Exception {
        try (SlowServer server = start("--min-delay-ms=1000", "--max-delay-ms=1000")) {
            HttpResponse<String> health = client.send(
                    HttpRequest.newBuilder(server.baseUri().resolve("/__admin/health"))
                            .build(),
                    BodyHandlers.ofString());

            assertThat(health.statusCode()).isEqualTo(200);
            // Not the transformer's body: the delay extension never saw this request.
            assertThat(health.body()).contains("\"status\" : \"healthy\"").doesNotContain("delayMs");
        }
    }

    private static SlowServer start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--port=0");
        return SlowServer.start(SlowServerConfig.parse(all.toArray(String[]::new)));
    }

    private static List<Integer> sequentialDelays(String seed) throws Exception {
        try (SlowServer server = start("--min-delay-ms=0", "--max-delay-ms=30", seed)) {
            HttpRequest request =
                    HttpRequest.newBuilder(server.baseUri().resolve("/")).build();
            List<Integer> delays = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                delays.add(delayOf(client.send(request, BodyHandlers.ofString())));
            }
            return delays;
        }
    }

    private static Timed timed(HttpRequest request) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> response = client.send(request, BodyHandlers.ofString());
        return new Timed(response, NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    private static int delayOf(HttpResponse<String> response) {
        Matcher body = BODY.matcher(response.body());
        assertThat(body.matches())
                .as("body %s is {\"delayMs\":N}", response.body())
                .isTrue();
        return Integer.parseInt(body.group(1));
    }

    private static int liveThreads() {
        return ManagementFactory.getThreadMXBean().getThreadCount();
    }

    private record Timed(HttpResponse<String> response, long elapsedMs) {}
}
