package loadlab.clients;

import java.time.Duration;
import org.springframework.http.client.reactive.ClientHttpConnector;

/**
 * WebClient's connector on one {@link ClientLibrary}, and what must be released with it. An app builds it once, as a
 * bean that Spring closes on shutdown.
 */
public final class ReactiveClient implements AutoCloseable {

    private final ClientHttpConnector connector;
    private final AutoCloseable resources;

    ReactiveClient(ClientHttpConnector connector, AutoCloseable resources) {
        this.connector = connector;
        this.resources = resources;
    }

    /**
     * The library's adapter for WebClient, HTTP/1.1 only, with no cap on calls in flight.
     *
     * @param connectTimeout how long a new connection may take
     * @param responseTimeout how long the backend may stay silent while an answer is awaited
     * @throws UnsupportedClientException for {@link ClientLibrary#SIMPLE}, which has no non-blocking API
     */
    public static ReactiveClient of(ClientLibrary library, Duration connectTimeout, Duration responseTimeout) {
        return switch (library) {
            case JDK -> JdkClient.reactive(connectTimeout, responseTimeout);
            case REACTOR -> ReactorClient.reactive(connectTimeout, responseTimeout);
            case APACHE -> ApacheClient.reactive(connectTimeout, responseTimeout);
            case JETTY -> JettyClient.reactive(connectTimeout, responseTimeout);
            case SIMPLE -> throw UnsupportedClientException.blockingOnly(library);
        };
    }

    public ClientHttpConnector connector() {
        return connector;
    }

    /** Drops the library's connections and stops its threads, without waiting for calls still in flight. */
    @Override
    public void close() throws Exception {
        resources.close();
    }
}
