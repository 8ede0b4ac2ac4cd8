package loadlab.loadtest.measure;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One request as JMeter saw it. The runner fills it from a {@code SampleResult}; everything downstream
 * (window counting, percentiles, error classes) is computed from these alone, so it stays testable.
 *
 * @param startMillis     epoch millis when the request was sent
 * @param endMillis       epoch millis when the response (or the failure) was complete
 * @param success         JMeter's verdict
 * @param responseCode    JMeter's response code: {@code "200"}, {@code "502"}, or for transport failures
 *                        {@code "Non HTTP response code: java.net.SocketTimeoutException"}
 * @param failureMessage  JMeter's response message or assertion message, or for an error answer whose JSON body has an
 *                        {@code error} (e.g. {@code {"error":"pool timeout: ..."}}) that error; empty when there is none
 * @param backendDelayMs  the {@code delayMs} the backend reported in the body, or {@link #NO_DELAY}
 * @param scheduledMillis epoch millis when an open load's arrival was due, or {@link #NOT_SCHEDULED} for a closed
 *                        loop's request, which is due when its user sends it
 */
public record Sample(
        long startMillis,
        long endMillis,
        boolean success,
        String responseCode,
        String failureMessage,
        long backendDelayMs,
        long scheduledMillis) {

    /** The body did not name a backend delay (absent, malformed, or no body at all). */
    public static final long NO_DELAY = -1;

    /** A closed loop's request: no schedule, it was due when it was sent. */
    public static final long NOT_SCHEDULED = -1;

    /** A closed loop's request. */
    public Sample(
            long startMillis,
            long endMillis,
            boolean success,
            String responseCode,
            String failureMessage,
            long backendDelayMs) {
        this(startMillis, endMillis, success, responseCode, failureMessage, backendDelayMs, NOT_SCHEDULED);
    }

    /**
     * The backend's delay in a body, its digits the first group; JMeter's regex extractor reads it with this too. Only
     * a plain non-negative integer followed by the end of the value counts: "1734.5" or "17x" is a broken body, and
     * reporting a guessed delay would silently distort the added-latency figures.
     */
    public static final String DELAY_MS_REGEX = "\"delayMs\"\\s*:\\s*(\\d{1,18})\\s*[,}]";

    private static final Pattern DELAY_MS = Pattern.compile(DELAY_MS_REGEX);
    private static final Pattern DIGITS = Pattern.compile("\\d{1,18}");

    private static final Pattern ERROR = Pattern.compile("^\\s*\\{\\s*\"error\"\\s*:\\s*\"([^\"]*)\"");

    public Sample {
        // JMeter hands out nulls for missing messages; normalising here keeps every consumer null-free.
        responseCode = responseCode == null ? "" : responseCode;
        failureMessage = failureMessage == null ? "" : failureMessage;
    }

    /** Response time in ms from the actual send, as JMeter's "elapsed": the service time the target gave. */
    public long elapsedMillis() {
        return endMillis - startMillis;
    }

    /** Whether this request was an open load's arrival, due at a time of its own. */
    public boolean isScheduled() {
        return scheduledMillis != NOT_SCHEDULED;
    }

    /** When the request was due: an arrival's scheduled time, a closed loop's send. */
    public long intendedMillis() {
        return isScheduled() ? scheduledMillis : startMillis;
    }

    /**
     * How late the generator sent the request, in ms: 0 for a closed loop. Never negative: an arrival is handed over
     * only once due, and the sample's clock and the schedule's agree to the millisecond they are both truncated to.
     */
    public long lagMillis() {
        return Math.max(0, startMillis - intendedMillis());
    }

    /**
     * Response time in ms from when the request was due, what its user waited: the service time plus the generator's
     * lag, so a generator that fell behind (coordinated omission) still counts the wait it caused.
     */
    public long fromIntendedMillis() {
        return endMillis - Math.min(startMillis, intendedMillis());
    }

    public boolean hasBackendDelay() {
        return backendDelayMs >= 0;
    }

    /**
     * What a failed request's sample says: the {@code error} of an app's JSON error answer, which names why (a pool
     * timeout, an unavailable backend), else JMeter's own message.
     */
    public static String failureMessage(String jmeterMessage, String body) {
        Matcher matcher = ERROR.matcher(body == null ? "" : body);
        return matcher.find() ? matcher.group(1) : jmeterMessage;
    }

    /**
     * The backend's {@code delayMs} from a response body such as {@code {"delayMs":1734}}, tolerant of
     * whitespace and of other fields around it.
     *
     * @return the delay in ms, or {@link #NO_DELAY} when the body is null, lacks the field or it is not an integer
     */
    public static long parseBackendDelayMs(String body) {
        if (body == null) {
            return NO_DELAY;
        }
        Matcher matcher = DELAY_MS.matcher(body);
        return matcher.find() ? Long.parseLong(matcher.group(1)) : NO_DELAY;
    }

    /**
     * The delay as {@link #DELAY_MS_REGEX}'s first group gave it, e.g. from a JMeter variable.
     *
     * @return the delay in ms, or {@link #NO_DELAY} when it is null, empty or not plain digits
     */
    public static long backendDelayMs(String digits) {
        return digits != null && DIGITS.matcher(digits).matches() ? Long.parseLong(digits) : NO_DELAY;
    }
}
