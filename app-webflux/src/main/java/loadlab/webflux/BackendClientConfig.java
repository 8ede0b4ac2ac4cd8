package loadlab.webflux;

import loadlab.clients.ReactiveClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * The non-blocking client to the backend, on the client library {@code backend.client} names, with no cap of its own
 * on calls in flight (see loadlab.clients): the event loop, not the client, is the model under test.
 */
@Configuration(proxyBeanMethods = false)
class BackendClientConfig {

    // Closed on shutdown: drops the library's connections and stops its threads. Refuses backend.client=simple, which
    // only blocks.
    @Bean(destroyMethod = "close")
    ReactiveClient backendLibrary(BackendProperties backend) {
        return ReactiveClient.of(backend.client(), backend.connectTimeout(), backend.responseTimeout());
    }

    @Bean
    WebClient backendClient(WebClient.Builder builder, ReactiveClient backendLibrary, BackendProperties backend) {
        return builder.baseUrl(backend.baseUrl().toString())
                .clientConnector(backendLibrary.connector())
                .build();
    }
}
