package loadlab.slowserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.management.UnixOperatingSystemMXBean;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * slow-server as the lab runs it, a process of its own, but with a heap far smaller than the lab's: it must hold
 * thousands of keep-alive connections, each with a request waiting, and answer them all.
 *
 * <p>Before the header cache was turned off (see {@link LeanJettyServerFactory}), each such connection cost about
 * 110 KB of heap: 4,000 would need 440 MB and this 128 MB process would die of an OutOfMemoryError (it is told
 * to exit on one rather than thrash). Without the cache they cost about 9 KB each: under 50 MB with the rest.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class SlowServerInFlightIT {

    private static final int CONNECTIONS = 4000;
    private static final int HELD_MS = 15_000;
    private static final Pattern LISTENING = Pattern.compile("slow-server listening on (http://\\S+) .*");

    @Test
    void holdsFourThousandWaitingKeepAliveRequestsInA128MegabyteHeap(@TempDir Path dir) throws Exception {
        long fdLimit =
                ((UnixOperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getMaxFileDescriptorCount();
        assumeThat(fdLimit)
                .as("open files allowed (ulimit -n): this test and slow-server each hold %d sockets", CONNECTIONS)
                .isGreaterThan(CONNECTIONS + 1000L);

        Path stderr = dir.resolve("slow-server.err");
        Process server = new ProcessBuilder(
                        javaBinary(),
                        "-Xms128m",
                        "-Xmx128m",
                        "-XX:+UseG1GC",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        classpath(),
                        SlowServer.class.getName(),
                        "--port=0",
                        "--min-delay-ms=0",
                        "--max-delay-ms=0",
                        // Started once every connection has been used: the second request of each is held.
                        "--schedule=1h:" + HELD_MS)
                .redirectError(stderr.toFile())
                .start();
        List<Socket> sockets = new ArrayList<>();
        try (ExecutorService virtualThreads = Executors.newVirtualThreadPerTaskExecutor()) {
            URI base = listeningOn(server);

            // Every connection answers a first request at once: Jetty builds a connection's header cache on its
            // second request, and the lab's clients keep their connections for thousands.
            List<Future<String>> first = new ArrayList<>();
            for (int i = 0; i < CONNECTIONS; i++) {
                Socket socket = new Socket();
                sockets.add(socket);
                first.add(virtualThreads.submit(() -> {
                    socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 30_000);
                    socket.setSoTimeout(120_000);
                    return exchange(socket);
                }));
            }
            for (Future<String> answer : first) {
                assertThat(answer.get()).isEqualTo("200 {\"delayMs\":0}");
            }
            try (HttpClient admin =
                    HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
                HttpResponse<String> started = admin.send(
                        HttpRequest.newBuilder(base.resolve(ScheduleAdminApi.START_PATH))
                                .POST(HttpRequest.BodyPublishers.noBody())
                                .build(),
                        BodyHandlers.ofString());
                assertThat(started.body()).startsWith("{\"state\":\"running\"");
            }

            CountDownLatch allSent = new CountDownLatch(CONNECTIONS);
            AtomicInteger answeredBeforeAllWereSent = new AtomicInteger();
            List<Future<String>> held = new ArrayList<>();
            for (Socket socket : sockets) {
                held.add(virtualThreads.submit(() -> {
                    send(socket, "GET", "/");
                    allSent.countDown();
                    String answer = receive(socket);
                    if (allSent.getCount() > 0) {
                        answeredBeforeAllWereSent.incrementAndGet();
                    }
                    return answer;
                }));
            }
            int answered = 0;
            for (Future<String> answer : held) {
                assertThat(answer.get()).isEqualTo("200 {\"delayMs\":" + HELD_MS + "}");
                answered++;
            }

            assertThat(answered).isEqualTo(CONNECTIONS);
            assertThat(answeredBeforeAllWereSent.get())
                    .as("answers that came before the last request was sent: all %d were not held at once", CONNECTIONS)
                    .isZero();
            assertThat(server.isAlive())
                    .as("slow-server alive; its stderr: %s", Files.readString(stderr))
                    .isTrue();
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
            server.destroy();
            if (!server.waitFor(30, TimeUnit.SECONDS)) {
                server.destroyForcibly();
            }
        }
    }

    private static URI listeningOn(Process server) throws IOException {
        BufferedReader stdout =
                new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        String line = stdout.readLine();
        assertThat(line).as("slow-server's first line").isNotNull();
        Matcher listening = LISTENING.matcher(line);
        assertThat(listening.matches()).as(line).isTrue();
        return URI.create(listening.group(1));
    }

    private static String exchange(Socket socket) throws IOException {
        send(socket, "GET", "/");
        return receive(socket);
    }

    private static void send(Socket socket, String method, String path) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    /** One response on a kept-alive connection, as {@code "<status> <body>"}. */
    private static String receive(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed after " + head.length() + " bytes of headers: " + head);
            }
            head.append((char) b);
        }
        Matcher length = Pattern.compile("(?i)\r\nContent-Length: *(\\d+)\r\n").matcher(head);
        assertThat(length.find()).as("Content-Length in %s", head).isTrue();
        String body = new String(in.readNBytes(Integer.parseInt(length.group(1))), StandardCharsets.UTF_8);
        return head.substring(9, 12) + " " + body;
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** slow-server's own classes and WireMock's: what its jar holds, for a process of its own. */
    static String classpath() throws Exception {
        return String.join(
                java.io.File.pathSeparator,
                codeLocation(SlowServer.class),
                codeLocation(com.github.tomakehurst.wiremock.WireMockServer.class));
    }

    private static String codeLocation(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
    }
}
