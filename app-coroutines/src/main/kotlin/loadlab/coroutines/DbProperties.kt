package loadlab.coroutines

import org.springframework.boot.context.properties.ConfigurationProperties
import org.springframework.boot.context.properties.bind.DefaultValue
import java.time.Duration

/**
 * The database pool behind `GET /db`, the same two settings in all five apps (r2dbc-pool here, Hikari in the MVC
 * apps). They apply only once `spring.r2dbc.url` is given; without it there is no pool at all.
 *
 * @property poolSize connections, a fixed pool (at least and at most this many): 10 is both Hikari's and r2dbc-pool's
 *     default size
 * @property acquireTimeout how long a request waits for a free connection before it is a 503 "pool timeout": below
 *     the load runner's 10 s client timeout, so a starved pool shows as pool timeouts of its own, not as client
 *     timeouts (Hikari's default is 30 s, r2dbc-pool's none)
 */
@ConfigurationProperties("db")
data class DbProperties(@DefaultValue("10") val poolSize: Int, @DefaultValue("5s") val acquireTimeout: Duration)
