package loadlab.loadtest.engine;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;

/**
 * RMI's sockets when they are not over SSL. JMeter then gives RMI no socket factory, and RMI's default listens on
 * every interface whatever {@code java.rmi.server.hostname} says: this one listens on the engine's one address.
 * (Over SSL, JMeter's own factory binds to that address already.)
 */
public final class AddressBoundSockets extends RMISocketFactory {

    /** Zero: the platform's default queue of pending connections, as RMI's own factory has. */
    private static final int DEFAULT_BACKLOG = 0;

    private final InetAddress address;

    AddressBoundSockets(InetAddress address) {
        this.address = address;
    }

    /**
     * Makes RMI's plain sockets in this JVM listen on this address only: an engine's, or a controller's for the
     * samples its engines send back. RMI takes one factory per JVM, so a second call must name the same address.
     */
    public static synchronized void install(InetAddress address) throws IOException {
        if (RMISocketFactory.getSocketFactory() instanceof AddressBoundSockets bound) {
            if (!bound.address.equals(address)) {
                throw new IOException("RMI's sockets listen on " + bound.address.getHostAddress() + " already, not on "
                        + address.getHostAddress());
            }
            return;
        }
        RMISocketFactory.setSocketFactory(new AddressBoundSockets(address));
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return new ServerSocket(port, DEFAULT_BACKLOG, address);
    }

    /** Calls out (to the controller, with samples) go wherever RMI says, as with RMI's default. */
    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new Socket(host, port);
    }
}
