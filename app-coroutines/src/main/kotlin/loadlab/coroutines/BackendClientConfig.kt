package loadlab.coroutines

import io.netty.channel.ChannelOption
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.http.client.reactive.ReactorClientHttpConnector
import org.springframework.web.reactive.function.client.WebClient
import reactor.netty.http.HttpProtocol
import reactor.netty.http.client.HttpClient
import reactor.netty.resources.ConnectionProvider

/**
 * The non-blocking client to the backend, on Boot's [WebClient.Builder] with a connection pool sized so that it
 * never caps calls in flight: the suspended coroutines on the event loop, not the pool, are the model under test.
 * The same settings as app-webflux's.
 */
@Configuration(proxyBeanMethods = false)
class BackendClientConfig {

    // Spring's default pool holds 500 connections and queues 1000 more acquires, then fails them; Reactor Netty's own
    // default is smaller still. No limit instead, like the MVC apps' JDK HttpClient: a fan-out at 10,000 users makes
    // 10,000 x n calls at once, so any fixed size (it was 10,000) would cap these two apps alone. What does bound
    // connections to one backend, the kernel's ephemeral ports (about 28,000 here), bounds every model alike.
    @Bean(destroyMethod = "dispose")
    fun backendConnections(): ConnectionProvider = ConnectionProvider.builder("backend")
        .maxConnections(Int.MAX_VALUE)
        .pendingAcquireMaxCount(-1)
        .build()

    @Bean
    fun backendClient(
        builder: WebClient.Builder,
        backendConnections: ConnectionProvider,
        backend: BackendProperties,
    ): WebClient {
        val httpClient = HttpClient.create(backendConnections)
            // HTTP/1.1 only, like the MVC apps' client: one connection per call in flight, no multiplexing.
            .protocol(HttpProtocol.HTTP11)
            .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(backend.connectTimeout.toMillis()))
            .responseTimeout(backend.responseTimeout)
        return builder.baseUrl(backend.baseUrl.toString())
            .clientConnector(ReactorClientHttpConnector(httpClient))
            .build()
    }
}
