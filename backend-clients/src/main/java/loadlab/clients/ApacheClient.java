package loadlab.clients;

import java.time.Duration;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.config.TlsConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.http2.HttpVersionPolicy;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.springframework.http.client.HttpComponentsClientHttpRequestFactory;
import org.springframework.http.client.reactive.HttpComponentsClientHttpConnector;

/**
 * Apache HttpClient 5: the classic (blocking) client under RestClient, the async client under WebClient. The hidden
 * cap is the pooling connection manager's default of 5 connections per route and 25 in all, under which further calls
 * wait for a connection (up to 3 minutes) however many threads make them; both limits are lifted here. Its other
 * defaults would make its requests differ from the other clients': a retry of a 503 or 429 after a second, redirects
 * followed, an {@code Accept-Encoding} header, a cookie store. All are switched off, as they are in the JDK's client.
 */
final class ApacheClient {

    private ApacheClient() {}

    static BlockingClient blocking(Duration connectTimeout, Duration responseTimeout) {
        CloseableHttpClient client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnPerRoute(Integer.MAX_VALUE)
                        .setMaxConnTotal(Integer.MAX_VALUE)
                        .setDefaultConnectionConfig(connectionConfig(connectTimeout))
                        .build())
                .setDefaultRequestConfig(requestConfig(responseTimeout))
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableContentCompression()
                .disableCookieManagement()
                .build();
        return new BlockingClient(
                new HttpComponentsClientHttpRequestFactory(client), () -> client.close(CloseMode.IMMEDIATE));
    }

    static ReactiveClient reactive(Duration connectTimeout, Duration responseTimeout) {
        CloseableHttpAsyncClient client = HttpAsyncClients.custom()
                .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
                        .setMaxConnPerRoute(Integer.MAX_VALUE)
                        .setMaxConnTotal(Integer.MAX_VALUE)
                        .setDefaultConnectionConfig(connectionConfig(connectTimeout))
                        // Plain HTTP falls back to HTTP/1.1 already; forced, so that no version of the client or
                        // backend can negotiate HTTP/2 and multiplex calls over few connections.
                        .setDefaultTlsConfig(TlsConfig.custom()
                                .setVersionPolicy(HttpVersionPolicy.FORCE_HTTP_1)
                                .build())
                        .build())
                .setDefaultRequestConfig(requestConfig(responseTimeout))
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableContentCompression()
                .disableCookieManagement()
                .build();
        // The connector starts the client (its I/O reactor threads). Closed gracefully: an immediate close shuts the
        // reactor's selectors under its running threads, which then log an error each; a graceful one lets them end
        // first (within 5 s at most), then drops what is left.
        return new ReactiveClient(
                new HttpComponentsClientHttpConnector(client), () -> client.close(CloseMode.GRACEFUL));
    }

    private static ConnectionConfig connectionConfig(Duration connectTimeout) {
        return ConnectionConfig.custom()
                .setConnectTimeout(Timeout.of(connectTimeout))
                .build();
    }

    // The longest silence while a response is awaited or read.
    private static RequestConfig requestConfig(Duration responseTimeout) {
        return RequestConfig.custom()
                .setResponseTimeout(Timeout.of(responseTimeout))
                .build();
    }
}
