package loadlab.coroutines

import io.netty.channel.ChannelOption
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.context.properties.ConfigurationPropertiesScan
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration
import org.springframework.boot.reactor.netty.NettyServerCustomizer
import org.springframework.boot.runApplication
import org.springframework.context.annotation.Bean

// Boot's R2DBC auto-configuration fails the start-up when no spring.r2dbc.url is given; DbConfig builds the pool, and
// only when one is.
@SpringBootApplication(exclude = [R2dbcAutoConfiguration::class])
@ConfigurationPropertiesScan
class LoadlabApplication {

    // The listen backlog, as server.tomcat.accept-count=4096 sets it for the MVC apps. Netty would already take the
    // kernel's somaxconn (4096 here); written down so that all servers are equal on any machine, and visibly so.
    @Bean
    fun listenBacklog() = NettyServerCustomizer { server -> server.option(ChannelOption.SO_BACKLOG, 4096) }
}

fun main(args: Array<String>) {
    runApplication<LoadlabApplication>(*args)
}
