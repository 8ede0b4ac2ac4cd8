package loadlab.loadtest.measure;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.regex.Pattern;

/**
 * Why a request failed, coarse enough to compare models: a timeout means the model was too slow, a
 * connection error means it refused or dropped work, a non-2xx means it answered with an error.
 */
public enum ErrorClass {
    /** Connect or read timed out. */
    TIMEOUT("timeout", "timeouts"),
    /** Refused, reset or closed connection. */
    CONNECTION("connection", "connection errors (refused, reset or closed)"),
    /** An HTTP response with a status outside 2xx. */
    NON_2XX("non-2xx", "non-2xx answers"),
    /** A 2xx response whose body did not carry the backend's delayMs. */
    BAD_BODY("bad body", "2xx answers without the backend's delay"),
    /** Anything else, e.g. a 2xx that JMeter still failed, or an unrecognised transport failure. */
    OTHER("other", "other failures"),
    /**
     * A database request whose pool had no free connection within the acquire timeout: the apps' (and the direct
     * row's) {@code 503 {"error":"pool timeout: ..."}}. Its own class, since it is where a starved pool fails, apart
     * from the users' own timeouts; last, so that older data files keep their columns.
     */
    POOL_TIMEOUT("pool timeout", "pool timeouts (no free connection within the acquire timeout)");

    /** How the apps' error for a starved pool begins (loadlab.workload.Database#POOL_TIMEOUT). */
    public static final String POOL_TIMEOUT_ERROR = "pool timeout";

    private static final Pattern HTTP_STATUS = Pattern.compile("\\d{3}");

    // Checked before the connection patterns: ConnectTimeoutException is a timeout, not a refusal, and a
    // "SocketTimeoutException" must not fall into the broader "SocketException" family.
    private static final List<String> TIMEOUT_MARKERS =
            List.of("sockettimeoutexception", "connecttimeoutexception", "timed out", "timeoutexception");

    private static final List<String> CONNECTION_MARKERS = List.of(
            "connectexception", // also matches Apache's HttpHostConnectException
            "connection refused",
            "connection reset",
            "connection closed",
            "connectionclosedexception",
            "nohttpresponseexception",
            "failed to respond",
            "broken pipe",
            "socketexception",
            "socket closed",
            "closedchannelexception",
            "unexpected end of file");

    private final String label;
    private final String plural;

    ErrorClass(String label, String plural) {
        this.label = label;
        this.plural = plural;
    }

    /** {@code timeout 3, non-2xx 1}: only the classes that occurred, or {@code 0}. */
    public static String summary(Map<ErrorClass, Integer> counts) {
        StringJoiner joined = new StringJoiner(", ");
        counts.forEach((errorClass, count) -> {
            if (count > 0) {
                joined.add(errorClass.label() + " " + count);
            }
        });
        return joined.length() == 0 ? "0" : joined.toString();
    }

    /** What a count of this class is called in a sentence, e.g. {@code 3 non-2xx answers}. */
    public String plural() {
        return plural;
    }

    /** Short lower-case name for reports, e.g. {@code non-2xx}. */
    public String label() {
        return label;
    }

    /**
     * The error class of a sample, or empty for a good sample: JMeter says success, the status is 2xx and the
     * body named the backend's delay. A sample counts as an error if and only if this is non-empty.
     */
    public static Optional<ErrorClass> classify(Sample sample) {
        String code = sample.responseCode().trim();
        if (HTTP_STATUS.matcher(code).matches()) {
            if (code.equals("503") && sample.failureMessage().startsWith(POOL_TIMEOUT_ERROR)) {
                return Optional.of(POOL_TIMEOUT);
            }
            if (code.charAt(0) != '2') {
                return Optional.of(NON_2XX);
            }
            if (!sample.hasBackendDelay()) {
                return Optional.of(BAD_BODY);
            }
            return sample.success() ? Optional.empty() : Optional.of(OTHER);
        }
        // No HTTP status: a transport failure. JMeter puts the exception class in the code and its message in
        // the response message, so look at both.
        String text = (code + " " + sample.failureMessage()).toLowerCase(Locale.ROOT);
        if (containsAny(text, TIMEOUT_MARKERS)) {
            return Optional.of(TIMEOUT);
        }
        if (containsAny(text, CONNECTION_MARKERS)) {
            return Optional.of(CONNECTION);
        }
        return Optional.of(OTHER);
    }

    private static boolean containsAny(String text, List<String> markers) {
        return markers.stream().anyMatch(text::contains);
    }
}
