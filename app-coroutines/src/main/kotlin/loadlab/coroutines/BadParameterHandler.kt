package loadlab.coroutines

import loadlab.workload.BadParameterException
import org.springframework.http.MediaType
import org.springframework.http.ResponseEntity
import org.springframework.web.bind.annotation.ExceptionHandler
import org.springframework.web.bind.annotation.RestControllerAdvice

/** A bad request parameter is a 400 with the one-line reason, before any work or backend call starts. */
@RestControllerAdvice
class BadParameterHandler {

    @ExceptionHandler(BadParameterException::class)
    fun badParameter(e: BadParameterException): ResponseEntity<Map<String, String>> = ResponseEntity.badRequest()
        .contentType(MediaType.APPLICATION_JSON)
        .body(mapOf("error" to e.message.orEmpty()))
}
