package loadlab.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

/** A port on 127.0.0.1 with nothing listening, for an absent backend. */
public final class Ports {

    private Ports() {}

    /** A port nothing listens on now; by the time it is used, something else may (see {@link #reserve()}). */
    public static int unused() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A port nothing listens on until the reservation is closed. {@link #unused()} alone leaves a window: several
     * builds run on one machine, and the kernel may hand the same port to another process's server, which then
     * accepts the calls meant to be refused (once, such a server held them until the app's response timeout). A
     * socket bound to the port without listening keeps it: connections to it are refused, and no other socket can
     * bind it.
     */
    public static Reservation reserve() {
        try {
            Socket socket = new Socket();
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return new Reservation(socket);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A reserved port; close it just before starting the server that takes the port. */
    public static final class Reservation implements AutoCloseable {

        private final Socket socket;
        private final int port;

        private Reservation(Socket socket) {
            this.socket = socket;
            this.port = socket.getLocalPort();
        }

        public int port() {
            return port;
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
