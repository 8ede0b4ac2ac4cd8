package loadlab.clients;

import java.time.Duration;
import org.springframework.http.client.SimpleClientHttpRequestFactory;

/**
 * {@code HttpURLConnection}: plain blocking socket I/O on the calling thread, no pool of its own but the JDK's
 * keep-alive cache. The hidden cap is that cache: it keeps at most {@code http.maxConnections} idle connections per
 * destination (default 5) and closes every other connection after its call, so under load nearly every call would open
 * a new connection. Calls in flight are never capped, connection reuse is.
 */
final class SimpleClient {

    static final String MAX_CONNECTIONS = "http.maxConnections";

    private SimpleClient() {}

    static BlockingClient blocking(Duration connectTimeout, Duration responseTimeout) {
        keepEveryConnection();
        SimpleClientHttpRequestFactory requestFactory = new SimpleClientHttpRequestFactory();
        requestFactory.setConnectTimeout(connectTimeout);
        // The socket's read timeout: the longest silence while the response is awaited or read.
        requestFactory.setReadTimeout(responseTimeout);
        return new BlockingClient(new FailuresAsIoExceptions(requestFactory), () -> {});
    }

    /**
     * The JDK's {@code KeepAliveCache} reads {@code http.maxConnections} once, when it takes back its first connection
     * (after the first completed call in the JVM), and never again. This runs while the app starts, before its first
     * backend call, and nothing else in an app uses {@code HttpURLConnection} for HTTP, so the value is in place before
     * the cache reads it. A value given on the command line is replaced: no value but "keep every connection" suits
     * the lab.
     */
    static void keepEveryConnection() {
        System.setProperty(MAX_CONNECTIONS, String.valueOf(Integer.MAX_VALUE));
    }
}
