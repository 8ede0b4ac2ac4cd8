package loadlab.coroutines

import loadlab.testsupport.BackendRecoveryContract
import loadlab.testsupport.ClientInFlightContract
import loadlab.testsupport.ClientMatrix
import loadlab.testsupport.FanoutContract
import loadlab.testsupport.HangRecoveryContract
import loadlab.testsupport.ProxyContract
import org.junit.jupiter.api.Nested
import org.junit.jupiter.params.provider.ValueSource
import org.springframework.boot.test.context.SpringBootTest

/**
 * The contracts again, once per client library other than this app's default (reactor, which the *Tests run):
 * whichever library makes the backend calls, the app answers alike and nothing caps calls in flight. Not simple, which
 * this app refuses (ClientChoiceTests).
 */
@ValueSource(strings = ["jdk", "apache", "jetty"])
class ClientsIT : ClientMatrix() {

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    inner class Proxy : ProxyContract()

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    inner class Fanout : FanoutContract()

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    inner class BackendRecovery : BackendRecoveryContract()

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    inner class HangRecovery : HangRecoveryContract()

    @Nested
    @SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
    inner class InFlight : ClientInFlightContract() {
        override fun callsTheModelAllows(requests: Int) = requests
    }
}
