package loadlab.clients;

import java.util.Locale;

/**
 * The HTTP client library under an app's backend calls, chosen by the app property {@code backend.client}. Every app
 * carries all of them; each is reached through Spring's own adapter for the app's client ({@link BlockingClient} for
 * RestClient, {@link ReactiveClient} for WebClient), with the library's hidden caps lifted so that only the model
 * under test limits calls in flight.
 */
public enum ClientLibrary {
    /** The JDK's {@code java.net.http.HttpClient}: the MVC apps' default. */
    JDK,
    /** Reactor Netty: the reactive apps' default. */
    REACTOR,
    /** Apache HttpClient 5: its classic client under RestClient, its async client under WebClient. */
    APACHE,
    /** Jetty's {@code HttpClient}. */
    JETTY,
    /** {@code HttpURLConnection}: plain blocking socket I/O, so for the blocking apps only. */
    SIMPLE;

    /** The name as {@code backend.client} takes it. */
    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }
}
