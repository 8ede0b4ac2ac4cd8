package loadlab.mvc;

import loadlab.clients.BlockingClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.client.RestClient;

/**
 * The blocking client to the backend, on the client library {@code backend.client} names, with no cap of its own on
 * calls in flight (see loadlab.clients): the only cap is the number of threads able to make them, which is the model
 * under test.
 */
@Configuration(proxyBeanMethods = false)
class BackendClientConfig {

    // Closed on shutdown: drops calls still waiting on the backend rather than wait up to the response timeout, and
    // stops the library's threads.
    @Bean(destroyMethod = "close")
    BlockingClient backendLibrary(BackendProperties backend) {
        return BlockingClient.of(backend.client(), backend.connectTimeout(), backend.responseTimeout());
    }

    // Built here rather than chosen by Boot, which picks by what is on the classpath (Apache HttpClient 5 first, with
    // its default pool of 5 connections per route), and every app carries every client library.
    @Bean
    RestClient backendClient(RestClient.Builder builder, BlockingClient backendLibrary, BackendProperties backend) {
        return builder.baseUrl(backend.baseUrl().toString())
                .requestFactory(backendLibrary.requestFactory())
                .build();
    }
}
