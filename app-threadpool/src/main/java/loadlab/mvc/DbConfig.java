package loadlab.mvc;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The JDBC pool behind {@code GET /db}: HikariCP, Boot's default DataSource, built as Boot builds it from
 * {@code spring.datasource.*}, but only when {@code spring.datasource.url} is given. Boot's own DataSource
 * auto-configuration is excluded ({@link LoadlabApplication}) because without a URL it fails the start-up instead of
 * doing nothing; every scenario without the database runs no pool, opens no connection and starts no pool thread.
 * Boot still binds the pool's metrics ({@code hikaricp.connections.*}) to this bean.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty("spring.datasource.url")
@EnableConfigurationProperties(DataSourceProperties.class)
class DbConfig {

    @Bean(destroyMethod = "close")
    HikariDataSource dataSource(DataSourceProperties properties, DbProperties db) {
        HikariDataSource pool = properties
                .initializeDataSourceBuilder()
                .type(HikariDataSource.class)
                .build();
        pool.setPoolName("db");
        // A fixed pool, as Hikari's default (minimumIdle = maximumPoolSize) is: the size is the model's cap.
        pool.setMaximumPoolSize(db.poolSize());
        pool.setMinimumIdle(db.poolSize());
        pool.setConnectionTimeout(db.acquireTimeout().toMillis());
        return pool;
    }
}
