package loadlab.webflux;

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
 * The contracts again, once per client library other than this app's default (reactor, which the *Tests run):
 * whichever library makes the backend calls, the app answers alike and nothing caps calls in flight. Not simple, which this app refuses (ClientChoiceTests).
 */
@ValueSource(strings = {"jdk", "apache", "jetty"})
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
            return requests;
        }
    }
}
