package loadlab.loadtest.engine;

/** What went wrong in an RMI call, in one line: the engine and the controller both report it that way. */
public final class RmiFailure {

    private RmiFailure() {}

    /** The innermost cause's message: RMI wraps the one that says what went wrong in two or three others. */
    public static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        return message.replaceAll("\\s+", " ").trim();
    }
}
