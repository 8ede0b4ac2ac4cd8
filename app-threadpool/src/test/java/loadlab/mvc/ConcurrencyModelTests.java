package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import loadlab.testsupport.ConcurrencyModelFixture;
import loadlab.testsupport.CountingBackend.Hold;
import loadlab.testsupport.HttpCalls;
import loadlab.testsupport.HttpCalls.Reply;
import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.core.task.AsyncTaskExecutor;

/** The model: 200 platform threads, each holding one request (and so one backend call) at a time. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests extends ConcurrencyModelFixture {

    @Autowired
    @Qualifier(APPLICATION_TASK_EXECUTOR_BEAN_NAME)
    AsyncTaskExecutor fanOutExecutor;

    @Autowired
    WebServerApplicationContext context;

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

    /**
     * 450 users each fanning out to 2 calls. The fan-out pool never caps them: only the request threads do
     * (400 = 200 threads x 2).
     */
    @Test
    void fanOutCallsAreCappedOnlyByTheModel() {
        assertThat(mostCallsHeldAtOnce("/fanout?n=2", 450, 2)).isEqualTo(400);
    }

    @Test
    void fanOutCallsRunOnPlatformThreads() throws Exception {
        assertThat(fanOutExecutor
                        .submit(() -> Thread.currentThread().isVirtual())
                        .get())
                .isFalse();
    }

    /** Not Tomcat's default of 8192 (nor the -1 that Boot would silently ignore): 10,000 users get in, as in Netty. */
    @Test
    void tomcatAcceptsAMillionConnections() {
        TomcatWebServer tomcat = (TomcatWebServer) context.getWebServer();
        AbstractProtocol<?> protocol =
                (AbstractProtocol<?>) tomcat.getTomcat().getConnector().getProtocolHandler();
        assertThat(protocol.getMaxConnections()).isEqualTo(1_000_000);
    }
}
