package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import loadlab.testsupport.ConcurrencyModelFixture;
import loadlab.testsupport.CountingBackend.Hold;
import loadlab.testsupport.HttpCalls;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** The model: 200 platform threads, each holding one request (and so one backend call) at a time. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests extends ConcurrencyModelFixture {

    @Test
    void theWorkerPoolCapsCallsInFlightAt200() {
        assertThat(mostCallsHeldAtOnce("/", 600)).isEqualTo(200);
    }

    /**
     * Why the pool's good throughput collapses under overload (results/sweep.md): nothing takes a queued request away
     * when its user hangs up, so a thread still calls the backend for it, and the answer goes nowhere.
     */
    @Test
    void aQueuedRequestWhoseUserGaveUpStillTakesAThreadAndABackendCall() {
        CompletableFuture<List<Reply>> busy;
        try (Hold hold = backend.holdUntilReleased()) {
            busy = HttpCalls.startConcurrently(app("/"), 200);
            assertThat(backend.awaitInFlight(200, PATIENCE)).isEqualTo(200);

            assertThat(HttpCalls.getOrGiveUp(app("/"), Duration.ofSeconds(1))).isEmpty();
            // Every thread was busy, so it waited in the queue and never reached the backend while its user was there.
            assertThat(backend.received()).isEqualTo(200);
        }

        assertThat(busy.join()).hasSize(200).extracting(Reply::status).containsOnly(200);
        assertThat(backend.awaitReceived(201, PATIENCE)).isEqualTo(201);
    }

    @Test
    void requestsRunOnPlatformThreads() {
        assertThat(requestThreadIsVirtual()).isFalse();
    }
}
