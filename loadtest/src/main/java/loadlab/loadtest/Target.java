package loadlab.loadtest;

import java.util.OptionalInt;

/**
 * Something the load is aimed at.
 *
 * @param model       how it handles requests, in a few words, e.g. "Tomcat, 200 platform threads"
 * @param threadLimit its request-thread limit, or empty when the model has none
 */
public record Target(String name, String model, OptionalInt threadLimit) {

    public static final String DIRECT = "direct";

    /** The backend with no app in between: the baseline every app is compared with. */
    public static Target direct() {
        return new Target(DIRECT, "slow-server, no app in between", OptionalInt.empty());
    }

    /** Fewer threads than users: requests must queue for a thread, by design of the model. */
    boolean queuesAt(int users) {
        return threadLimit.isPresent() && threadLimit.getAsInt() < users;
    }
}
