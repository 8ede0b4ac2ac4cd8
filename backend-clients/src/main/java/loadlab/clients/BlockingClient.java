package loadlab.clients;

import java.time.Duration;
import org.springframework.http.client.ClientHttpRequestFactory;

/**
 * RestClient's request factory on one {@link ClientLibrary}, and what must be released with it. An app builds it once,
 * as a bean that Spring closes on shutdown.
 */
public final class BlockingClient implements AutoCloseable {

    private final ClientHttpRequestFactory requestFactory;
    private final AutoCloseable resources;

    BlockingClient(ClientHttpRequestFactory requestFactory, AutoCloseable resources) {
        this.requestFactory = requestFactory;
        this.resources = resources;
    }

    /**
     * The library's adapter for RestClient, HTTP/1.1 only, with no cap on calls in flight.
     *
     * @param connectTimeout how long a new connection may take
     * @param responseTimeout how long to wait for the backend's answer
     */
    public static BlockingClient of(ClientLibrary library, Duration connectTimeout, Duration responseTimeout) {
        return switch (library) {
            case JDK -> JdkClient.blocking(connectTimeout, responseTimeout);
            case REACTOR -> ReactorClient.blocking(connectTimeout, responseTimeout);
            case APACHE -> ApacheClient.blocking(connectTimeout, responseTimeout);
            case JETTY -> JettyClient.blocking(connectTimeout, responseTimeout);
            case SIMPLE -> SimpleClient.blocking(connectTimeout, responseTimeout);
        };
    }

    public ClientHttpRequestFactory requestFactory() {
        return requestFactory;
    }

    /** Drops the library's connections and stops its threads, without waiting for calls still in flight. */
    @Override
    public void close() throws Exception {
        resources.close();
    }
}
