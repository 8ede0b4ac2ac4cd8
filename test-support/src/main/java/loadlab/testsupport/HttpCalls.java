package loadlab.testsupport;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;

/** Plain HTTP/1.1 GETs against an app, one at a time or all at once. */
public final class HttpCalls {

    // Generous: a queued call on the 200-thread app waits for several backend holds before it is served.
    private static final Duration TIMEOUT = Duration.ofSeconds(60);

    // One client for the whole test JVM: the warm-up burst leaves its connections open for the counted burst, so
    // the counted one does not spend its first second on hundreds of TCP handshakes.
    private static final HttpClient CLIENT = newClient();

    private HttpCalls() {}

    public record Reply(int status, String contentType, String body) {}

    /**
     * One GET on a connection of its own. Twice in some twenty full builds a single call to app-coroutines, sent on a
     * connection kept alive from the previous call, got no answer within the timeout, and the app logged nothing; it
     * never happened in isolation. A fresh client per call keeps one call's connection state out of the next.
     */
    public static Reply get(URI uri) {
        return send(uri, TIMEOUT)
                .orElseThrow(() -> new IllegalStateException("GET " + uri + " got no answer in " + TIMEOUT));
    }

    /**
     * One GET like {@link #get}, from a user who gives up after {@code patience}: the call ends, its connection is
     * closed, and the result is empty.
     */
    public static Optional<Reply> getOrGiveUp(URI uri, Duration patience) {
        return send(uri, patience);
    }

    private static Optional<Reply> send(URI uri, Duration timeout) {
        try (HttpClient client = newClient()) {
            return Optional.of(toReply(client.send(request(uri, timeout), BodyHandlers.ofString())));
        } catch (HttpTimeoutException e) {
            return Optional.empty();
        } catch (IOException e) {
            throw new IllegalStateException("GET " + uri + " failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /**
     * Sends {@code n} GETs at once, each on its own connection (the JDK client opens another HTTP/1.1 connection
     * whenever none is idle, without limit), and waits for all of them.
     */
    public static List<Reply> getConcurrently(URI uri, int n) {
        return startConcurrently(uri, n).join();
    }

    /** Sends {@code n} GETs at once as {@link #getConcurrently} does, without waiting for them. */
    public static CompletableFuture<List<Reply>> startConcurrently(URI uri, int n) {
        HttpRequest request = request(uri, TIMEOUT);
        List<CompletableFuture<Reply>> replies = IntStream.range(0, n)
                .mapToObj(
                        i -> CLIENT.sendAsync(request, BodyHandlers.ofString()).thenApply(HttpCalls::toReply))
                .toList();
        return CompletableFuture.allOf(replies.toArray(CompletableFuture[]::new))
                .thenApply(done -> replies.stream().map(CompletableFuture::join).toList());
    }

    private static HttpClient newClient() {
        return HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10))
                .build();
    }

    private static HttpRequest request(URI uri, Duration timeout) {
        return HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
    }

    private static Reply toReply(HttpResponse<String> response) {
        return new Reply(
                response.statusCode(),
                response.headers().firstValue("Content-Type").orElse(""),
                response.body());
    }
}
