package loadlab.slowserver;

/** What can go wrong with one answer, named as the schedule syntax and the answers' bodies name it. */
public enum FaultKind {
    /** A 503 after the request's delay, body {@code {"delayMs":N,"fault":"5xx"}}. */
    SERVER_ERROR("5xx"),
    /** The connection is reset (TCP RST, no answer) after the request's delay. */
    RESET("reset"),
    /** No answer for {@code --hang-ms}, past any client's timeout; then the connection is reset. */
    HANG("hang");

    private final String label;

    FaultKind(String label) {
        this.label = label;
    }

    /** {@code 5xx}, {@code reset} or {@code hang}. */
    public String label() {
        return label;
    }

    static FaultKind ofLabel(String label) {
        for (FaultKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        return null;
    }
}
