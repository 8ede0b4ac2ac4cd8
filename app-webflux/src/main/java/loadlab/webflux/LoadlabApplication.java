package loadlab.webflux;

import io.netty.channel.ChannelOption;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.context.annotation.Bean;

// Boot's R2DBC auto-configuration fails the start-up when no spring.r2dbc.url is given; DbConfig builds the pool, and
// only when one is.
@SpringBootApplication(exclude = R2dbcAutoConfiguration.class)
@ConfigurationPropertiesScan
public class LoadlabApplication {

    public static void main(String[] args) {
        SpringApplication.run(LoadlabApplication.class, args);
    }

    // The listen backlog, as server.tomcat.accept-count=4096 sets it for the MVC apps. Netty would already take the
    // kernel's somaxconn (4096 here); written down so that all servers are equal on any machine, and visibly so.
    @Bean
    NettyServerCustomizer listenBacklog() {
        return server -> server.option(ChannelOption.SO_BACKLOG, 4096);
    }
}
