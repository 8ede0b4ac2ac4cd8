package loadlab.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An app started while its backend is down answers 502 ("connection refused") and serves normally once the backend
 * is up, without a restart. An app's {@code BackendRecoveryTests} extends this with its {@code @SpringBootTest}.
 */
public abstract class BackendRecoveryContract {

    // Reserved, not merely unused: nothing else may start listening there before the test starts the backend itself.
    static final Ports.Reservation backendPort = Ports.reserve();

    @DynamicPropertySource
    static void backend(DynamicPropertyRegistry registry) {
        registry.add("backend.base-url", () -> "http://127.0.0.1:" + backendPort.port());
    }

    @LocalServerPort
    int port;

    @Test
    void answers502WhileNothingListensAndServesOnceTheBackendIsUp() {
        Reply down = HttpCalls.get(app());
        assertThat(down.status()).isEqualTo(502);
        assertThat(down.body()).isEqualTo("{\"error\":\"backend unavailable: connection refused\"}");

        backendPort.close();
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
