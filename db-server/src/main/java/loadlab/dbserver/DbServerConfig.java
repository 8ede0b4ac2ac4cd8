package loadlab.dbserver;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What db-server is asked to do. Every violation is an {@link IllegalArgumentException} whose message is one line
 * naming the option and the value as written, so {@code main} can print it as is and tests can check it without
 * starting a process.
 */
public record DbServerConfig(int port, String bind, int minDelayMs, int maxDelayMs, int maxConnections) {

    /** PostgreSQL's own default port. */
    public static final int DEFAULT_PORT = 5432;

    public static final String DEFAULT_BIND = "127.0.0.1";
    public static final int DEFAULT_MIN_DELAY_MS = 0;
    public static final int DEFAULT_MAX_DELAY_MS = 4000;

    /**
     * Above the largest pool the lab uses (the sweep goes to 100), so the database never caps a pool by
     * accident; the runner refuses a pool larger than this.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 200;

    /** A server process each: beyond this the machine, not the database, is what is measured. */
    public static final int MOST_CONNECTIONS = 10_000;

    /** Like slow-server's bound: a delay longer than an hour is a typo. */
    public static final int LONGEST_DELAY_MS = 3_600_000;

    private static final List<String> OPTIONS =
            List.of("--port", "--bind", "--min-delay-ms", "--max-delay-ms", "--max-connections");

    public DbServerConfig {
        checkPort(port);
        checkLoopback(bind);
        checkDelay("--min-delay-ms", minDelayMs);
        checkDelay("--max-delay-ms", maxDelayMs);
        checkDelayRange(minDelayMs, maxDelayMs);
        checkMaxConnections(maxConnections);
    }

    /** Parses {@code --key=value} arguments; an option not given keeps its default. */
    public static DbServerConfig parse(String... args) {
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
        return new DbServerConfig(
                (int) checkPort(wholeNumber("--port", given.getOrDefault("--port", "" + DEFAULT_PORT))),
                given.getOrDefault("--bind", DEFAULT_BIND),
                delay(given, "--min-delay-ms", DEFAULT_MIN_DELAY_MS),
                delay(given, "--max-delay-ms", DEFAULT_MAX_DELAY_MS),
                (int) checkMaxConnections(wholeNumber(
                        "--max-connections", given.getOrDefault("--max-connections", "" + DEFAULT_MAX_CONNECTIONS))));
    }

    /** The start-up line's summary, e.g. {@code max_connections 200, delay uniform 0..4000 ms}. */
    public String describe() {
        return "max_connections " + maxConnections + ", delay uniform " + minDelayMs + ".." + maxDelayMs + " ms";
    }

    /** Checks a delay range given at run time (the test fixture changes it) with the options' messages. */
    static void checkDelayRange(int minDelayMs, int maxDelayMs) {
        checkDelay("--min-delay-ms", minDelayMs);
        checkDelay("--max-delay-ms", maxDelayMs);
        if (minDelayMs > maxDelayMs) {
            throw new IllegalArgumentException(
                    "--min-delay-ms=" + minDelayMs + " is greater than --max-delay-ms=" + maxDelayMs);
        }
    }

    /**
     * The lab's traffic stays on loopback: an IPv4 literal in 127.0.0.0/8 or {@code ::1}. Literals only, so that
     * checking never asks a resolver, and the JDBC URL names exactly the address PostgreSQL listens on.
     */
    private static void checkLoopback(String bind) {
        String shown = bind == null ? "" : oneLine(bind);
        if (bind == null || bind.isBlank()) {
            throw new IllegalArgumentException("--bind=" + shown + " must name a loopback address");
        }
        if (bind.equals("::1") || isIpv4Loopback(bind)) {
            return;
        }
        throw new IllegalArgumentException(
                "--bind=" + shown + " is not a loopback address (127.0.0.0/8 or ::1): the lab stays on loopback");
    }

    private static boolean isIpv4Loopback(String text) {
        String[] octets = text.split("\\.", -1);
        if (octets.length != 4) {
            return false;
        }
        for (String octet : octets) {
            if (!octet.matches("[0-9]{1,3}") || Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return Integer.parseInt(octets[0]) == 127;
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

    private static long checkMaxConnections(long maxConnections) {
        if (maxConnections < 1 || maxConnections > MOST_CONNECTIONS) {
            throw new IllegalArgumentException(
                    "--max-connections=" + maxConnections + " is out of range (1.." + MOST_CONNECTIONS + ")");
        }
        return maxConnections;
    }

    // The message must stay one line even when an argument smuggles in a line break.
    private static String oneLine(String text) {
        return text.replace("\r", "\\r").replace("\n", "\\n");
    }
}
