package loadlab.testsupport;

import java.util.Map;

/**
 * What each client library writes in its requests' {@code User-Agent}, by {@code backend.client} value: how a backend
 * tells which library called it.
 */
public final class ClientUserAgents {

    private static final Map<String, String> PREFIXES = Map.of(
            "jdk", "Java-http-client/",
            "reactor", "ReactorNetty/",
            "apache", "Apache-Http", // Apache-HttpClient/ (classic), Apache-HttpAsyncClient/ (async)
            "jetty", "Jetty/",
            "simple", "Java/");

    private ClientUserAgents() {}

    /** The start of the library's {@code User-Agent}, e.g. {@code Jetty/} for {@code jetty}. */
    public static String prefix(String client) {
        String prefix = PREFIXES.get(client);
        if (prefix == null) {
            throw new IllegalArgumentException("no such client library: " + client);
        }
        return prefix;
    }
}
