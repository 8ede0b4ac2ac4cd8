package loadlab.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import loadlab.testsupport.CountingBackend.Burst;
import loadlab.testsupport.HttpCalls.Reply;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * What every app's {@code ConcurrencyModelTests} shares: a {@link CountingBackend} the app is pointed at, the app on
 * its random port, and a probe that says on which kind of thread a request runs. An app's test extends this with its
 * {@code @SpringBootTest} and keeps only what is specific to its model: how many calls its model lets reach the
 * backend at once, and whether its requests run on platform or virtual threads.
 *
 * <p>The model is proven by counting what reaches the backend at once, never by timing anything.
 */
public abstract class ConcurrencyModelFixture extends SharedApp {

    /** Only keeps a broken app from hanging the build; no assertion depends on it. */
    protected static final Duration PATIENCE = Duration.ofSeconds(60);

    @LocalServerPort
    protected int port;

    protected URI app(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /**
     * Sends {@code requests} GETs to {@code path} at once (see {@link CountingBackend#burst}), checks that every one
     * was answered 200 and every call reached the backend, and returns the most calls the backend held at once: the
     * number the app's model allows.
     */
    protected int mostCallsHeldAtOnce(String path, int requests) {
        return mostCallsHeldAtOnce(path, requests, 1);
    }

    /** As {@link #mostCallsHeldAtOnce(String, int)} for requests that each make {@code callsPerRequest} calls. */
    protected int mostCallsHeldAtOnce(String path, int requests, int callsPerRequest) {
        Burst burst = backend.burst(app(path), requests, callsPerRequest);

        assertThat(burst.replies()).hasSize(requests).extracting(Reply::status).containsOnly(200);
        assertThat(burst.received()).isEqualTo(requests * callsPerRequest);
        return burst.maxInFlight();
    }

    /** Whether a request to the app runs on a virtual thread, as {@link ThreadProbe} sees it. */
    protected boolean requestThreadIsVirtual() {
        Reply reply = HttpCalls.get(app(ThreadProbe.PATH));
        assertThat(reply.status()).isEqualTo(200);
        return Boolean.parseBoolean(reply.body());
    }

    /** A test-only endpoint, imported into the app under test: is the thread that serves a request virtual? */
    @RestController
    public static class ThreadProbe {

        static final String PATH = "/thread-is-virtual";

        @GetMapping(PATH)
        boolean threadIsVirtual() {
            return Thread.currentThread().isVirtual();
        }
    }
}
