package loadlab.coroutines

import loadlab.testsupport.ConcurrencyModelFixture
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.boot.test.context.SpringBootTest

/** The model: suspended coroutines on the event loop, no thread held while a call waits, so nothing caps calls in flight. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests : ConcurrencyModelFixture() {

    @Test
    fun nothingCapsCallsInFlight() {
        assertThat(mostCallsHeldAtOnce("/", 600)).isEqualTo(600)
    }

    @Test
    fun requestsRunOnTheEventLoopsPlatformThreads() {
        assertThat(requestThreadIsVirtual()).isFalse()
    }
}
