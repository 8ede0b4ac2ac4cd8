package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class AcceptQueueTests {

    private static final int CLIENTS = 7;

    @Test
    void readsTheAcceptQueueOfTheListeningRowOfThePortOnly() {
        // 127.0.0.1:8083 listening with 0x2C (44) connections not yet accepted, a connection to it, another listener.
        String listening = "   0: 0100007F:1F93 00000000:0000 0A 00000000:0000002C 00:00000000 00000000  0  0 1 1";
        String accepted = "   1: 0100007F:1F93 0100007F:9C40 01 00000000:00000005 00:00000000 00000000  0  0 2 1";
        String otherPort = "   2: 0100007F:1F94 00000000:0000 0A 00000000:00000009 00:00000000 00000000  0  0 3 1";
        String header = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout";

        assertThat(AcceptQueue.listening(listening, 8083)).isEqualTo(OptionalInt.of(44));
        assertThat(AcceptQueue.listening(accepted, 8083)).isEmpty();
        assertThat(AcceptQueue.listening(otherPort, 8083)).isEmpty();
        assertThat(AcceptQueue.listening(header, 8083)).isEmpty();
    }

    @Test
    void readsAnIpv6SocketListeningOnTheIpv4MappedLoopback() {
        // [::ffff:127.0.0.1]:8083, as the apps bind, in tcp6 with 0x5B1 (1457) waiting.
        String mapped = "   0: 0000000000000000FFFF00000100007F:1F93 00000000000000000000000000000000:0000 0A "
                + "00000000:000005B1 00:00000000 00000000     0        0 4242 1 0000000000000000 100 0 0 10 0";

        assertThat(AcceptQueue.listening(mapped, 8083)).isEqualTo(OptionalInt.of(1457));
        assertThat(AcceptQueue.listening(mapped, 8084)).isEmpty();
    }

    @Test
    void sumsTheListenersOfThePortAcrossBothTablesAndIsEmptyWithoutOne(@org.junit.jupiter.api.io.TempDir Path dir)
            throws IOException {
        Path tcp = Files.writeString(
                dir.resolve("tcp"),
                "  sl  local_address rem_address   st tx_queue rx_queue\n"
                        + "   0: 0100007F:1F93 00000000:0000 0A 00000000:00000003 00:00000000 00000000  0  0 1 1\n");
        Path tcp6 = Files.writeString(
                dir.resolve("tcp6"),
                "  sl  local_address remote_address st tx_queue rx_queue\n"
                        + "   0: 0000000000000000FFFF00000100007F:1F93 00000000000000000000000000000000:0000 0A "
                        + "00000000:00000004 00:00000000 00000000 0 0 2 1\n");

        assertThat(AcceptQueue.length(8083, List.of(tcp, tcp6))).isEqualTo(OptionalInt.of(7));
        assertThat(AcceptQueue.length(8084, List.of(tcp, tcp6))).isEmpty();
        assertThat(AcceptQueue.length(8083, List.of(dir.resolve("absent")))).isEmpty();
    }

    @Test
    void countsTheConnectionsAServerHasNotAcceptedAndNoLongerThoseItHas() throws IOException {
        assumeTrue(Files.exists(ConnectionCount.TABLES.getFirst()), "Linux /proc only");
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            assertThat(AcceptQueue.length(port)).isEqualTo(OptionalInt.of(0));
            List<Socket> clients = new ArrayList<>();
            try {
                for (int i = 0; i < CLIENTS; i++) {
                    // The kernel completes the handshake itself: each connect returns although nothing accepts.
                    clients.add(new Socket(server.getInetAddress(), port));
                }
                assertThat(waitFor(port, CLIENTS)).isEqualTo(OptionalInt.of(CLIENTS));

                server.accept().close();
                server.accept().close();

                assertThat(waitFor(port, CLIENTS - 2)).isEqualTo(OptionalInt.of(CLIENTS - 2));
            } finally {
                for (Socket client : clients) {
                    client.close();
                }
            }
        }
    }

    /**
     * The queue once it reads {@code expected}, or its last reading: the server's side of a loopback handshake is
     * normally done when the client's connect returns, but nothing promises it.
     */
    static OptionalInt waitFor(int port, int expected) {
        OptionalInt length = AcceptQueue.length(port);
        for (int attempt = 0; attempt < 100 && !length.equals(OptionalInt.of(expected)); attempt++) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            length = AcceptQueue.length(port);
        }
        return length;
    }
}
