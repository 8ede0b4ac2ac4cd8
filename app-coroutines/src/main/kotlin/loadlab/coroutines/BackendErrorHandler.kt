package loadlab.coroutines

import loadlab.clients.BackendFailures
import loadlab.workload.BadBackendAnswerException
import org.slf4j.LoggerFactory
import org.springframework.http.HttpStatus
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.RestControllerAdvice
import org.springframework.web.reactive.function.client.WebClientException
import org.springframework.web.reactive.function.client.WebClientResponseException

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

    // An HTTP error names its status; any other failure is named the same whichever client library made the call.
    private fun reason(e: WebClientException): String =
        if (e is WebClientResponseException) "HTTP ${e.statusCode.value()}" else BackendFailures.reason(e)

    private companion object {
        private val log = LoggerFactory.getLogger(BackendErrorHandler::class.java)
    }
}
