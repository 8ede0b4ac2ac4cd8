package loadlab.mvc;

import loadlab.testsupport.ClientInFlightContract;
import loadlab.testsupport.ClientMatrix;
import loadlab.testsupport.HangRecoveryContract;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The contracts that the 400 worker threads reach, again once per client library other than this app's default (jdk,
 * which the *Tests run): whichever library makes the backend calls, only the 400 threads cap calls in flight, and a
 * burst the backend never answers is held whole (250 calls, where app-threadpool queues 50) and answered. The other
 * contracts (one call or a few at a time) run app-threadpool's code with this module's configuration, where the thread
 * count plays no part: app-threadpool's {@code ClientsIT} runs them with every library.
 */
@ValueSource(strings = {"reactor", "apache", "jetty", "simple"})
class ClientsIT extends ClientMatrix {

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class HangRecovery extends HangRecoveryContract {}

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class InFlight extends ClientInFlightContract {

        @Override
        protected int callsTheModelAllows(int requests) {
            return Math.min(requests, 400);
        }
    }
}
