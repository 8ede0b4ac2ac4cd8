package loadlab.webflux;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The R2DBC pool behind {@code GET /db}: r2dbc-postgresql through r2dbc-pool, from {@code spring.r2dbc.*}, but only
 * when {@code spring.r2dbc.url} is given. Boot's own R2DBC auto-configuration is excluded ({@link LoadlabApplication})
 * because without a URL it fails the start-up instead of doing nothing; every scenario without the database runs no
 * pool and opens no connection. Boot still binds the pool's metrics ({@code r2dbc.pool.*}) to this bean.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.r2dbc.url")
@EnableConfigurationProperties(R2dbcProperties.class)
class DbConfig {

    @Bean(destroyMethod = "dispose")
    ConnectionPool connectionFactory(R2dbcProperties properties, DbProperties db) {
        ConnectionFactoryOptions options = ConnectionFactoryOptions.parse(properties.getUrl())
                .mutate()
                .option(ConnectionFactoryOptions.USER, properties.getUsername())
                .option(ConnectionFactoryOptions.PASSWORD, properties.getPassword())
                .build();
        return new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(options))
                .name("db")
                // A fixed pool, as r2dbc-pool's default (initial = max = 10) is: the size is the model's cap.
                .initialSize(db.poolSize())
                .maxSize(db.poolSize())
                // r2dbc-pool waits forever by default; the same bound as Hikari's connectionTimeout in the MVC apps.
                .maxAcquireTime(db.acquireTimeout())
                // r2dbc-pool retries a failed acquire once by default, which doubles the wait of a starved request
                // (two timeouts) and tries a refused database twice; Hikari does neither.
                .acquireRetry(0)
                .build());
    }

    @Bean
    DatabaseClient databaseClient(ConnectionPool connectionFactory) {
        return DatabaseClient.create(connectionFactory);
    }
}
