package loadlab.coroutines

import io.r2dbc.pool.ConnectionPool
import io.r2dbc.pool.ConnectionPoolConfiguration
import io.r2dbc.spi.ConnectionFactories
import io.r2dbc.spi.ConnectionFactoryOptions
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.boot.context.properties.EnableConfigurationProperties
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration
import org.springframework.r2dbc.core.DatabaseClient

/**
 * The R2DBC pool behind `GET /db`: r2dbc-postgresql through r2dbc-pool, from `spring.r2dbc.*`, but only when
 * `spring.r2dbc.url` is given. Boot's own R2DBC auto-configuration is excluded ([LoadlabApplication]) because without
 * a URL it fails the start-up instead of doing nothing; every scenario without the database runs no pool and opens no
 * connection. Boot still binds the pool's metrics (`r2dbc.pool.*`) to this bean. The same settings as app-webflux's.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.r2dbc.url")
@EnableConfigurationProperties(R2dbcProperties::class)
class DbConfig {

    @Bean(destroyMethod = "dispose")
    fun connectionFactory(properties: R2dbcProperties, db: DbProperties): ConnectionPool {
        val options = ConnectionFactoryOptions.parse(requireNotNull(properties.url))
            .mutate()
            .option(ConnectionFactoryOptions.USER, requireNotNull(properties.username) { "spring.r2dbc.username" })
            .option(ConnectionFactoryOptions.PASSWORD, requireNotNull(properties.password) { "spring.r2dbc.password" })
            .build()
        return ConnectionPool(
            ConnectionPoolConfiguration.builder(ConnectionFactories.get(options))
                .name("db")
                // A fixed pool, as r2dbc-pool's default (initial = max = 10) is: the size is the model's cap.
                .initialSize(db.poolSize)
                .maxSize(db.poolSize)
                // r2dbc-pool waits forever by default; the same bound as Hikari's connectionTimeout in the MVC apps.
                .maxAcquireTime(db.acquireTimeout)
                // r2dbc-pool retries a failed acquire once by default, which doubles the wait of a starved request
                // (two timeouts) and tries a refused database twice; Hikari does neither.
                .acquireRetry(0)
                .build(),
        )
    }

    @Bean
    fun databaseClient(connectionFactory: ConnectionPool): DatabaseClient = DatabaseClient.create(connectionFactory)
}
