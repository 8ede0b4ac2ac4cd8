package loadlab.webflux;

import java.util.Map;
import loadlab.workload.BadParameterException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** A bad request parameter is a 400 with the one-line reason, before any work or backend call starts. */
@RestControllerAdvice
class BadParameterHandler {

    @ExceptionHandler(BadParameterException.class)
    ResponseEntity<Map<String, String>> badParameter(BadParameterException e) {
        return ResponseEntity.badRequest()
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", e.getMessage()));
    }
}
