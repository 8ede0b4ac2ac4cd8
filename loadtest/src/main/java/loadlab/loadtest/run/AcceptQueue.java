package loadlab.loadtest.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * How many connections to a port of this machine the kernel has completed but the server has not yet accepted: the
 * accept queue of its listening socket, read from the kernel's socket tables ({@code /proc/net/tcp} and {@code tcp6},
 * the LISTEN row's {@code rx_queue}, which {@code ss} shows as the listener's Recv-Q). A client whose connection waits
 * there has connected as far as it can tell and sent its request, which nobody reads until the server accepts. A
 * server that accepts on a thread of its own keeps this near zero; one that accepts on event loops also busy with
 * requests lets it grow while they are saturated.
 * <p>
 * Both tables are read: a server bound to {@code 127.0.0.1} through an IPv6 socket is listed in {@code tcp6} with the
 * IPv4-mapped address {@code ::ffff:127.0.0.1}.
 */
final class AcceptQueue {

    private static final String LISTEN = "0A";

    private AcceptQueue() {}

    /** The port's accept queue now; empty when nothing listens on it here (or there is no {@code /proc}). */
    static OptionalInt length(int port) {
        return length(port, ConnectionCount.TABLES);
    }

    static OptionalInt length(int port, List<Path> tables) {
        boolean listening = false;
        int waiting = 0;
        for (Path table : tables) {
            if (!Files.exists(table)) {
                continue;
            }
            List<String> lines;
            try {
                lines = Files.readAllLines(table);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (String line : lines) {
                OptionalInt queued = listening(line, port);
                if (queued.isPresent()) {
                    // Several listeners on one port (SO_REUSEPORT, or one per address family) each have a queue.
                    listening = true;
                    waiting += queued.getAsInt();
                }
            }
        }
        return listening ? OptionalInt.of(waiting) : OptionalInt.empty();
    }

    /**
     * The accept queue of a table line when it is a socket listening on the port; empty for any other line (a
     * connection, another port, the header).
     */
    static OptionalInt listening(String line, int port) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 5 || !fields[0].endsWith(":") || !LISTEN.equals(fields[3])) {
            return OptionalInt.empty();
        }
        String local = fields[1];
        int colon = local.lastIndexOf(':');
        if (colon < 0 || Integer.parseInt(local.substring(colon + 1), 16) != port) {
            return OptionalInt.empty();
        }
        // tx_queue:rx_queue in hex; for a listener the kernel gives its accept queue's length as rx_queue.
        String queues = fields[4];
        return OptionalInt.of(Integer.parseInt(queues.substring(queues.indexOf(':') + 1), 16));
    }
}
