package loadlab.loadtest.run;

import java.util.Map;

/** What an exit code says about how a process ended: above 128, it was killed by signal (code − 128). */
final class Signals {

    private static final Map<Integer, String> NAMES =
            Map.of(1, "SIGHUP", 2, "SIGINT", 6, "SIGABRT", 9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");

    private Signals() {}

    /** {@code " (killed by signal 9, SIGKILL)"} for 137, nothing for an ordinary exit code. */
    static String describe(int exitCode) {
        if (exitCode <= 128 || exitCode > 128 + 64) {
            return "";
        }
        int signal = exitCode - 128;
        return " (killed by signal " + signal + (NAMES.containsKey(signal) ? ", " + NAMES.get(signal) : "") + ")";
    }
}
