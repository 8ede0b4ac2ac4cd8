package loadlab.slowserver;

import com.github.tomakehurst.wiremock.common.JettySettings;
import com.github.tomakehurst.wiremock.core.Options;
import com.github.tomakehurst.wiremock.http.AdminRequestHandler;
import com.github.tomakehurst.wiremock.http.HttpServer;
import com.github.tomakehurst.wiremock.http.HttpServerFactory;
import com.github.tomakehurst.wiremock.http.StubRequestHandler;
import com.github.tomakehurst.wiremock.jetty11.Jetty11HttpServer;
import wiremock.org.eclipse.jetty.io.NetworkTrafficListener;
import wiremock.org.eclipse.jetty.server.ConnectionFactory;
import wiremock.org.eclipse.jetty.server.HttpConfiguration;
import wiremock.org.eclipse.jetty.server.ServerConnector;

/**
 * WireMock's own Jetty 11 server, with one setting WireMock does not expose: no per-connection header cache.
 *
 * <p>Jetty's HTTP/1.1 parser builds, on the second request of every keep-alive connection, a cache of the header
 * fields it has seen ({@code HttpConfiguration.headerCacheSize}, 1024 entries by default), backed by an
 * {@code ArrayTrie} of about 100 KB. The lab's clients keep every connection open and each holds one waiting
 * request, so at 2,000 requests in flight those caches were 200 MB of slow-server's 230 MB heap after GC (a heap
 * dump: 2,000 {@code char[]} of 98 KB, each held by {@code HttpParser$FieldCache}), and 5,000 in a 512 MB heap went
 * into a GC spiral. Without the cache the parser builds each header field afresh: a few small objects per request,
 * against a trie per connection.
 */
final class LeanJettyServerFactory implements HttpServerFactory {

    @Override
    public String getName() {
        return "slow-server-lean-jetty";
    }

    @Override
    public HttpServer buildHttpServer(
            Options options, AdminRequestHandler adminRequestHandler, StubRequestHandler stubRequestHandler) {
        return new Jetty11HttpServer(options, adminRequestHandler, stubRequestHandler) {
            // Called from the superclass's constructor, so it must not touch fields of this class (it has none).
            @Override
            protected ServerConnector createHttpConnector(
                    String bindAddress, int port, JettySettings jettySettings, NetworkTrafficListener listener) {
                ServerConnector connector = super.createHttpConnector(bindAddress, port, jettySettings, listener);
                withoutHeaderCache(connector);
                return connector;
            }
        };
    }

    /** Every HTTP connection factory of the connector (HTTP/1.1, and h2c when enabled) shares the change. */
    static void withoutHeaderCache(ServerConnector connector) {
        for (ConnectionFactory factory : connector.getConnectionFactories()) {
            if (factory instanceof HttpConfiguration.ConnectionFactory http) {
                http.getHttpConfiguration().setHeaderCacheSize(0);
            }
        }
    }
}
