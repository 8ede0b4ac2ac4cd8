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

    /** 450 users each fanning out to 2 calls: nothing caps them, the client's connection pool included. */
    @Test
    fun nothingCapsFanOutCalls() {
        assertThat(mostCallsHeldAtOnce("/fanout?n=2", 450, 2)).isEqualTo(900)
    }

    @Test
    fun requestsRunOnTheEventLoopsPlatformThreads() {
        assertThat(requestThreadIsVirtual()).isFalse()
    }
}
