package loadlab.clients;

import java.time.Duration;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.transport.HttpClientTransportOverHTTP;
import org.eclipse.jetty.http.HttpCookieStore;
import org.springframework.http.client.JettyClientHttpRequestFactory;
import org.springframework.http.client.reactive.JettyClientHttpConnector;

/**
 * Jetty's {@link HttpClient}. The hidden caps are per destination: 64 connections, beyond which requests queue, and
 * 1,024 queued requests, beyond which they are rejected; both are lifted here. Its threads (a pool and a scheduler)
 * are not daemons, so the client is stopped on close. It would also send {@code Accept-Encoding: gzip}, follow
 * redirects and keep cookies; all are switched off, as they are in the JDK's client.
 */
final class JettyClient {

    private JettyClient() {}

    static BlockingClient blocking(Duration connectTimeout, Duration responseTimeout) {
        HttpClient client = startedClient(connectTimeout, responseTimeout);
        JettyClientHttpRequestFactory requestFactory = new JettyClientHttpRequestFactory(client);
        // Spring's own default is 10 s; the whole exchange, on top of the idle timeout that both adapters get.
        requestFactory.setReadTimeout(responseTimeout);
        return new BlockingClient(new FailuresAsIoExceptions(requestFactory), client::stop);
    }

    static ReactiveClient reactive(Duration connectTimeout, Duration responseTimeout) {
        HttpClient client = startedClient(connectTimeout, responseTimeout);
        return new ReactiveClient(new JettyClientHttpConnector(client), client::stop);
    }

    private static HttpClient startedClient(Duration connectTimeout, Duration responseTimeout) {
        // HTTP/1.1 only (Jetty's default transport, named so that it stays so): one connection per call in flight.
        HttpClient client = new HttpClient(new HttpClientTransportOverHTTP());
        client.setMaxConnectionsPerDestination(Integer.MAX_VALUE);
        client.setMaxRequestsQueuedPerDestination(Integer.MAX_VALUE);
        client.setConnectTimeout(connectTimeout.toMillis());
        // The longest silence on a connection: while a response is awaited, the response timeout (WebClient's
        // connector has no other); an idle pooled connection is closed after as long.
        client.setIdleTimeout(responseTimeout.toMillis());
        client.setFollowRedirects(false);
        client.setHttpCookieStore(new HttpCookieStore.Empty());
        try {
            client.start();
        } catch (Exception e) {
            throw new IllegalStateException("Jetty's HttpClient did not start", e);
        }
        // Filled at start from the compression codecs on the classpath (gzip comes with jetty-client); emptied, so
        // that no Accept-Encoding header is sent.
        client.getContentDecoderFactories().clear();
        return client;
    }
}
