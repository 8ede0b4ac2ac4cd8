package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import loadlab.testsupport.CountingBackend;
import loadlab.testsupport.CountingBackend.Burst;
import loadlab.testsupport.HttpCalls;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The model, proven by counting what reaches the backend at once rather than by timing anything. This module has no
 * code of its own: these tests run against app-threadpool's code with this module's config/application.properties.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(ConcurrencyModelTests.ThreadProbe.class)
class ConcurrencyModelTests {

    static final CountingBackend backend = CountingBackend.start();

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

    @Autowired
    Environment environment;

    @Test
    void nothingCapsCallsInFlight() {
        Burst burst = backend.burst(app("/"), 600);

        assertThat(burst.replies()).hasSize(600).extracting(Reply::status).containsOnly(200);
        assertThat(burst.received()).isEqualTo(600);
        assertThat(burst.maxInFlight()).isEqualTo(600);
    }

    @Test
    void theOverridesInConfigWinOverTheSiblingsApplicationProperties() {
        assertThat(environment.getProperty("spring.application.name")).isEqualTo("app-virtual");
        assertThat(environment.getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
    }

    @Test
    void requestsRunOnVirtualThreads() {
        assertThat(HttpCalls.get(app("/thread-is-virtual")).body()).isEqualTo("true");
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
