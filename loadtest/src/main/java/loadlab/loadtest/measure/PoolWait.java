package loadlab.loadtest.measure;

import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Where a database request waited, over the measurement window: the target's connection pool, read once a second
 * (the apps' {@code hikaricp.connections.*} or {@code r2dbc.pool.*} gauges through Actuator, the direct row's own
 * Hikari pool in the load generator). The same two gauges for every target, so the figures compare across models.
 *
 * @param client      the database client it ran, from the jars themselves, e.g. {@code pgjdbc 42.7.11, HikariCP 7.0.2}
 * @param size        the pool's connections
 * @param meanPending requests waiting for a connection, on average over the window's readings
 * @param maxPending  the most waiting at one reading
 * @param meanInUse   connections lent out, on average: at the pool's size, the pool is the bottleneck
 * @param meanWaitMs  the mean wait for a connection by Little's law: mean pending / requests per second; empty when
 *     no request completed
 */
public record PoolWait(
        String client,
        int size,
        OptionalDouble meanPending,
        OptionalInt maxPending,
        OptionalDouble meanInUse,
        OptionalDouble meanWaitMs) {

    /** Its probe's place among a point's figures and in the data file. */
    public static final ProbeFigures.Key<PoolWait> KEY = new ProbeFigures.Key<>("poolWait", PoolWait.class);

    /** One reading of the pool's two gauges. */
    public record Reading(long atMillis, int pending, int inUse) {}

    /**
     * The figures of the readings inside the window.
     *
     * @param requestsPerSecond the target's throughput in the window, every completed request (a pool timeout also
     *     waited its turn)
     */
    public static PoolWait of(
            String client, int size, List<Reading> readings, MeasurementWindow window, double requestsPerSecond) {
        List<Reading> inside = readings.stream()
                .filter(r -> r.atMillis() >= window.startMillis() && r.atMillis() < window.endMillis())
                .toList();
        if (inside.isEmpty()) {
            return new PoolWait(
                    client,
                    size,
                    OptionalDouble.empty(),
                    OptionalInt.empty(),
                    OptionalDouble.empty(),
                    OptionalDouble.empty());
        }
        double pending = inside.stream().mapToInt(Reading::pending).average().orElseThrow();
        return new PoolWait(
                client,
                size,
                OptionalDouble.of(pending),
                inside.stream().mapToInt(Reading::pending).max(),
                inside.stream().mapToInt(Reading::inUse).average(),
                requestsPerSecond > 0 ? OptionalDouble.of(1000 * pending / requestsPerSecond) : OptionalDouble.empty());
    }
}
