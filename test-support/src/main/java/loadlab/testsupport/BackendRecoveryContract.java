package loadlab.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An app started while its backend is down answers 502 ("connection refused"), answers 502 ("connect timeout") while
 * the backend does not accept connections, and serves normally once the backend is up, without a restart. An app's
 * {@code BackendRecoveryTests} extends this with its {@code @SpringBootTest}.
 */
public abstract class BackendRecoveryContract {

    /**
     * Reserved, not merely unused: nothing else may start listening there before the test starts the backend itself.
     * One per test class, like the other contracts' backends (see {@link CountingBackend#start()}).
     */
    static Ports.Reservation backendPort;

    @BeforeAll
    static void reserveBackendPort() {
        backendPort = Ports.reserve();
    }

    // Read when the app starts, which is after reserveBackendPort.
    @DynamicPropertySource
    static void backend(DynamicPropertyRegistry registry) {
        registry.add("backend.base-url", () -> "http://127.0.0.1:" + backendPort.port());
        // Short, so that the connect timeout case costs half a second, not two.
        registry.add("backend.connect-timeout", () -> "500ms");
    }

    @AfterAll
    static void releaseBackendPort() {
        backendPort.close();
    }

    @LocalServerPort
    int port;

    /**
     * Down, then not accepting, then up, on the one address the app was started with. Not accepting: a backend whose
     * accept queue is full drops the app's connection attempts, so only the connect timeout from
     * {@code backend.connect-timeout} ends the call quickly; a client that ignored it would wait for its response
     * timeout, or for the kernel to give up retrying (over two minutes).
     */
    @Test
    void answers502WhileTheBackendIsDownOrNotAcceptingAndServesOnceItIsUp() {
        Reply down = HttpCalls.get(app());
        assertThat(down.status()).isEqualTo(502);
        assertThat(down.body()).isEqualTo("{\"error\":\"backend unavailable: connection refused\"}");

        backendPort.close();
        try (NotAccepting notAccepting = NotAccepting.startOn(backendPort.port())) {
            Reply stalled = HttpCalls.get(app());
            assertThat(stalled.status()).isEqualTo(502);
            assertThat(stalled.body()).isEqualTo("{\"error\":\"backend unavailable: connect timeout\"}");
        }

        try (CountingBackend backend = CountingBackend.startOn(backendPort.port())) {
            backend.reply(200, "{\"delayMs\":3}");

            Reply up = HttpCalls.get(app());
            assertThat(up.status()).isEqualTo(200);
            assertThat(up.body()).isEqualTo("{\"delayMs\":3}");
        }
    }

    private URI app() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }
}
