package loadlab.coroutines

import loadlab.clients.ClientLibrary
import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.boot.context.properties.bind.DefaultValue
import java.net.URI
import java.time.Duration

/**
 * Where the slow backend is, how long to wait for it, and which client library calls it.
 *
 * @property baseUrl the backend; `GET /` is called on it
 * @property connectTimeout a refused or unreachable backend must fail fast, not hold a request for long
 * @property responseTimeout longer than the backend's slowest answer (4 s), so only a backend that hangs times out
 * @property client the HTTP client library under WebClient: `reactor` (the default, what Boot picks for WebFlux),
 *     `jdk`, `apache` or `jetty`; not `simple`, which only blocks
 */
@ConfigurationProperties("backend")
data class BackendProperties(
    @DefaultValue("http://127.0.0.1:8000") val baseUrl: URI,
    @DefaultValue("2s") val connectTimeout: Duration,
    @DefaultValue("20s") val responseTimeout: Duration,
    @DefaultValue("reactor") val client: ClientLibrary,
)
