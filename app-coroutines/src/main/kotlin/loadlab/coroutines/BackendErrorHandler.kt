package loadlab.coroutines

import io.netty.channel.ConnectTimeoutException
import io.netty.handler.timeout.ReadTimeoutException
import loadlab.workload.BadBackendAnswerException
import org.slf4j.LoggerFactory
import org.springframework.core.NestedExceptionUtils
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.RestControllerAdvice
import org.springframework.web.reactive.function.client.WebClientException
import org.springframework.web.reactive.function.client.WebClientResponseException
import java.net.ConnectException

/**
 * Any failure of the backend call becomes a quick 502 with a short JSON reason, without retries: a load test must
 * see the backend's failures as failures, not as slow successes.
 */
@RestControllerAdvice
class BackendErrorHandler {

    @ExceptionHandler(WebClientException::class)
    fun backendUnavailable(e: WebClientException): ResponseEntity<Map<String, String>> {
        val reason = reason(e)
        // Debug, not warn: under load a dead backend would otherwise write a log line per request.
        log.debug("backend unavailable: {}", reason, e)
        return ResponseEntity.status(HttpStatus.BAD_GATEWAY)
            .contentType(MediaType.APPLICATION_JSON)
            .body(mapOf("error" to "backend unavailable: $reason"))
    }

    // A 200 that names no delay is as unusable as a failed call.
    @ExceptionHandler(BadBackendAnswerException::class)
    fun unusableAnswer(e: BadBackendAnswerException): ResponseEntity<Map<String, String>> {
        log.debug("backend unavailable: {}", e.message)
        return ResponseEntity.status(HttpStatus.BAD_GATEWAY)
            .contentType(MediaType.APPLICATION_JSON)
            .body(mapOf("error" to "backend unavailable: ${e.message}"))
    }

    private fun reason(e: WebClientException): String {
        if (e is WebClientResponseException) {
            return "HTTP ${e.statusCode.value()}"
        }
        // The client wraps the telling exception at varying depths, so look along the whole chain.
        for (cause in generateSequence<Throwable>(e) { it.cause }) {
            when (cause) {
                is ConnectTimeoutException -> return "connect timeout"
                is ReadTimeoutException -> return "response timeout"
                is ConnectException -> return "connection refused"
            }
        }
        val root = NestedExceptionUtils.getMostSpecificCause(e)
        return root.message?.let(::abbreviate) ?: root.javaClass.simpleName
    }

    private fun abbreviate(message: String) = if (message.length <= 100) message else message.take(100) + "..."

    private companion object {
        private val log = LoggerFactory.getLogger(BackendErrorHandler::class.java)
    }
}
