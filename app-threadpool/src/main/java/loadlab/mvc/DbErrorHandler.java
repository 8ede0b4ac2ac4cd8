package loadlab.mvc;

import java.net.ConnectException;
import java.sql.SQLTransientConnectionException;
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

    /**
     * Hikari's "Connection is not available, request timed out": a pool timeout when every connection was busy. When
     * the pool could not open a connection at all, Hikari gives the same exception with the database's refusal as its
     * cause, and that is the database being unavailable.
     */
    private static boolean isPoolTimeout(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException timeout) {
                return timeout.getCause() == null;
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
