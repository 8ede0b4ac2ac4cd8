package loadlab.slowserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.github.tomakehurst.wiremock.common.Json;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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

/** Black-box over HTTP on a free loopback port: the schedule as the runner and the apps see it. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SlowServerScheduleTests {

    private static final Pattern DELAY = Pattern.compile("\\{\"delayMs\":(\\d+)}");

    private static HttpClient client;

    @BeforeAll
    static void createClient() {
        client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    @AfterAll
    static void closeClient() {
        client.close();
    }

    @Test
    void theAdminEndpointStartsTheScheduleAndTellsWhereItStands() throws Exception {
        try (SlowServer server = start("--min-delay-ms=0", "--max-delay-ms=10", "--schedule=1h:100..110,1h:0")) {
            Map<String, Object> before = admin(server, "GET", ScheduleAdminApi.STATUS_PATH);
            assertThat(before)
                    .containsEntry("state", "not-started")
                    .containsEntry("startedAtEpochMs", null)
                    .containsEntry("phaseIndex", -1);
            assertThat(delay(server)).isBetween(0, 10);

            long notBefore = System.currentTimeMillis();
            Map<String, Object> started = admin(server, "POST", ScheduleAdminApi.START_PATH);
            long notAfter = System.currentTimeMillis();

            assertThat(started).containsEntry("state", "running").containsEntry("phaseIndex", 0);
            assertThat(((Number) started.get("startedAtEpochMs")).longValue()).isBetween(notBefore, notAfter);
            assertThat(started.get("phases"))
                    .isEqualTo(List.of(
                            Map.of(
                                    "index", 0,
                                    "spec", "1h:100..110",
                                    "startMs", 0,
                                    "endMs", 3_600_000,
                                    "minDelayMs", 100,
                                    "maxDelayMs", 110,
                                    "faultPercents", Map.of("5xx", 0, "reset", 0, "hang", 0)),
                            Map.of(
                                    "index", 1,
                                    "spec", "1h:0",
                                    "startMs", 3_600_000,
                                    "endMs", 7_200_000,
                                    "minDelayMs", 0,
                                    "maxDelayMs", 0,
                                    "faultPercents", Map.of("5xx", 0, "reset", 0, "hang", 0))));
            assertThat(delay(server)).isBetween(100, 110);
            assertThat(admin(server, "GET", ScheduleAdminApi.STATUS_PATH))
                    .containsEntry("state", "running")
                    .containsEntry("startedAtEpochMs", started.get("startedAtEpochMs"))
                    .containsEntry("phase", ((List<?>) started.get("phases")).getFirst());
        }
    }

    @Test
    void aPhaseGivesWayToTheNextAsTheBodiesShow() throws Exception {
        try (SlowServer server = start("--min-delay-ms=0", "--max-delay-ms=0", "--schedule=1s:100..110,1h:200..210")) {
            admin(server, "POST", ScheduleAdminApi.START_PATH);

            // One request after another: the delays the bodies name go from the first range to the second and
            // never back. The first phase is 1 s long, so at ~100 ms a request it holds a few of them.
            List<Integer> delays = new ArrayList<>();
            while (delays.size() < 200 && (delays.isEmpty() || delays.getLast() < 200)) {
                delays.add(delay(server));
            }
            for (int i = 0; i < 5; i++) {
                delays.add(delay(server));
            }

            int firstOfSecond = delays.indexOf(
                    delays.stream().filter(d -> d >= 200).findFirst().orElseThrow());
            assertThat(firstOfSecond).as("requests answered in the first phase").isPositive();
            assertThat(delays.subList(0, firstOfSecond))
                    .allSatisfy(d -> assertThat(d).isBetween(100, 110));
            assertThat(delays.subList(firstOfSecond, delays.size()))
                    .hasSizeGreaterThanOrEqualTo(6)
                    .allSatisfy(d -> assertThat(d).isBetween(200, 210));
            assertThat(admin(server, "GET", ScheduleAdminApi.STATUS_PATH)).containsEntry("phaseIndex", 1);
        }
    }

    /**
     * 2,000 requests, one connection each, in a phase of 10% 5xx and 5% resets (seeded, so the count is fixed):
     * each count within 4 standard deviations of its binomial mean (200 ± 54, 100 ± 39, 1,700 ± 64); every other
     * answer a 200 naming its delay.
     */
    @Test
    void faultsComeInTheirSharesAndEveryBodyNamesWhatItIs() throws Exception {
        try (SlowServer server = start("--seed=11", "--schedule=1h:0..2:5xx=10%:reset=5%")) {
            admin(server, "POST", ScheduleAdminApi.START_PATH);
            int n = 2000;
            int ok = 0;
            int serverErrors = 0;
            int resets = 0;
            for (int i = 0; i < n; i++) {
                RawHttp.Outcome outcome = RawHttp.get(server.baseUri(), 10_000);
                switch (outcome.kind()) {
                    case ANSWER -> {
                        if (outcome.status() == 503) {
                            assertThat(outcome.body()).matches("\\{\"delayMs\":[0-2],\"fault\":\"5xx\"}");
                            serverErrors++;
                        } else {
                            assertThat(outcome.status()).isEqualTo(200);
                            assertThat(outcome.body()).matches("\\{\"delayMs\":[0-2]}");
                            ok++;
                        }
                    }
                    case RESET -> {
                        assertThat(outcome.bytesRead())
                                .as("bytes before the reset")
                                .isZero();
                        resets++;
                    }
                    default -> throw new AssertionError("request " + i + ": " + outcome);
                }
            }

            assertWithinFourSigma(serverErrors, n, 0.10, "5xx");
            assertWithinFourSigma(resets, n, 0.05, "reset");
            assertWithinFourSigma(ok, n, 0.85, "200");
        }
    }

    @Test
    void aResetAfterItsDelayIsAResetWithNothingBeforeIt() throws Exception {
        // A delay above 0 takes WireMock's asynchronous path: the fault is applied by its timer thread.
        try (SlowServer server = start("--schedule=1h:50:reset=100%")) {
            admin(server, "POST", ScheduleAdminApi.START_PATH);

            for (int i = 0; i < 5; i++) {
                assertThat(RawHttp.get(server.baseUri(), 10_000))
                        .isEqualTo(new RawHttp.Outcome(RawHttp.Kind.RESET, 0, null, 0));
            }
        }
    }

    @Test
    void aHangIsNoAnswerWithinAClientsTimeout() throws Exception {
        try (SlowServer server = start("--min-delay-ms=0", "--max-delay-ms=0", "--schedule=1h:0:hang=100%")) {
            // The same client and timeout get their answer before the schedule starts: the timeout is not too short.
            assertThat(RawHttp.get(server.baseUri(), 2000).kind()).isEqualTo(RawHttp.Kind.ANSWER);
            admin(server, "POST", ScheduleAdminApi.START_PATH);

            // Three at once rather than one after another: each still waits out its whole timeout, the test 2 s
            // instead of 6.
            try (ExecutorService callers = Executors.newFixedThreadPool(3)) {
                List<Future<RawHttp.Outcome>> hung = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                    hung.add(callers.submit(() -> RawHttp.get(server.baseUri(), 2000)));
                }
                for (Future<RawHttp.Outcome> outcome : hung) {
                    assertThat(outcome.get()).isEqualTo(new RawHttp.Outcome(RawHttp.Kind.TIMEOUT, 0, null, 0));
                }
            }
            // The hung requests hold no thread: the admin API and health still answer at once.
            assertThat(admin(server, "GET", ScheduleAdminApi.STATUS_PATH)).containsEntry("state", "running");
        }
    }

    @Test
    void aHangEndsInAResetOnceTheHangTimeIsOver() throws Exception {
        try (SlowServer server = start("--schedule=1h:0:hang=100%", "--hang-ms=300")) {
            admin(server, "POST", ScheduleAdminApi.START_PATH);

            // A client that waits longer than the hang never gets an answer either: the connection is reset.
            assertThat(RawHttp.get(server.baseUri(), 30_000))
                    .isEqualTo(new RawHttp.Outcome(RawHttp.Kind.RESET, 0, null, 0));
        }
    }

    private static void assertWithinFourSigma(int count, int n, double p, String what) {
        double mean = n * p;
        double sigma = Math.sqrt(n * p * (1 - p));
        assertThat((double) count)
                .as("%s: %d of %d answers, expected %.0f ± 4σ", what, count, n, mean)
                .isCloseTo(mean, within(4 * sigma));
    }

    private static SlowServer start(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--port=0");
        return SlowServer.start(SlowServerConfig.parse(all.toArray(String[]::new)));
    }

    private static int delay(SlowServer server) throws Exception {
        String body = client.send(
                        HttpRequest.newBuilder(server.baseUri().resolve("/"))
                                .timeout(Duration.ofSeconds(20))
                                .build(),
                        BodyHandlers.ofString())
                .body();
        Matcher matcher = DELAY.matcher(body);
        assertThat(matcher.matches()).as("body %s", body).isTrue();
        return Integer.parseInt(matcher.group(1));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> admin(SlowServer server, String method, String path) throws Exception {
        var response = client.send(
                HttpRequest.newBuilder(server.baseUri().resolve(path))
                        .method(method, HttpRequest.BodyPublishers.noBody())
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                BodyHandlers.ofString());
        assertThat(response.statusCode())
                .as("%s %s: %s", method, path, response.body())
                .isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        return Json.read(response.body(), Map.class);
    }
}
