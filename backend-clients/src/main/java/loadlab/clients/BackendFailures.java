package loadlab.clients;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import org.springframework.core.NestedExceptionUtils;

/**
 * The short reason an app gives in its 502 when a backend call fails without an HTTP answer, the same whichever
 * {@link ClientLibrary} made the call: {@code connect timeout}, {@code response timeout}, {@code connection refused},
 * or else the failure's own message.
 */
public final class BackendFailures {

    private static final int MAX_MESSAGE = 100;

    private BackendFailures() {}

    public static String reason(Throwable failure) {
        // Each library wraps the telling exception at its own depth (and Spring wraps it again), so the whole chain is
        // searched, outermost first, and each link is tested for a timeout before a refusal: some connect timeouts
        // are ConnectExceptions too.
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (isConnectTimeout(cause)) {
                return "connect timeout";
            }
            if (isResponseTimeout(cause)) {
                return "response timeout";
            }
            if (cause instanceof ConnectException) {
                return "connection refused";
            }
        }
        Throwable root = NestedExceptionUtils.getMostSpecificCause(failure);
        return root.getMessage() != null
                ? abbreviate(root.getMessage())
                : root.getClass().getSimpleName();
    }

    private static boolean isConnectTimeout(Throwable cause) {
        return cause instanceof HttpConnectTimeoutException // JDK
                || cause instanceof io.netty.channel.ConnectTimeoutException // Reactor Netty
                || cause instanceof org.apache.hc.client5.http.ConnectTimeoutException // Apache
                // HttpURLConnection ("Connect timed out") and Jetty ("Connect Timeout") name it only in the message.
                || (cause instanceof SocketTimeoutException
                        && String.valueOf(cause.getMessage())
                                .toLowerCase(Locale.ROOT)
                                .contains("connect"));
    }

    private static boolean isResponseTimeout(Throwable cause) {
        return cause instanceof HttpTimeoutException // JDK
                || cause instanceof io.netty.handler.timeout.ReadTimeoutException // Reactor Netty
                || cause instanceof SocketTimeoutException // Apache, HttpURLConnection: "Read timed out"
                || cause instanceof TimeoutException; // Jetty: its idle or total timeout
    }

    private static String abbreviate(String message) {
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "...";
    }
}
