package loadlab.clients;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import loadlab.clients.Adapter.Caller;
import loadlab.testsupport.CountingBackend;
import loadlab.testsupport.CountingBackend.Hold;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No library caps calls in flight or drops the connections it made: 600 calls at once (above every library's hidden
 * default: Apache's 5 per route, Jetty's 64, Reactor Netty's 500) all reach the backend, and a second burst of 600 finds
 * the first one's connections open and reuses them all ({@code HttpURLConnection} would keep 5 without
 * {@code http.maxConnections}).
 */
class CallsInFlightIT {

    private static final int CALLS = 600;
    /** Only keeps a broken library from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /**
     * Longer than the backend may hold a call (until all have arrived, at most {@link #PATIENCE}): on a busy machine
     * 600 connections take a while, and the calls that came first must not time out meanwhile.
     */
    private static final Duration TIMEOUT = PATIENCE.multipliedBy(2);

    private static CountingBackend backend;

    @BeforeAll
    static void startBackend() {
        backend = CountingBackend.start();
    }

    @AfterAll
    static void stopBackend() {
        backend.close();
    }

    @ParameterizedTest
    @MethodSource("loadlab.clients.Adapter#all")
    void everyCallReachesTheBackendAtOnceAndASecondBurstOpensNoConnection(Adapter adapter) throws Exception {
        try (Caller caller = adapter.open(backend.baseUrl(), TIMEOUT, TIMEOUT)) {
            // Some libraries open a few more connections than calls when many calls start at once (Jetty's pool
            // does): only the second burst's count says whether they were kept.
            assertThat(burst(caller)).as("calls held at once, first burst").isEqualTo(CALLS);

            int openedBefore = backend.connectionsOpened();
            assertThat(burst(caller)).as("calls held at once, second burst").isEqualTo(CALLS);
            assertThat(backend.connectionsOpened() - openedBefore)
                    .as("connections opened by the second burst")
                    .isZero();
        }
    }

    /** Holds {@link #CALLS} calls at the backend until all have arrived (or none for a while), then lets them go. */
    private static int burst(Caller caller) {
        backend.resetCounts();
        List<CompletableFuture<String>> calls;
        int held;
        try (Hold hold = backend.holdUntilReleased()) {
            calls = IntStream.range(0, CALLS).mapToObj(i -> caller.start()).toList();
            held = backend.awaitInFlight(CALLS, PATIENCE);
        }
        assertThat(calls).allSatisfy(call -> assertThat(call.join()).isEqualTo("{\"delayMs\":0}"));
        return held;
    }
}
