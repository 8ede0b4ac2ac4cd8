package loadlab.clients;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import com.github.tomakehurst.wiremock.http.Fault;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import loadlab.clients.Adapter.Caller;
import loadlab.testsupport.ClientUserAgents;
import loadlab.testsupport.CountingBackend;
import loadlab.testsupport.NotAccepting;
import loadlab.testsupport.Ports;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.web.client.RestClientException;
import org.springframework.web.reactive.function.client.WebClientException;

/**
 * Each library under each of Spring's clients, without an app: it answers, it names its failures as every other
 * library does, and closing it stops its threads. That 600 calls reach the backend at once is CallsInFlightIT's.
 */
class ClientLibrariesTests {

    /** For the calls that must not time out: long, so that a busy machine does not fail them. */
    private static final Duration GENEROUS = Duration.ofSeconds(20);
    /**
     * For the calls that must time out: short. Each timeout is tested with the other one generous, because some
     * libraries' response timeout runs from the request's start, connecting included (the JDK's, Jetty's total).
     */
    private static final Duration SHORT = Duration.ofMillis(300);
    /** Only keeps a broken library from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    private static CountingBackend backend;

    @BeforeAll
    static void startBackend() {
        backend = CountingBackend.start();
    }

    @AfterAll
    static void stopBackend() {
        backend.close();
    }

    static Stream<Arguments> adaptersAndFaults() {
        return Adapter.all().flatMap(adapter -> Arrays.stream(Fault.values()).map(fault -> arguments(adapter, fault)));
    }

    @ParameterizedTest
    @MethodSource("loadlab.clients.Adapter#all")
    void passesTheBodyThroughWithTheLibrarysOwnUserAgent(Adapter adapter) throws Exception {
        backend.reply(200, "{ \"delayMs\" : 7 }");
        backend.resetCounts();
        try (Caller caller = adapter.open(backend.baseUrl(), GENEROUS, GENEROUS)) {
            assertThat(caller.get()).isEqualTo("{ \"delayMs\" : 7 }");
        }
        assertThat(backend.userAgents())
                .singleElement()
                .asString()
                .startsWith(ClientUserAgents.prefix(adapter.library().value()));
    }

    /** The apps answer their client's own exception with a 502; anything else would be a 500, or worse a 200. */
    @ParameterizedTest
    @MethodSource("adaptersAndFaults")
    void aBrokenConnectionIsAFailureOfSpringsClient(Adapter adapter, Fault fault) throws Exception {
        backend.fail(fault);
        try (Caller caller = adapter.open(backend.baseUrl(), GENEROUS, GENEROUS)) {
            Throwable failure = catchThrowable(caller::get);
            assertThat(failure instanceof CompletionException ? failure.getCause() : failure)
                    .isInstanceOfAny(RestClientException.class, WebClientException.class);
        }
    }

    @ParameterizedTest
    @MethodSource("loadlab.clients.Adapter#all")
    void namesARefusedConnectionAsEveryLibraryDoes(Adapter adapter) throws Exception {
        try (Ports.Reservation nothingListens = Ports.reserve();
                Caller caller = adapter.open("http://127.0.0.1:" + nothingListens.port(), GENEROUS, GENEROUS)) {
            assertThat(reasonOfFailed(caller)).isEqualTo("connection refused");
        }
    }

    @ParameterizedTest
    @MethodSource("loadlab.clients.Adapter#all")
    void appliesTheConnectTimeout(Adapter adapter) throws Exception {
        try (NotAccepting notAccepting = NotAccepting.start();
                Caller caller = adapter.open(notAccepting.baseUrl(), SHORT, GENEROUS)) {
            assertThat(reasonOfFailed(caller)).isEqualTo("connect timeout");
        }
    }

    @ParameterizedTest
    @MethodSource("loadlab.clients.Adapter#all")
    void appliesTheResponseTimeout(Adapter adapter) throws Exception {
        backend.holdEveryCall(Duration.ofSeconds(3));
        try (Caller caller = adapter.open(backend.baseUrl(), GENEROUS, SHORT)) {
            assertThat(reasonOfFailed(caller)).isEqualTo("response timeout");
        }
    }

    /** Jetty's threads would keep the JVM alive; the others' are daemons, but must not pile up either. */
    @ParameterizedTest
    @MethodSource("loadlab.clients.Adapter#all")
    void closingStopsEveryThreadTheLibraryStarted(Adapter adapter) throws Exception {
        backend.reply(200, "{\"delayMs\":1}");
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (Caller caller = adapter.open(backend.baseUrl(), GENEROUS, GENEROUS)) {
            caller.get();
        }
        assertThat(awaitStarted(before, adapter.library()))
                .as("threads started by %s still alive after close", adapter)
                .isEmpty();
    }

    @Test
    void refusesHttpUrlConnectionUnderWebClientNamingTheChoices() {
        assertThatThrownBy(() -> ReactiveClient.of(ClientLibrary.SIMPLE, GENEROUS, GENEROUS))
                .isInstanceOf(UnsupportedClientException.class)
                .hasMessage("backend.client=simple is a blocking client and this app is reactive:"
                        + " choose jdk, reactor, apache or jetty");
    }

    private static String reasonOfFailed(Caller caller) {
        Throwable failure = catchThrowable(caller::get);
        assertThat(failure).isNotNull();
        return BackendFailures.reason(failure instanceof CompletionException ? failure.getCause() : failure);
    }

    /**
     * The threads started since {@code before} that are still alive once they have had {@link #PATIENCE} to end,
     * leaving out those the library shares with the whole JVM by design: Reactor Netty's global event loops (a reactive
     * app's server runs on them too) and the JDK's keep-alive timer of {@code HttpURLConnection}, both daemons; and the
     * backend's own: WireMock's Jetty server grows its pool (threads named {@code qtp<hash>}) while a call is served,
     * which a test run in another order saw as a thread the JDK client left behind. Jetty's client names its threads
     * {@code HttpClient@<hash>}, so its leaks are still caught.
     */
    private static Set<String> awaitStarted(Set<Thread> before, ClientLibrary library) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        Set<String> started;
        do {
            started = Thread.getAllStackTraces().keySet().stream()
                    .filter(thread -> !before.contains(thread))
                    .filter(Thread::isAlive)
                    .map(thread -> thread.getName() + (thread.isDaemon() ? " (daemon)" : ""))
                    .filter(name -> !name.startsWith("reactor-http-nio-")
                            && !name.startsWith("Keep-Alive-Timer")
                            && !name.startsWith("qtp"))
                    .collect(Collectors.toSet());
            if (started.isEmpty()) {
                return started;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        return started;
    }
}
