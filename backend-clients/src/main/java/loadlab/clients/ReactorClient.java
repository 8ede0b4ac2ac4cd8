package loadlab.clients;

import io.netty.channel.ChannelOption;
import java.time.Duration;
import org.springframework.http.client.ReactorClientHttpRequestFactory;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import reactor.netty.http.HttpProtocol;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;

/**
 * Reactor Netty, on the global event loops ({@code reactor-http-nio-*}, daemon threads) that a reactive app's server
 * shares. The hidden cap is the connection pool: Spring's default holds 500 connections and queues 1,000 more acquires,
 * then fails them; Reactor Netty's own default is smaller still. Each client gets its own pool without a limit instead.
 */
final class ReactorClient {

    private ReactorClient() {}

    static BlockingClient blocking(Duration connectTimeout, Duration responseTimeout) {
        ConnectionProvider connections = unlimitedConnections();
        // Built from an HttpClient, the factory applies none of its own defaults (compression, a 10 s timeout).
        return new BlockingClient(
                new FailuresAsIoExceptions(
                        new ReactorClientHttpRequestFactory(httpClient(connections, connectTimeout, responseTimeout))),
                connections::dispose);
    }

    static ReactiveClient reactive(Duration connectTimeout, Duration responseTimeout) {
        ConnectionProvider connections = unlimitedConnections();
        return new ReactiveClient(
                new ReactorClientHttpConnector(httpClient(connections, connectTimeout, responseTimeout)),
                connections::dispose);
    }

    // No limit, like the JDK's HttpClient: a fan-out at 10,000 users makes 10,000 x n calls at once, so any fixed size
    // (it was 10,000) would cap the apps on this client alone. What does bound connections to one backend, the
    // kernel's ephemeral ports (about 28,000 here), bounds every client alike.
    private static ConnectionProvider unlimitedConnections() {
        return ConnectionProvider.builder("backend")
                .maxConnections(Integer.MAX_VALUE)
                .pendingAcquireMaxCount(-1)
                .build();
    }

    private static HttpClient httpClient(
            ConnectionProvider connections, Duration connectTimeout, Duration responseTimeout) {
        return HttpClient.create(connections)
                // HTTP/1.1 only: one connection per call in flight, no multiplexing.
                .protocol(HttpProtocol.HTTP11)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(connectTimeout.toMillis()))
                // The longest silence between two reads of a response, from the request's end.
                .responseTimeout(responseTimeout);
    }
}
