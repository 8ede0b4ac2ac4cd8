package loadlab.mvc;

import java.util.Map;
import loadlab.clients.BackendFailures;
import loadlab.workload.BadBackendAnswerException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.client.RestClientException;
import org.springframework.web.client.RestClientResponseException;

/**
 * Any failure of the backend call becomes a quick 502 with a short JSON reason, without retries: a load test must
 * see the backend's failures as failures, not as slow successes.
 */
@RestControllerAdvice
class BackendErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(BackendErrorHandler.class);

    @ExceptionHandler(RestClientException.class)
    ResponseEntity<Map<String, String>> backendUnavailable(RestClientException e) {
        String reason = reason(e);
        // Debug, not warn: under load a dead backend would otherwise write a log line per request.
        log.debug("backend unavailable: {}", reason, e);
        return ResponseEntity.status(HttpStatus.BAD_GATEWAY)
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", "backend unavailable: " + reason));
    }

    // A 200 that names no delay is as unusable as a failed call.
    @ExceptionHandler(BadBackendAnswerException.class)
    ResponseEntity<Map<String, String>> unusableAnswer(BadBackendAnswerException e) {
        log.debug("backend unavailable: {}", e.getMessage());
        return ResponseEntity.status(HttpStatus.BAD_GATEWAY)
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", "backend unavailable: " + e.getMessage()));
    }

    // An HTTP error names its status; any other failure is named the same whichever client library made the call.
    private static String reason(RestClientException e) {
        if (e instanceof RestClientResponseException response) {
            return "HTTP " + response.getStatusCode().value();
        }
        return BackendFailures.reason(e);
    }
}
