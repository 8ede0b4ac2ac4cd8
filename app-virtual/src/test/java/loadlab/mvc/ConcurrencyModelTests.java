package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import loadlab.testsupport.ConcurrencyModelFixture;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * The model: a new virtual thread per request, nothing pooled. This module has no code of its own: these tests run
 * against app-threadpool's code with this module's config/application.properties.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests extends ConcurrencyModelFixture {

    @Autowired
    Environment environment;

    @Test
    void nothingCapsCallsInFlight() {
        assertThat(mostCallsHeldAtOnce("/", 600)).isEqualTo(600);
    }

    @Test
    void theOverridesInConfigWinOverTheSiblingsApplicationProperties() {
        assertThat(environment.getProperty("spring.application.name")).isEqualTo("app-virtual");
        assertThat(environment.getProperty("spring.threads.virtual.enabled")).isEqualTo("true");
    }

    @Test
    void requestsRunOnVirtualThreads() {
        assertThat(requestThreadIsVirtual()).isTrue();
    }
}
