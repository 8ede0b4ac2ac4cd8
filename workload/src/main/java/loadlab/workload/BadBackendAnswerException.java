package loadlab.workload;

/** A 200 from the backend that does not say its delay: the apps answer {@code 502}, as for any failed call. */
public final class BadBackendAnswerException extends RuntimeException {

    BadBackendAnswerException(String message) {
        super(message, null, false, false);
    }
}
