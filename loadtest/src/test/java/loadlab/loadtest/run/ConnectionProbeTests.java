package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The connection probe counts the clients' connections to the target's port inside the window, and only there. */
class ConnectionProbeTests {

    private static Probed target(Probed.Reach reach, OptionalInt port, Duration window) {
        return new Probed(Target.DIRECT, "direct", reach, window, Optional.empty(), line -> {}, port);
    }

    private static Probed.Local here() {
        return new Probed.Local(ProcessHandle.current().pid(), List.of(), Path.of("none.jfr"));
    }

    @Test
    void doesNotStartWhereItCannotReadTheTargetsSockets() {
        ConnectionProbe probe = new ConnectionProbe();

        assertThat(probe.start(target(new Probed.Unreachable(), OptionalInt.of(8080), Duration.ofSeconds(1))))
                .isEmpty();
        assertThat(probe.start(target(here(), OptionalInt.empty(), Duration.ofSeconds(1))))
                .isEmpty();
    }

    @Test
    void countsTheConnectionsOpenedInTheWindowNotBeforeItNorAfterIt() throws IOException, InterruptedException {
        Duration window = Duration.ofSeconds(3);
        // The test waits for the timer's window end itself, so a busy machine cannot move a connection across it.
        ScheduledThreadPoolExecutor windowTimer = new ScheduledThreadPoolExecutor(1);
        List<Socket> sockets = new ArrayList<>();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int port = server.getLocalPort();
            Probe.Running<ConnectionFigures> running = new ConnectionProbe(() -> windowTimer)
                    .start(target(here(), OptionalInt.of(port), window))
                    .orElseThrow();
            try {
                sockets.add(new Socket(server.getInetAddress(), port));
                sockets.add(server.accept());
                running.windowBegan(System.currentTimeMillis());
                for (int i = 0; i < 2; i++) {
                    sockets.add(new Socket(server.getInetAddress(), port));
                    sockets.add(server.accept());
                }
                assertThat(windowTimer.getCompletedTaskCount())
                        .as("the window was still open when its connections opened")
                        .isZero();
                long giveUp = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (windowTimer.getCompletedTaskCount() == 0 && System.nanoTime() < giveUp) {
                    Thread.sleep(ConnectionCount.EVERY.toMillis());
                }
                assertThat(windowTimer.getCompletedTaskCount())
                        .as("the window ended")
                        .isOne();
                sockets.add(new Socket(server.getInetAddress(), port));
                sockets.add(server.accept());

                Optional<ConnectionFigures> figures = running.stop().over(null);

                // The one open before the window is open during it, not opened in it; the one after is not counted.
                assertThat(figures).contains(new ConnectionFigures(2, 3));
            } finally {
                running.close();
                windowTimer.shutdownNow();
                for (Socket socket : sockets) {
                    socket.close();
                }
            }
        }
    }
}
