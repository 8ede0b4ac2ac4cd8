package loadlab.coroutines

import loadlab.clients.ReactiveClient
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.web.reactive.function.client.WebClient

/**
 * The non-blocking client to the backend, on the client library `backend.client` names, with no cap of its own on
 * calls in flight (see loadlab.clients): the suspended coroutines on the event loop, not the client, are the model
 * under test. The same code as app-webflux's.
 */
@Configuration(proxyBeanMethods = false)
class BackendClientConfig {

    // Closed on shutdown: drops the library's connections and stops its threads. Refuses backend.client=simple, which
    // only blocks.
    @Bean(destroyMethod = "close")
    fun backendLibrary(backend: BackendProperties): ReactiveClient =
        ReactiveClient.of(backend.client, backend.connectTimeout, backend.responseTimeout)

    @Bean
    fun backendClient(
        builder: WebClient.Builder,
        backendLibrary: ReactiveClient,
        backend: BackendProperties,
    ): WebClient = builder.baseUrl(backend.baseUrl.toString())
        .clientConnector(backendLibrary.connector())
        .build()
}
