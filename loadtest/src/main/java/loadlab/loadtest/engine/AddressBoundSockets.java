package loadlab.loadtest.engine;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.rmi.server.RMISocketFactory;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Optional;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * Every RMI socket of this JVM, an engine's or a controller's: it listens on one address only (RMI's default would
 * listen on every interface whatever {@code java.rmi.server.hostname} says), and with a keystore it speaks TLS with
 * client authentication both ways, trusting the one key pair the keystore holds, so that only the hosts holding a
 * copy of it get in.
 *
 * <p>Why not JMeter's own SSL ({@code server.rmi.ssl.*}): its socket factories travel inside every RMI stub with the
 * keystore's path, and the other host opens that path on its own disk, so a controller could reach an engine only if
 * both kept the keystore at the same path; and each object it exports gets a factory of its own, which cannot share a
 * fixed port with the next. These sockets are this JVM's alone (stubs carry none), each host reads its own copy of the
 * keystore, and objects exported on one port share its listener. JMeter runs with its SSL off on both sides.
 */
public final class AddressBoundSockets extends RMISocketFactory {

    /** Zero: the platform's default queue of pending connections, as RMI's own factory has. */
    private static final int DEFAULT_BACKLOG = 0;

    /** The keystore {@code make keystore} writes, as JMeter's create-rmi-keystore does: its password. */
    private static final char[] KEYSTORE_PASSWORD = "changeit".toCharArray();

    private final InetAddress address;
    private final Optional<Path> keystore;
    private final Optional<SSLContext> tls;

    private AddressBoundSockets(InetAddress address, Optional<Path> keystore) throws IOException {
        this.address = address;
        this.keystore = keystore;
        this.tls = keystore.isEmpty() ? Optional.empty() : Optional.of(tls(keystore.get()));
    }

    /**
     * Makes RMI's sockets in this JVM listen on this address only, over TLS when a keystore is given: an engine's, or
     * a controller's for the samples its engines send back. RMI takes one factory per JVM, so a second call must name
     * the same address and keystore.
     */
    public static synchronized void install(InetAddress address, Optional<Path> keystore) throws IOException {
        if (RMISocketFactory.getSocketFactory() instanceof AddressBoundSockets bound) {
            if (!bound.address.equals(address) || !bound.keystore.equals(keystore)) {
                throw new IOException("RMI's sockets in this JVM are " + bound.describe() + " already, not "
                        + describe(address, keystore) + ": one JVM, one address and one keystore");
            }
            return;
        }
        RMISocketFactory.setSocketFactory(new AddressBoundSockets(address, keystore));
    }

    /** Plain RMI sockets on this address: loopback only, where TLS protects nothing. */
    public static void install(InetAddress address) throws IOException {
        install(address, Optional.empty());
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        if (tls.isEmpty()) {
            return new ServerSocket(port, DEFAULT_BACKLOG, address);
        }
        SSLServerSocket socket =
                (SSLServerSocket) tls.get().getServerSocketFactory().createServerSocket(port, DEFAULT_BACKLOG, address);
        // A caller without the key pair cannot send a plan, nor samples.
        socket.setNeedClientAuth(true);
        return socket;
    }

    /** Calls out (to an engine, or to the controller with samples) go wherever RMI says, as with RMI's default. */
    @Override
    public Socket createSocket(String host, int port) throws IOException {
        if (tls.isEmpty()) {
            return new Socket(host, port);
        }
        return tls.get().getSocketFactory().createSocket(host, port);
    }

    private String describe() {
        return describe(address, keystore);
    }

    private static String describe(InetAddress address, Optional<Path> keystore) {
        return "on " + address.getHostAddress()
                + keystore.map(file -> " over TLS with " + file).orElse(" without TLS");
    }

    /** The keystore's one key pair as this side's identity, and as the only peer it trusts. */
    private static SSLContext tls(Path keystore) throws IOException {
        try (InputStream in = Files.newInputStream(keystore)) {
            KeyStore store = KeyStore.getInstance("JKS");
            store.load(in, KEYSTORE_PASSWORD);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, KEYSTORE_PASSWORD);
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read " + keystore + " as the RMI keystore: " + e.getMessage(), e);
        }
    }
}
