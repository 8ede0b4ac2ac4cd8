package loadlab.testsupport;

import static loadlab.testsupport.Replies.assertBadGateway;
import static loadlab.testsupport.Replies.assertBadRequest;
import static loadlab.testsupport.Replies.assertJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import loadlab.testsupport.CountingBackend.Hold;
import loadlab.testsupport.HttpCalls.Reply;
import loadlab.workload.Fanout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code GET /fanout?n=N}, the same in every app whatever its model: N calls to the backend at once, answered with
 * {@code {"delayMs":<the largest delay>,"calls":[<each body verbatim>]}}; any failed call is a quick 502; a bad
 * {@code n} is a 400 naming it. An app's {@code FanoutControllerTests} extends this with its {@code @SpringBootTest}.
 *
 * <p>Concurrency is counted at the backend, never timed.
 */
public abstract class FanoutContract extends SharedApp {

    /** Only keeps a broken app from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Test
    void answersEveryBodyVerbatimAndTheLargestDelayFirst() {
        backend.replyPerCall(FanoutContract::oddlyFormattedBody);
        backend.resetCounts();

        Reply reply = HttpCalls.get(app("/fanout?n=5"));

        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertJson(reply);
        String prefix = "{\"delayMs\":50,\"calls\":[";
        assertThat(reply.body()).startsWith(prefix).endsWith("]}");
        // The calls run at once, so which call got which body is the backend's arrival order: any order will do.
        assertIsJoinedInSomeOrder(
                reply.body().substring(prefix.length(), reply.body().length() - 2),
                IntStream.rangeClosed(1, 5)
                        .mapToObj(FanoutContract::oddlyFormattedBody)
                        .toList());
        assertThat(backend.received()).isEqualTo(5);
    }

    /**
     * The most calls one request may make, all held at the backend at once. 16 and not fewer: a pool with Spring
     * Boot's default sizing (8 core threads, the rest queued) would let only 8 through.
     */
    @Test
    void makesAllItsCallsAtOnce() {
        int n = Fanout.MAX_CALLS;
        CompletableFuture<List<Reply>> replies;
        try (Hold hold = backend.holdUntilReleased()) {
            replies = HttpCalls.startConcurrently(app("/fanout?n=" + n), 1);
            assertThat(backend.awaitInFlight(n, PATIENCE)).isEqualTo(n);
        }

        Reply reply = replies.join().getFirst();
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.body())
                .isEqualTo("{\"delayMs\":0,\"calls\":[" + String.join(",", bodies(n, "{\"delayMs\":0}")) + "]}");
    }

    /** The last call to arrive fails while the others are still held at the backend: the 502 does not wait for them. */
    @Test
    void aFailedCallIsA502ThatDoesNotWaitForTheOtherCalls() {
        try (Hold hold = backend.failTheLastOf(4, 503)) {
            Reply reply = HttpCalls.get(app("/fanout?n=4"));

            assertBadGateway(reply, "HTTP 503");
            assertThat(hold.holding()).as("the gate still holds").isTrue();
            assertThat(backend.inFlight())
                    .as("the other three calls, still held")
                    .isEqualTo(3);
        }
        assertStillServes();
    }

    @Test
    void aBackendAnswerWithoutADelayIsA502() {
        backend.reply(200, "{\"oops\":true}");

        assertBadGateway(HttpCalls.get(app("/fanout?n=2")), "answer without delayMs");
        assertStillServes();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/fanout          | n is missing: the number of concurrent backend calls, 1..16",
                "/fanout?n=       | n='' is not a whole number",
                "/fanout?n=0      | n=0 is out of range 1..16",
                "/fanout?n=-1     | n=-1 is out of range 1..16",
                "/fanout?n=abc    | n='abc' is not a whole number",
                "/fanout?n=17     | n=17 is out of range 1..16",
                "/fanout?n=1000000000000000000000 | n=1000000000000000000000 is out of range 1..16"
            })
    void aBadNIsA400NamingItAndNoCallIsMade(String path, String reason) {
        backend.reply(200, "{\"delayMs\":1}");
        backend.resetCounts();

        assertBadRequest(HttpCalls.get(app(path)), reason);
        assertThat(backend.received()).isZero();
        assertStillServes();
    }

    private void assertStillServes() {
        backend.reply(200, "{\"delayMs\":1}");
        Reply reply = HttpCalls.get(app("/fanout?n=2"));
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("{\"delayMs\":1,\"calls\":[{\"delayMs\":1},{\"delayMs\":1}]}");
    }

    /** Bodies an app would not produce by re-serialising: spaces, a non-ASCII character, the delay not last. */
    private static String oddlyFormattedBody(int arrival) {
        return "{ \"delayMs\" : " + arrival * 10 + " , \"note\": \"caf\u00e9 " + arrival + "\" }";
    }

    private static List<String> bodies(int n, String body) {
        return IntStream.range(0, n).mapToObj(i -> body).toList();
    }

    /** {@code joined} is every one of {@code bodies}, each exactly once and unchanged, separated by commas. */
    private static void assertIsJoinedInSomeOrder(String joined, List<String> bodies) {
        List<String> left = new ArrayList<>(bodies);
        String rest = joined;
        while (!left.isEmpty()) {
            String remaining = rest;
            String next = left.stream()
                    .filter(remaining::startsWith)
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("not one of " + left + " at: " + remaining));
            left.remove(next);
            rest = rest.substring(next.length());
            if (!left.isEmpty()) {
                assertThat(rest).startsWith(",");
                rest = rest.substring(1);
            }
        }
        assertThat(rest).as("after the last body").isEmpty();
    }

    private URI app(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
