package loadlab.mvc;

import loadlab.testsupport.BackendRecoveryContract;
import loadlab.testsupport.ClientInFlightContract;
import loadlab.testsupport.ClientMatrix;
import loadlab.testsupport.FanoutContract;
import loadlab.testsupport.HangRecoveryContract;
import loadlab.testsupport.ProxyContract;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The contracts again, once per client library other than this app's default (jdk, which the *Tests run):
 * whichever library makes the backend calls, the app answers alike and only the 400 worker threads cap calls in flight.
 */
@ValueSource(strings = {"reactor", "apache", "jetty", "simple"})
class ClientsIT extends ClientMatrix {

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class Proxy extends ProxyContract {}

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class Fanout extends FanoutContract {}

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    class BackendRecovery extends BackendRecoveryContract {}

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
