package loadlab.slowserver;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * What slow-server is asked to do. Every violation is an {@link IllegalArgumentException} whose message is
 * one line naming the option and the value as written, so {@code main} can print it as is and tests can
 * check it without starting a process.
 */
public record SlowServerConfig(
        int port, String bind, int minDelayMs, int maxDelayMs, OptionalLong seed, Schedule schedule, int hangMs) {

    public static final int DEFAULT_PORT = 8000;
    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_MIN_DELAY_MS = 0;
    public static final int DEFAULT_MAX_DELAY_MS = 4000;

    /**
     * How long a {@code hang} fault holds a request before resetting its connection: past the apps' 20 s backend
     * timeout and the load generator's 10 s, so to them it never answers, but not much longer. Jetty does not see a
     * client give up on a suspended request, so each hung request keeps its socket (and ~10 KB of heap) for this
     * long: a phase holds about rate x hang share x this many extra sockets, and they count against the open-files
     * limit.
     */
    public static final int DEFAULT_HANG_MS = 30_000;

    /**
     * Jetty abandons a suspended request after WireMock's async timeout; {@link SlowServer} raises that
     * timeout above the longest delay, and this bound keeps that sum far from int overflow.
     */
    public static final int LONGEST_DELAY_MS = 3_600_000;

    private static final List<String> OPTIONS =
            List.of("--port", "--bind", "--min-delay-ms", "--max-delay-ms", "--seed", "--schedule", "--hang-ms");

    public SlowServerConfig {
        checkPort(port);
        if (bind == null || bind.isBlank()) {
            throw new IllegalArgumentException(
                    "--bind=" + (bind == null ? "" : oneLine(bind)) + " must name an address");
        }
        checkDelay("--min-delay-ms", minDelayMs);
        checkDelay("--max-delay-ms", maxDelayMs);
        if (minDelayMs > maxDelayMs) {
            throw new IllegalArgumentException(
                    "--min-delay-ms=" + minDelayMs + " is greater than --max-delay-ms=" + maxDelayMs);
        }
        if (seed == null) {
            seed = OptionalLong.empty();
        }
        if (schedule == null) {
            schedule = Schedule.NONE;
        }
        checkDelay("--hang-ms", hangMs);
        if (hangMs == 0) {
            throw new IllegalArgumentException("--hang-ms=0 must be more than zero");
        }
    }

    /** No schedule: the same delay range from start to end. */
    public SlowServerConfig(int port, String bind, int minDelayMs, int maxDelayMs, OptionalLong seed) {
        this(port, bind, minDelayMs, maxDelayMs, seed, Schedule.NONE, DEFAULT_HANG_MS);
    }

    /** Parses {@code --key=value} arguments; an option not given keeps its default. */
    public static SlowServerConfig parse(String... args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            int equals = arg.indexOf('=');
            String key = equals < 0 ? arg : arg.substring(0, equals);
            if (!OPTIONS.contains(key)) {
                throw new IllegalArgumentException(
                        "unknown option " + oneLine(arg) + " (known: " + String.join(", ", OPTIONS) + ")");
            }
            if (equals < 0) {
                throw new IllegalArgumentException(key + " needs a value, written " + key + "=<value>");
            }
            if (given.put(key, arg.substring(equals + 1)) != null) {
                throw new IllegalArgumentException(key + " is given more than once");
            }
        }
        String seed = given.get("--seed");
        return new SlowServerConfig(
                (int) checkPort(wholeNumber("--port", given.getOrDefault("--port", "" + DEFAULT_PORT))),
                given.getOrDefault("--bind", DEFAULT_BIND),
                delay(given, "--min-delay-ms", DEFAULT_MIN_DELAY_MS),
                delay(given, "--max-delay-ms", DEFAULT_MAX_DELAY_MS),
                seed == null ? OptionalLong.empty() : OptionalLong.of(wholeNumber("--seed", seed)),
                Schedule.parse(given.getOrDefault("--schedule", "")),
                delay(given, "--hang-ms", DEFAULT_HANG_MS));
    }

    /**
     * The start-up line's summary, e.g. {@code delay uniform 0..4000 ms, seed none}, followed by the schedule and
     * the hang time when there is a schedule.
     */
    public String describeDelays() {
        String delays = "delay uniform " + minDelayMs + ".." + maxDelayMs + " ms, seed "
                + (seed.isPresent() ? Long.toString(seed.getAsLong()) : "none");
        if (schedule.isEmpty()) {
            return delays;
        }
        return delays + ", schedule " + schedule.spec() + " from POST " + ScheduleAdminApi.START_PATH
                + (schedule.hangs() ? ", hang " + hangMs + " ms" : "");
    }

    /**
     * The longest a request can wait for its answer (or its reset): the longest delay of the base range or of any
     * phase, or the hang time when a phase hangs. WireMock's async timeout must exceed it.
     */
    public int longestAnswerMs() {
        return Math.max(Math.max(maxDelayMs, schedule.longestDelayMs()), schedule.hangs() ? hangMs : 0);
    }

    private static int delay(Map<String, String> given, String key, int defaultValue) {
        return (int) checkDelay(key, wholeNumber(key, given.getOrDefault(key, "" + defaultValue)));
    }

    private static long wholeNumber(String key, String text) {
        if (!text.matches("[+-]?[0-9]+")) {
            throw new IllegalArgumentException(key + "=" + oneLine(text) + " is not a whole number");
        }
        BigInteger value = new BigInteger(text);
        if (value.bitLength() > 63) {
            throw new IllegalArgumentException(key + "=" + text + " is out of range");
        }
        return value.longValue();
    }

    private static long checkPort(long port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port=" + port + " is out of range (0..65535, 0 picks a free port)");
        }
        return port;
    }

    private static long checkDelay(String key, long delayMs) {
        if (delayMs < 0) {
            throw new IllegalArgumentException(key + "=" + delayMs + " must not be negative");
        }
        if (delayMs > LONGEST_DELAY_MS) {
            throw new IllegalArgumentException(
                    key + "=" + delayMs + " is more than " + LONGEST_DELAY_MS + " (one hour)");
        }
        return delayMs;
    }

    // The message must stay one line even when an argument smuggles in a line break.
    static String oneLine(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
