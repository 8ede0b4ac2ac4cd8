package loadlab.clients;

import java.net.http.HttpClient;
import java.time.Duration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.client.reactive.JdkClientHttpConnector;

/**
 * The JDK's {@link HttpClient}. It has no connection limit: it opens another HTTP/1.1 connection whenever no idle one
 * is free, so nothing here caps calls in flight. Its blocking {@code send} runs on the same asynchronous machinery as
 * {@code sendAsync} (a selector thread, futures per exchange), whichever thread calls it.
 */
final class JdkClient {

    private JdkClient() {}

    static BlockingClient blocking(Duration connectTimeout, Duration responseTimeout) {
        HttpClient client = newClient(connectTimeout);
        JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(client);
        // The time until the response's head arrives (HttpRequest's timeout).
        requestFactory.setReadTimeout(responseTimeout);
        return new BlockingClient(requestFactory, client::shutdownNow);
    }

    static ReactiveClient reactive(Duration connectTimeout, Duration responseTimeout) {
        HttpClient client = newClient(connectTimeout);
        JdkClientHttpConnector connector = new JdkClientHttpConnector(client);
        connector.setReadTimeout(responseTimeout);
        return new ReactiveClient(connector, client::shutdownNow);
    }

    private static HttpClient newClient(Duration connectTimeout) {
        return HttpClient.newBuilder()
                // Left to its default (HTTP/2), the client tries an h2c upgrade on every new connection, and a backend
                // that accepts it multiplexes all calls over few connections, with a stream limit of its own.
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .build();
    }
}
