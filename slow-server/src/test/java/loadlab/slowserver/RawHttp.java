package loadlab.slowserver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/**
 * One {@code GET /} on a fresh connection, read to its end, over a plain socket: unlike an HTTP client it never
 * retries a request after a reset (the JDK client may, on a reused connection), so each call is one draw of the
 * server's answers and its outcome is exactly what the socket saw.
 */
final class RawHttp {

    enum Kind {
        /** A whole response: {@link Outcome#status()} and {@link Outcome#body()} are set. */
        ANSWER,
        /** The connection was reset (TCP RST). */
        RESET,
        /** Nothing, or not all, arrived within the read timeout. */
        TIMEOUT,
        /** The server closed the connection cleanly before a whole response. */
        CLOSED
    }

    /** @param bytesRead what arrived before a reset, a timeout or a close */
    record Outcome(Kind kind, int status, String body, int bytesRead) {}

    private RawHttp() {}

    static Outcome get(URI base, int readTimeoutMs) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(base.getHost(), base.getPort()), 10_000);
            socket.setSoTimeout(readTimeoutMs);
            socket.getOutputStream()
                    .write(("GET / HTTP/1.1\r\nHost: " + base.getHost() + "\r\nConnection: close\r\n\r\n")
                            .getBytes(StandardCharsets.US_ASCII));
            ByteArrayOutputStream received = new ByteArrayOutputStream();
            InputStream in = socket.getInputStream();
            byte[] chunk = new byte[512];
            try {
                for (int n; (n = in.read(chunk)) >= 0; ) {
                    received.write(chunk, 0, n);
                }
            } catch (SocketTimeoutException timeout) {
                return new Outcome(Kind.TIMEOUT, 0, null, received.size());
            } catch (SocketException reset) {
                if (String.valueOf(reset.getMessage()).contains("reset")) {
                    return new Outcome(Kind.RESET, 0, null, received.size());
                }
                throw reset;
            }
            return parse(received.toString(StandardCharsets.ISO_8859_1));
        }
    }

    private static Outcome parse(String response) {
        int headersEnd = response.indexOf("\r\n\r\n");
        if (!response.startsWith("HTTP/1.1 ") || headersEnd < 0) {
            return new Outcome(Kind.CLOSED, 0, null, response.length());
        }
        int status = Integer.parseInt(response.substring(9, 12));
        return new Outcome(Kind.ANSWER, status, response.substring(headersEnd + 4), response.length());
    }
}
