package loadlab.coroutines

import io.r2dbc.spi.R2dbcTimeoutException
import loadlab.workload.Database
import org.slf4j.LoggerFactory
import org.springframework.core.NestedExceptionUtils
import org.springframework.dao.DataAccessException
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.RestControllerAdvice
import java.net.ConnectException

/**
 * A failed `GET /db` answers at once, without retries: `503 {"error":"pool timeout: ..."}` when no connection came
 * free within the acquire timeout (a starved pool, counted apart by the load runner), and
 * `502 {"error":"database unavailable: ..."}` when the database itself failed (down, refused, a broken query), like a
 * failed backend call.
 */
@RestControllerAdvice
class DbErrorHandler(private val db: DbProperties) {

    @ExceptionHandler(DataAccessException::class)
    fun databaseFailed(e: DataAccessException): ResponseEntity<Map<String, String>> {
        // Debug, not warn: under load a starved pool or a dead database would otherwise write a log line per request.
        log.debug("GET /db failed", e)
        if (isPoolTimeout(e)) {
            return answer(HttpStatus.SERVICE_UNAVAILABLE, Database.poolTimeout(db.acquireTimeout))
        }
        return answer(HttpStatus.BAD_GATEWAY, Database.unavailable(reason(e)))
    }

    private fun isPoolTimeout(e: Throwable) = generateSequence(e) { it.cause }
        .any { it is R2dbcTimeoutException && it.message.orEmpty().startsWith(ACQUIRE_TIMED_OUT) }

    private fun reason(e: Throwable): String {
        if (generateSequence(e) { it.cause }.any { it is ConnectException }) {
            return "connection refused"
        }
        val root = NestedExceptionUtils.getMostSpecificCause(e)
        val message = root.message ?: root.javaClass.simpleName
        return message.lineSequence().first()
    }

    private fun answer(status: HttpStatus, error: String): ResponseEntity<Map<String, String>> =
        ResponseEntity.status(status)
            .contentType(MediaType.APPLICATION_JSON)
            .body(mapOf("error" to error))

    private companion object {
        private val log = LoggerFactory.getLogger(DbErrorHandler::class.java)

        /** How r2dbc-pool words its maxAcquireTime running out (its validation timeout is the same exception). */
        private const val ACQUIRE_TIMED_OUT = "Connection acquisition timed out"
    }
}
