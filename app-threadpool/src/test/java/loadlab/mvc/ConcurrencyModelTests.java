package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import loadlab.testsupport.CountingBackend;
import loadlab.testsupport.CountingBackend.Burst;
import loadlab.testsupport.CountingBackend.Hold;
import loadlab.testsupport.HttpCalls;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The model, proven by counting what reaches the backend at once rather than by timing anything. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(ConcurrencyModelTests.ThreadProbe.class)
class ConcurrencyModelTests {

    static final CountingBackend backend = CountingBackend.start();

    /** Only keeps a broken app from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @DynamicPropertySource
    static void backend(DynamicPropertyRegistry registry) {
        registry.add("backend.base-url", backend::baseUrl);
    }

    @AfterAll
    static void stopBackend() {
        backend.close();
    }

    @LocalServerPort
    int port;

    @Test
    void theWorkerPoolCapsCallsInFlightAt200() {
        Burst burst = backend.burst(app("/"), 600);

        assertThat(burst.replies()).hasSize(600).extracting(Reply::status).containsOnly(200);
        assertThat(burst.received()).isEqualTo(600);
        assertThat(burst.maxInFlight()).isEqualTo(200);
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
        assertThat(HttpCalls.get(app("/thread-is-virtual")).body()).isEqualTo("false");
    }

    private URI app(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    @RestController
    static class ThreadProbe {

        @GetMapping("/thread-is-virtual")
        boolean threadIsVirtual() {
            return Thread.currentThread().isVirtual();
        }
    }
}
