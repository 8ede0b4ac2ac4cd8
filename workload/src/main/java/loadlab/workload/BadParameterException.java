package loadlab.workload;

/**
 * A request parameter that is missing, not a whole number or out of range. Its message is one line that names the
 * parameter and its value; the apps answer {@code 400} with it, before any work or backend call starts.
 */
public final class BadParameterException extends RuntimeException {

    BadParameterException(String message) {
        // No stack trace: a client's mistake, not the app's, and answered on the request's own thread.
        super(message, null, false, false);
    }
}
