package loadlab.testsupport;

import static loadlab.testsupport.Replies.assertBadGateway;
import static loadlab.testsupport.Replies.assertJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import loadlab.testsupport.CountingBackend.Hold;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * After a burst of calls the backend never answers, an app has answered every one of them with its response-timeout
 * 502, has closed every connection it gave up on, and serves a burst of the same size normally once the backend is
 * healthy again. An app's {@code HangRecoveryTests} extends this with its {@code @SpringBootTest}.
 *
 * <p>Everything is counted (answers, bodies, calls, connections), never timed.
 */
public abstract class HangRecoveryContract extends SharedAppShortTimeout {

    /**
     * More than app-threadpool's 200 workers: that model holds 200 calls at the backend and queues the other 50 until
     * the first 200 have timed out; the others hold all 250 at once.
     */
    static final int BURST = 250;

    /** Spaces and a field the apps know nothing of: re-serialising it would show. */
    static final String HEALTHY_BODY = "{ \"delayMs\" : 5 , \"after\": \"hang\" }";

    /** The app's answer to a call its backend did not answer within {@code backend.response-timeout}. */
    private static final String TIMEOUT_BODY = "{\"error\":\"backend unavailable: response timeout\"}";

    /** Only keeps a broken app from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    int port;

    @Test
    void answersEveryHungCallWithA502ClosesItsConnectionAndThenServesNormally() {
        assertThat(backend.openConnections()).as("connections before the burst").isZero();
        try (Hold hang = backend.holdUntilReleased()) {
            List<Reply> replies = HttpCalls.getConcurrently(app(), BURST);

            assertThat(replies).hasSize(BURST);
            replies.forEach(reply -> assertBadGateway(reply, "response timeout"));
            assertThat(hang.holding())
                    .as("the backend still hangs: every 502 is the app's own timeout")
                    .isTrue();
            assertThat(backend.received()).as("calls that reached the backend").isEqualTo(BURST);
            assertThat(backend.inFlight())
                    .as("calls still hanging at the backend")
                    .isEqualTo(BURST);
        }
        // While it holds a call the backend reads nothing from its connection, so it sees the app's close only now
        // that each held call is answered: the answer meets a closed connection, and the backend closes its end too.
        // A connection the app kept instead (back in its pool, or abandoned) takes the answer and stays open here
        // (the backend's idle timeout is far longer than PATIENCE); from its pool it would also hand the stale answer
        // to a later request, which the healthy burst below would show.
        assertThat(backend.awaitOpenConnectionsAtMost(0, PATIENCE))
                .as("connections still open at the backend after the hung calls were let go")
                .isZero();

        backend.reply(200, HEALTHY_BODY);
        backend.resetCounts();
        Healthy healthy = healthyBurst();

        assertThat(healthy.replies()).hasSize(BURST).allSatisfy(reply -> {
            assertThat(reply.status()).as(reply.body()).isEqualTo(200);
            assertJson(reply);
            assertThat(reply.body()).isEqualTo(HEALTHY_BODY);
        });
        // At most one call per request, each sent again counted too: no request made a second call of its own. A
        // request sent again may not have reached the backend the first time (on a starved host, 18 of 43 timed out
        // in the app's client before their call was sent), so the calls are at least one per request answered.
        assertThat(backend.received())
                .as("calls that reached the backend (%d sent again)", healthy.sentAgain())
                .isBetween(BURST, BURST + healthy.sentAgain());
    }

    /**
     * The healthy burst's last answer to each request, and how many requests were sent again.
     *
     * @param replies one per request of the burst
     * @param sentAgain requests answered with the app's response-timeout 502 and sent again
     */
    private record Healthy(List<Reply> replies, int sentAgain) {}

    /**
     * A burst of {@link #BURST} calls to the now healthy backend. The healthy calls have the same short timeout
     * as the hung ones, and on a loaded machine (load average 22 on two cores, the JIT warm) some of 250 calls at once
     * took longer at the app and were answered with that timeout's 502. Such a call proves nothing about recovery:
     * it is sent again, in a burst of those calls alone, until it is answered otherwise (or {@link #PATIENCE} has
     * passed). Every other answer counts as given. An app that did not recover does not pass by this: a stale
     * connection answers at once with the wrong body, a leaked thread or pool slot times out on every round.
     */
    private Healthy healthyBurst() {
        List<Reply> replies = new ArrayList<>(HttpCalls.getConcurrently(app(), BURST));
        int sentAgain = 0;
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        List<Integer> timedOut = timedOut(replies);
        while (!timedOut.isEmpty() && System.nanoTime() < deadline) {
            List<Reply> again = HttpCalls.getConcurrently(app(), timedOut.size());
            for (int i = 0; i < again.size(); i++) {
                replies.set(timedOut.get(i), again.get(i));
            }
            sentAgain += again.size();
            timedOut = timedOut(replies);
        }
        return new Healthy(replies, sentAgain);
    }

    private static List<Integer> timedOut(List<Reply> replies) {
        return IntStream.range(0, replies.size())
                .filter(i ->
                        replies.get(i).status() == 502 && replies.get(i).body().equals(TIMEOUT_BODY))
                .boxed()
                .toList();
    }

    private URI app() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }
}
