package loadlab.loadtest.run;

/**
 * A load that ended because a service it depended on died: its row fails with {@link #failure()}, and what depended on
 * that service is not run. A value, so that the runner never reads a reason back to learn what happened.
 *
 * @param reason    one line: which service, and how it ended or stopped answering (its log named)
 * @param ofBackend whether the backend died (or has exited by the load's end): no target after it can be measured;
 *                  else the target did, and only its own later loads and runs are not run
 */
record Death(String reason, boolean ofBackend) {

    /** How a failed row says its target's process died: {@code died: <reason>}. */
    String failure() {
        return "died: " + reason;
    }
}
