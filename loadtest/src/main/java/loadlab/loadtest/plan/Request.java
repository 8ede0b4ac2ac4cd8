package loadlab.loadtest.plan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each request of a load asks an app for, and so how long it keeps the backend busy: a proxied call
 * ({@code /}), N concurrent calls ({@code /fanout?n=N}, done when the slowest is), W µs of CPU work then a call
 * ({@code /cpu?micros=W}), or one query to the database ({@code /db}). The direct row asks the backend itself: slow-server
 * for {@code /}, PostgreSQL for the query.
 *
 * @param path    the path and query sent, e.g. {@code /fanout?n=4}
 * @param calls   backend calls per request, at once
 * @param micros  CPU work per request before its call
 */
public record Request(String path, int calls, long micros) {

    /** The apps' limits ({@code loadlab.workload.Fanout#MAX_CALLS}, {@code CpuWork#MAX_MICROS}); a test holds them. */
    public static final int MAX_CALLS = 16;

    public static final long MAX_MICROS = 1_000_000;

    public static final Request PROXY = new Request("/", 1, 0);

    /**
     * One query to the lab's PostgreSQL through the app's connection pool; its time in flight is the query's sleep,
     * drawn as slow-server's delay is, and the direct row runs the same query straight from the load generator.
     */
    public static final Request DATABASE = new Request("/db", 1, 0);

    private static final Pattern FANOUT = Pattern.compile("/fanout\\?n=(\\d{1,6})");
    private static final Pattern CPU = Pattern.compile("/cpu\\?micros=(\\d{1,9})");

    /** Parses a path the apps serve; a bad one is one line naming it and the limits. */
    public static Request parse(String path) {
        if (path.equals("/")) {
            return PROXY;
        }
        if (path.equals(DATABASE.path())) {
            return DATABASE;
        }
        Matcher fanout = FANOUT.matcher(path);
        if (fanout.matches()) {
            int n = Integer.parseInt(fanout.group(1));
            if (n < 1 || n > MAX_CALLS) {
                throw new IllegalArgumentException(
                        "'" + path + "' asks for n=" + n + " calls; the apps take 1.." + MAX_CALLS);
            }
            return new Request(path, n, 0);
        }
        Matcher cpu = CPU.matcher(path);
        if (cpu.matches()) {
            long micros = Long.parseLong(cpu.group(1));
            if (micros > MAX_MICROS) {
                throw new IllegalArgumentException(
                        "'" + path + "' asks for micros=" + micros + " of CPU work; the apps take 0.." + MAX_MICROS);
            }
            return new Request(path, 1, micros);
        }
        throw new IllegalArgumentException("'" + path + "' is not a request the apps serve: /, /fanout?n=<1.."
                + MAX_CALLS + ">, /cpu?micros=<0.." + MAX_MICROS + ">, /db");
    }

    /**
     * How long a request is in flight on average, the D of Little's law: the slowest of its calls, whose mean for N
     * delays uniform over [min, max] is min + (max − min) × N / (N + 1), plus its CPU work when the CPU is free.
     */
    public double meanMillis(Backend backend) {
        double span = backend.maxDelayMs() - backend.minDelayMs();
        return backend.minDelayMs() + span * calls / (calls + 1.0) + micros / 1000.0;
    }

    public boolean isProxy() {
        return this.equals(PROXY);
    }

    /** Whether the request goes to the database (db-server) rather than to slow-server. */
    public boolean usesDatabase() {
        return this.equals(DATABASE);
    }
}
