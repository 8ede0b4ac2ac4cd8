package loadlab.workload;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What the apps read from a backend answer: the delay it names. */
public final class BackendBody {

    /**
     * The load runner's own pattern (first match), so that the app and the runner always agree on a body's delay. An
     * answer of the apps puts its own {@code delayMs} first, so the runner reads that one.
     */
    private static final Pattern DELAY_MS = Pattern.compile("\"delayMs\"\\s*:\\s*(\\d+)\\s*[,}]");

    private BackendBody() {}

    /** The {@code delayMs} a backend body names; a body without one is a failed call. */
    public static long delayMs(String body) {
        Matcher matcher = DELAY_MS.matcher(body == null ? "" : body);
        if (!matcher.find()) {
            throw new BadBackendAnswerException("answer without delayMs");
        }
        try {
            return Long.parseLong(matcher.group(1));
        } catch (NumberFormatException tooLong) {
            throw new BadBackendAnswerException("answer with an unreadable delayMs");
        }
    }
}
