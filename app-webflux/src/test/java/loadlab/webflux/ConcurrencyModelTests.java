package loadlab.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import loadlab.testsupport.ConcurrencyModelFixture;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/** The model: a few event-loop threads, no thread held while a call waits, so nothing caps calls in flight. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests extends ConcurrencyModelFixture {

    @Test
    void nothingCapsCallsInFlight() {
        assertThat(mostCallsHeldAtOnce("/", 600)).isEqualTo(600);
    }

    /** 450 users each fanning out to 2 calls: nothing caps them, the client's connection pool included. */
    @Test
    void nothingCapsFanOutCalls() {
        assertThat(mostCallsHeldAtOnce("/fanout?n=2", 450, 2)).isEqualTo(900);
    }

    @Test
    void requestsRunOnTheEventLoopsPlatformThreads() {
        assertThat(requestThreadIsVirtual()).isFalse();
    }
}
