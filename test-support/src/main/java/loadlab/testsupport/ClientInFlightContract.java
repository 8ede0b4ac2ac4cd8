package loadlab.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * In a {@link ClientMatrix}: the chosen client library makes the app's calls, and never caps them: as many reach the
 * backend at once as the model lets through (all of them, or a pool's thread count). An app's {@code ClientsIT} nests
 * a subclass that says how many that is.
 */
public abstract class ClientInFlightContract extends ConcurrencyModelFixture {

    /** More than any library's hidden default cap (Jetty: 64; Apache: 5 per route; Reactor Netty: 500). */
    private static final int REQUESTS = 600;

    /** Of {@code requests} made at once, how many calls the app's model holds at the backend at once. */
    protected abstract int callsTheModelAllows(int requests);

    @Test
    void theClientLibraryNeverCapsCallsInFlight() {
        assertThat(mostCallsHeldAtOnce("/", REQUESTS)).isEqualTo(callsTheModelAllows(REQUESTS));
        assertThat(backend.userAgents())
                .as("the libraries that called the backend")
                .singleElement()
                .asString()
                .startsWith(ClientUserAgents.prefix(ClientMatrix.client()));
    }
}
