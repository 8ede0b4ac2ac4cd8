package loadlab.loadtest.engine;

import java.io.Serial;
import java.io.Serializable;
import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * What an engine's own JVM is using, read by its controller once a second during a load: with the load on remote
 * engines, the runner's JVM only collects samples, and only the engines can say whether they, not the target, were
 * the limit. Bound in the engine's RMI registry as {@link #NAME}, beside JMeter's {@code JMeterEngine}, and exported
 * on the same port and sockets ({@link AddressBoundSockets}), so it opens no port of its own and is TLS wherever the
 * engine is.
 *
 * <p>Read-only by design: its one call takes no argument, so nothing a caller sends is deserialised for it, and its
 * answer is numbers only.
 */
public interface EngineFigures extends Remote {

    /** The name in the engine's registry; an engine that predates it has none, and its controller does without. */
    String NAME = "loadlab.EngineFigures";

    /** The engine JVM's figures now. */
    Reading read() throws RemoteException;

    /**
     * One reading of the engine's JVM, on the engine's clock (the clock that stamps its samples, which the
     * measurement window is laid over).
     *
     * @param atMillis           when it was taken, epoch millis
     * @param cpuNanos           the process's CPU time so far (user + system), a cumulative counter
     * @param threads            live OS threads of the process (JMeter's one per user, and the JVM's own); the JVM's
     *                           live thread count where there is no {@code /proc}
     * @param heapUsedBytes      heap in use now
     * @param heapCommittedBytes heap the JVM holds from the OS now
     * @param heapMaxBytes       the most heap it may grow to; -1 when undefined
     * @param rssKb              resident set size now, KiB ({@code VmRSS}); -1 where there is no {@code /proc}
     * @param processors         the processors this JVM may run on (its CPU affinity: a {@code taskset} counts)
     */
    record Reading(
            long atMillis,
            long cpuNanos,
            int threads,
            long heapUsedBytes,
            long heapCommittedBytes,
            long heapMaxBytes,
            long rssKb,
            int processors)
            implements Serializable {

        @Serial
        private static final long serialVersionUID = 1L;
    }
}
