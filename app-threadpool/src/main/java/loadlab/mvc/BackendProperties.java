package loadlab.mvc;

import java.net.URI;
import java.time.Duration;
import loadlab.clients.ClientLibrary;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Where the slow backend is, how long to wait for it, and which client library calls it.
 *
 * @param baseUrl the backend; {@code GET /} is called on it
 * @param connectTimeout a refused or unreachable backend must fail fast, not hold a request for long
 * @param responseTimeout longer than the backend's slowest answer (4 s), so only a backend that hangs times out
 * @param client the HTTP client library under RestClient: {@code jdk} (the default, what Boot picks when nothing
 *     else is on the classpath), {@code reactor}, {@code apache}, {@code jetty} or {@code simple}
 */
@ConfigurationProperties("backend")
record BackendProperties(
        @DefaultValue("http://127.0.0.1:8000") URI baseUrl,
        @DefaultValue("2s") Duration connectTimeout,
        @DefaultValue("20s") Duration responseTimeout,
        @DefaultValue("jdk") ClientLibrary client) {}
