package loadlab.clients;

import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;
import org.springframework.web.client.RestClient;
import org.springframework.web.reactive.function.client.WebClient;

/**
 * One library under one of Spring's clients, as an app uses it: under RestClient (every library) or WebClient (all but
 * {@code simple}).
 */
record Adapter(ClientLibrary library, boolean reactive) {

    /** All nine. */
    static Stream<Adapter> all() {
        return Stream.concat(
                Arrays.stream(ClientLibrary.values()).map(library -> new Adapter(library, false)),
                Arrays.stream(ClientLibrary.values())
                        .filter(library -> library != ClientLibrary.SIMPLE)
                        .map(library -> new Adapter(library, true)));
    }

    Caller open(String baseUrl, Duration connectTimeout, Duration responseTimeout) {
        return reactive
                ? new WebCaller(ReactiveClient.of(library, connectTimeout, responseTimeout), baseUrl)
                : new RestCaller(BlockingClient.of(library, connectTimeout, responseTimeout), baseUrl);
    }

    @Override
    public String toString() {
        return (reactive ? "WebClient on " : "RestClient on ") + library.value();
    }

    /** {@code GET /} through the adapter, as the apps call their backend. */
    interface Caller extends AutoCloseable {

        String get();

        /** Returns at once; a blocking call runs on a virtual thread of its own, as in app-virtual. */
        CompletableFuture<String> start();
    }

    private static final class RestCaller implements Caller {

        private final BlockingClient library;
        private final RestClient client;
        private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();

        RestCaller(BlockingClient library, String baseUrl) {
            this.library = library;
            this.client = RestClient.builder()
                    .baseUrl(baseUrl)
                    .requestFactory(library.requestFactory())
                    .build();
        }

        @Override
        public String get() {
            return client.get().uri("/").retrieve().body(String.class);
        }

        @Override
        public CompletableFuture<String> start() {
            return CompletableFuture.supplyAsync(this::get, threads);
        }

        @Override
        public void close() throws Exception {
            threads.shutdownNow();
            library.close();
        }
    }

    private static final class WebCaller implements Caller {

        private final ReactiveClient library;
        private final WebClient client;

        WebCaller(ReactiveClient library, String baseUrl) {
            this.library = library;
            this.client = WebClient.builder()
                    .baseUrl(baseUrl)
                    .clientConnector(library.connector())
                    .build();
        }

        @Override
        public String get() {
            return start().join();
        }

        @Override
        public CompletableFuture<String> start() {
            return client.get().uri("/").retrieve().bodyToMono(String.class).toFuture();
        }

        @Override
        public void close() throws Exception {
            library.close();
        }
    }
}
