package loadlab.mvc;

import java.net.http.HttpClient;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.client.RestClient;

/**
 * The blocking client to the backend. The JDK {@link HttpClient} has no connection limit: it opens another
 * HTTP/1.1 connection whenever no idle one is free, so the only cap on calls in flight is the number of threads
 * able to make them, which is the model under test.
 */
@Configuration(proxyBeanMethods = false)
class BackendClientConfig {

    // shutdownNow: on shutdown, drop calls still waiting on the backend rather than wait up to the response timeout.
    @Bean(destroyMethod = "shutdownNow")
    HttpClient backendHttpClient(BackendProperties backend) {
        return HttpClient.newBuilder()
                // Left to its default (HTTP/2), the client tries an h2c upgrade on every new connection, and a backend
                // that
                // accepts it multiplexes all calls over few connections, with a stream limit of its own.
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(backend.connectTimeout())
                .build();
    }

    // Built here rather than chosen by Boot: with Apache httpclient5 on the classpath Boot would pick it, with its
    // default pool of 5 connections per route.
    @Bean
    RestClient backendClient(RestClient.Builder builder, HttpClient backendHttpClient, BackendProperties backend) {
        JdkClientHttpRequestFactory requestFactory = new JdkClientHttpRequestFactory(backendHttpClient);
        requestFactory.setReadTimeout(backend.responseTimeout());
        return builder.baseUrl(backend.baseUrl().toString())
                .requestFactory(requestFactory)
                .build();
    }
}
