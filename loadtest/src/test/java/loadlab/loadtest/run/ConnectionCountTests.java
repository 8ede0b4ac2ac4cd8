package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.ConnectionFigures;
import org.junit.jupiter.api.Test;

class ConnectionCountTests {

    @Test
    void readsBothEndsOfAConnectionAsOneClientFirst() {
        // 127.0.0.1:8080 listening, accepting from 127.0.0.1:40000, and the client's own socket, in /proc's words.
        String listening = "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0  0 1 1";
        String accepted = "   1: 0100007F:1F90 0100007F:9C40 01 00000000:00000000 00:00000000 00000000  0  0 2 1";
        String client = "   2: 0100007F:9C40 0100007F:1F90 06 00000000:00000000 03:00000F9E 00000000  0  0 0 3";
        String other = "   3: 0100007F:1F91 0100007F:9C41 01 00000000:00000000 00:00000000 00000000  0  0 3 1";

        assertThat(ConnectionCount.connection(listening, 8080)).isEmpty();
        assertThat(ConnectionCount.connection(other, 8080)).isEmpty();
        assertThat(ConnectionCount.connection(accepted, 8080).orElseThrow())
                .isEqualTo(new ConnectionCount.Socket("127.0.0.1:40000>127.0.0.1:8080", "01"));
        assertThat(ConnectionCount.connection(client, 8080).orElseThrow().key())
                .isEqualTo("127.0.0.1:40000>127.0.0.1:8080");
    }

    @Test
    void anIpv4ClientOfAnIpv6ListenerIsWrittenAsIpv4() {
        assertThat(ConnectionCount.endpoint("0000000000000000FFFF00000100007F:1F90"))
                .isEqualTo("127.0.0.1:8080");
        assertThat(ConnectionCount.endpoint("00000000000000000000000001000000:0050"))
                .isEqualTo("0:0:0:0:0:0:0:1:80");
    }

    @Test
    void countsTheConnectionsOpenedWhileItRunsWhicheverSideClosedThem() throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket before = new Socket(server.getInetAddress(), server.getLocalPort());
                Socket acceptedBefore = server.accept()) {
            ConnectionCount count = ConnectionCount.start(server.getLocalPort());
            List<Socket> clients = new ArrayList<>();
            List<Socket> accepted = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                clients.add(new Socket(server.getInetAddress(), server.getLocalPort()));
                accepted.add(server.accept());
            }
            Thread.sleep(3 * ConnectionCount.EVERY.toMillis());
            // One closed by its client, one by the server, one left open.
            clients.get(0).close();
            accepted.get(0).close();
            accepted.get(1).close();
            clients.get(1).close();

            ConnectionFigures figures = count.stop();

            // The connection open before counting started is no new one.
            assertThat(figures.opened()).isEqualTo(3);
            assertThat(figures.peakOpen()).isEqualTo(4);
            assertThat(figures.perRequest(6)).isEqualTo(0.5);
            assertThat(count.problem()).isEmpty();
            for (Socket socket : clients) {
                socket.close();
            }
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }

    @Test
    void aConnectionThatLivedBetweenTwoReadingsIsStillCounted() throws IOException {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // Readings far apart: only the last one, at stop, can see it, in TIME_WAIT.
            ConnectionCount count =
                    ConnectionCount.start(server.getLocalPort(), ConnectionCount.TABLES, Duration.ofHours(1));
            Socket client = new Socket(server.getInetAddress(), server.getLocalPort());
            Socket accepted = server.accept();
            // The client closes first: its end lingers in TIME_WAIT. (A reset, which lingers nowhere, would be missed.)
            client.close();
            accepted.close();

            assertThat(count.stop().opened()).isEqualTo(1);
        }
    }
}
