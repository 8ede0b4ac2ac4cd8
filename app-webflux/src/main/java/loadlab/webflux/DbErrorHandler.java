package loadlab.webflux;

import io.r2dbc.spi.R2dbcTimeoutException;
import java.net.ConnectException;
import java.util.Map;
import loadlab.workload.Database;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.DataAccessException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * A failed {@code GET /db} answers at once, without retries: {@code 503 {"error":"pool timeout: ..."}} when no
 * connection came free within the acquire timeout (a starved pool, counted apart by the load runner), and
 * {@code 502 {"error":"database unavailable: ..."}} when the database itself failed (down, refused, a broken query),
 * like a failed backend call.
 */
@RestControllerAdvice
class DbErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(DbErrorHandler.class);

    /** How r2dbc-pool words its maxAcquireTime running out (its validation timeout is the same exception). */
    private static final String ACQUIRE_TIMED_OUT = "Connection acquisition timed out";

    private final DbProperties db;

    DbErrorHandler(DbProperties db) {
        this.db = db;
    }

    @ExceptionHandler(DataAccessException.class)
    ResponseEntity<Map<String, String>> databaseFailed(DataAccessException e) {
        // Debug, not warn: under load a starved pool or a dead database would otherwise write a log line per request.
        log.debug("GET /db failed", e);
        if (isPoolTimeout(e)) {
            return answer(HttpStatus.SERVICE_UNAVAILABLE, Database.poolTimeout(db.acquireTimeout()));
        }
        return answer(HttpStatus.BAD_GATEWAY, Database.unavailable(reason(e)));
    }

    private static boolean isPoolTimeout(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof R2dbcTimeoutException timeout
                    && timeout.getMessage() != null
                    && timeout.getMessage().startsWith(ACQUIRE_TIMED_OUT)) {
                return true;
            }
        }
        return false;
    }

    private static String reason(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
        }
        Throwable root = NestedExceptionUtils.getMostSpecificCause(e);
        String message =
                root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        return message.lines().findFirst().orElse(message);
    }

    private static ResponseEntity<Map<String, String>> answer(HttpStatus status, String error) {
        return ResponseEntity.status(status)
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("error", error));
    }
}
