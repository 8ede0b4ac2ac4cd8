package loadlab.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A port on 127.0.0.1 that listens but never accepts, with its accept queue full: the kernel drops every new
 * connection's SYN, so a caller's connect hangs until its own connect timeout (a refused connection would fail at
 * once instead). The queue is filled here and the filling proven: a last connect of its own timed out.
 */
public final class NotAccepting implements AutoCloseable {

    private static final int FILL_CONNECT_TIMEOUT_MS = 200;
    private static final int MOST_FILLERS = 16;

    private final ServerSocket server;
    private final List<Socket> fillers = new ArrayList<>();

    private NotAccepting(int port) throws IOException {
        // Backlog 1: Linux queues backlog + 1 finished handshakes, so two connections fill it.
        server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress());
        for (int i = 0; i < MOST_FILLERS; i++) {
            Socket filler = new Socket();
            try {
                filler.connect(server.getLocalSocketAddress(), FILL_CONNECT_TIMEOUT_MS);
                fillers.add(filler);
            } catch (SocketTimeoutException full) {
                filler.close();
                return;
            }
        }
        close();
        throw new IllegalStateException("the accept queue took " + MOST_FILLERS + " connections and is still not full");
    }

    /** On a free port. */
    public static NotAccepting start() {
        return startOn(0);
    }

    /** On the given port, e.g. one an app was already told about. */
    public static NotAccepting startOn(int port) {
        try {
            return new NotAccepting(port);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    @Override
    public void close() {
        try {
            for (Socket filler : fillers) {
                filler.close();
            }
            server.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
