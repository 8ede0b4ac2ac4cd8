package loadlab.loadtest.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.ConnectionFigures;

/**
 * Counts the TCP connections clients open to one port of this machine while it runs, by reading the kernel's socket
 * tables ({@code /proc/net/tcp} and {@code tcp6}, what {@code ss} reads) every {@link #EVERY}: a connection is a
 * client endpoint and the port's endpoint, seen from either side (the target's accepted socket when the target runs
 * here, the client's when the generator does), counted once from the reading it first appears in.
 * <p>
 * A closed connection lingers in TIME_WAIT for a minute on whichever side closed first, so even one that lived for a
 * millisecond is seen by a reading; only one reset (no TIME_WAIT) between two readings is missed. Connections open
 * when counting starts are not counted as opened. Every client of the port counts, the lab's own health checks
 * included (one kept-alive connection each).
 */
public final class ConnectionCount implements AutoCloseable {

    /** How often the tables are read: cheap next to a load, and far shorter than TIME_WAIT. */
    static final Duration EVERY = Duration.ofMillis(200);

    static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final String LISTEN = "0A";
    private static final String ESTABLISHED = "01";

    private final int port;
    private final List<Path> tables;
    private final ScheduledExecutorService reader;
    private Set<String> previous;
    private int opened;
    private int peakOpen;
    private Optional<String> problem = Optional.empty();

    private ConnectionCount(int port, List<Path> tables, Duration every) {
        this.port = port;
        this.tables = tables;
        this.previous = read().keySet();
        this.reader = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "loadlab-connections-" + port);
            thread.setDaemon(true);
            return thread;
        });
        reader.scheduleWithFixedDelay(this::reading, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts counting the connections to this port from now. */
    public static ConnectionCount start(int port) {
        return new ConnectionCount(port, TABLES, EVERY);
    }

    static ConnectionCount start(int port, List<Path> tables, Duration every) {
        return new ConnectionCount(port, tables, every);
    }

    /** Stops counting, after a last reading, and says what was counted. */
    public ConnectionFigures stop() {
        reader.shutdownNow();
        try {
            reader.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        reading();
        return figures();
    }

    /** Why a reading failed, once one has: the figures then cover the span up to it. */
    public synchronized Optional<String> problem() {
        return problem;
    }

    synchronized ConnectionFigures figures() {
        return new ConnectionFigures(opened, peakOpen);
    }

    private synchronized void reading() {
        if (problem.isPresent()) {
            return;
        }
        try {
            Map<String, String> now = read();
            for (String connection : now.keySet()) {
                if (!previous.contains(connection)) {
                    opened++;
                }
            }
            peakOpen = Math.max(peakOpen, (int)
                    now.values().stream().filter(ESTABLISHED::equals).count());
            previous = now.keySet();
        } catch (UncheckedIOException e) {
            problem = Optional.of(String.valueOf(e.getCause().getMessage()));
        }
    }

    /** Every connection to the port in the tables now, by its two endpoints, with its state seen from either side. */
    private Map<String, String> read() {
        Map<String, String> connections = new HashMap<>();
        for (Path table : tables) {
            if (!Files.exists(table)) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(table)) {
                    connection(line, port).ifPresent(c -> connections.merge(c.key(), c.state(), (a, b) -> a));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return connections;
    }

    /** One socket of a connection to the port: its endpoints, client first, and its state. */
    record Socket(String key, String state) {}

    /** The socket of a table line when it is one end of a connection to the port; empty for a listener or another. */
    static Optional<Socket> connection(String line, int port) {
        String[] fields = line.trim().split("\\s+");
        if (fields.length < 4 || !fields[0].endsWith(":") || LISTEN.equals(fields[3])) {
            return Optional.empty();
        }
        String local = endpoint(fields[1]);
        String remote = endpoint(fields[2]);
        boolean server = local.endsWith(":" + port);
        boolean client = remote.endsWith(":" + port);
        if (server == client) {
            return Optional.empty();
        }
        return Optional.of(new Socket(server ? remote + ">" + local : local + ">" + remote, fields[3]));
    }

    /**
     * A table's {@code hex-address:hex-port} as {@code address:port}: the address in 32-bit words of host byte order
     * (little-endian here), an IPv4 client of an IPv6 socket written as IPv4, so both ends of a connection agree.
     */
    static String endpoint(String hex) {
        int colon = hex.indexOf(':');
        String address = hex.substring(0, colon);
        byte[] bytes = new byte[address.length() / 2];
        for (int word = 0; word < bytes.length / 4; word++) {
            for (int i = 0; i < 4; i++) {
                int at = word * 8 + (3 - i) * 2;
                bytes[word * 4 + i] = (byte) Integer.parseInt(address.substring(at, at + 2), 16);
            }
        }
        try {
            return InetAddress.getByAddress(bytes).getHostAddress() + ":"
                    + Integer.parseInt(hex.substring(colon + 1), 16);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address: " + hex, e);
        }
    }

    @Override
    public void close() {
        reader.shutdownNow();
    }
}
