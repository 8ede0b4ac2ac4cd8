package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import loadlab.testsupport.ConcurrencyModelFixture;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * The model: 400 platform threads, each holding one request at a time. This module has no code of its own: these
 * tests run against app-threadpool's code with this module's config/application.properties.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests extends ConcurrencyModelFixture {

    @Autowired
    Environment environment;

    @Test
    void theWorkerPoolCapsCallsInFlightAt400() {
        assertThat(mostCallsHeldAtOnce("/", 600)).isEqualTo(400);
    }

    @Test
    void theOverridesInConfigWinOverTheSiblingsApplicationProperties() {
        assertThat(environment.getProperty("spring.application.name")).isEqualTo("app-threadpool-400");
        assertThat(environment.getProperty("server.tomcat.threads.max")).isEqualTo("400");
    }

    @Test
    void requestsRunOnPlatformThreads() {
        assertThat(requestThreadIsVirtual()).isFalse();
    }
}
