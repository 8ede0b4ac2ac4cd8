package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration.APPLICATION_TASK_EXECUTOR_BEAN_NAME;

import loadlab.testsupport.ConcurrencyModelFixture;
import org.apache.coyote.AbstractProtocol;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.tomcat.TomcatWebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.task.AsyncTaskExecutor;

/**
 * The model: 400 platform threads, each holding one request at a time. This module has no code of its own: these
 * tests run against app-threadpool's code with this module's config/application.properties.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests extends ConcurrencyModelFixture {

    @Autowired
    @Qualifier(APPLICATION_TASK_EXECUTOR_BEAN_NAME)
    AsyncTaskExecutor fanOutExecutor;

    @Autowired
    WebServerApplicationContext context;

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

    /**
     * 450 users each fanning out to 2 calls. The fan-out pool never caps them: only the request threads do
     * (800 = 400 threads x 2).
     */
    @Test
    void fanOutCallsAreCappedOnlyByTheModel() {
        assertThat(mostCallsHeldAtOnce("/fanout?n=2", 450, 2)).isEqualTo(800);
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
