package loadlab.webflux;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The database pool behind {@code GET /db}, the same two settings in all five apps (r2dbc-pool here, Hikari in the MVC
 * apps). They apply only once {@code spring.r2dbc.url} is given; without it there is no pool at all.
 *
 * @param poolSize       connections, a fixed pool (at least and at most this many): 10 is both Hikari's and
 *     r2dbc-pool's default size
 * @param acquireTimeout how long a request waits for a free connection before it is a 503 "pool timeout": below the
 *     load runner's 10 s client timeout, so a starved pool shows as pool timeouts of its own, not as client timeouts
 *     (Hikari's default is 30 s, r2dbc-pool's none)
 */
@ConfigurationProperties("db")
record DbProperties(
        @DefaultValue("10") int poolSize,
        @DefaultValue("5s") Duration acquireTimeout) {}
