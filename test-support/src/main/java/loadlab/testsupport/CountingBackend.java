package loadlab.testsupport;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.jetty11.Jetty11HttpServer;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import loadlab.testsupport.HttpCalls.Reply;
import wiremock.org.eclipse.jetty.io.Connection;
import wiremock.org.eclipse.jetty.server.HttpChannel;
import wiremock.org.eclipse.jetty.server.Request;

/**
 * A WireMock backend on 127.0.0.1 that answers {@code GET /} and counts, exactly, the most calls it held at once (and
 * the connections open to it).
 *
 * <p>Delays are asynchronous (a scheduler writes the response later, no container thread sleeps), so the stub
 * itself never caps concurrency. WireMock's own hooks cannot count that exactly: with asynchronous responses its
 * {@code ServeEventListener#afterComplete} runs as soon as the response is <em>scheduled</em>, long before it is
 * written. So the counter is a Jetty {@link HttpChannel.Listener} on the connector instead: a call enters when its
 * request head has been parsed and leaves just before its status line is written. That window lies strictly
 * inside the caller's own wait, so the maximum can never exceed what the caller really had in flight, and a
 * caller that reuses a freed slot can only arrive after the previous call has left.
 */
public final class CountingBackend implements AutoCloseable {

    private static final Duration WARM_UP_HOLD = Duration.ofMillis(200);
    /** Long against the gap between two arrivals of one burst (milliseconds), short against a test's patience. */
    static final Duration QUIET = Duration.ofSeconds(2);
    /** A gate never holds longer than this, so a broken app fails the test instead of hanging it. */
    private static final Duration GATE_LIMIT = Duration.ofSeconds(60);

    /**
     * Jetty closes a connection after this much idleness (its default is 30 s). Longer than any test's patience, so
     * that a connection an app abandons without closing it stays counted as open instead of the backend tidying up
     * after the app.
     */
    private static final Duration IDLE_TIMEOUT = Duration.ofMinutes(10);

    private final InFlightCounter counter = new InFlightCounter();
    private final ConnectionCounter connections = new ConnectionCounter();
    private final HoldGate gate = new HoldGate(QUIET, GATE_LIMIT);
    private final PerCallReplies perCall = new PerCallReplies(gate);
    private final WireMockServer server;

    private CountingBackend(int port) {
        server = new WireMockServer(wireMockConfig()
                .bindAddress("127.0.0.1")
                .port(port)
                .asynchronousResponseEnabled(true)
                .asynchronousResponseThreads(16)
                // Large enough that a burst of a few thousand connections is neither refused nor queued by the stub.
                .jettyAcceptQueueSize(4096)
                // The gate of burst() holds each call on a container thread (fixed delays don't: they are
                // asynchronous), so
                // there must be more of them than calls in a burst, or the stub itself would cap the count.
                .containerThreads(1_000)
                // HTTP/1.1 whatever the client tries (an h2c upgrade from a JDK client): one connection per call in
                // flight.
                .http2PlainDisabled(true)
                .jettyIdleTimeout(IDLE_TIMEOUT.toMillis())
                .disableRequestJournal()
                .extensions(gate, perCall)
                .httpServerFactory((options, admin, stub) -> new Jetty11HttpServer(options, admin, stub) {
                    {
                        httpConnector.addBean(counter);
                        httpConnector.addBean(connections);
                    }
                }));
        server.start();
    }

    /**
     * Starts on a free port. A contract starts one per test class ({@code @BeforeAll}, on the JVM's one backend
     * address: {@link SharedApp}) and stops it after the class, rather than one per JVM: each test class, and each run
     * of the client matrix, must begin with a backend that no earlier class has touched (no connection open, no count).
     */
    public static CountingBackend start() {
        return new CountingBackend(0);
    }

    /** Starts on the given port, e.g. one an app was already told about while nothing listened there. */
    public static CountingBackend startOn(int port) {
        return new CountingBackend(port);
    }

    public String baseUrl() {
        return "http://127.0.0.1:" + server.port();
    }

    public int port() {
        return server.port();
    }

    /** Answers every {@code GET /} with {@code {"delayMs":<hold>}}, sent {@code hold} after the call arrived. */
    public CountingBackend holdEveryCall(Duration hold) {
        long ms = hold.toMillis();
        return answer(json(200, "{\"delayMs\":" + ms + "}").withFixedDelay((int) ms));
    }

    /** Answers every {@code GET /} at once with this status and JSON body. */
    public CountingBackend reply(int status, String jsonBody) {
        return answer(json(status, jsonBody));
    }

    /**
     * Answers each {@code GET /} at once with 200 and the JSON body for its arrival number (1, 2, ... from now), so
     * that the calls of one fan-out get bodies a test can tell apart.
     */
    public CountingBackend replyPerCall(IntFunction<String> jsonBodyOfArrival) {
        perCall.script(arrival -> new PerCallReplies.Reply(
                json(200, jsonBodyOfArrival.apply(arrival)).build(), false));
        return answer(aResponse().withTransformers(PerCallReplies.NAME));
    }

    /** Breaks every {@code GET /} at the socket level: reset, garbage, empty response, bad chunk. */
    public CountingBackend fail(Fault fault) {
        return answer(aResponse().withFault(fault));
    }

    /**
     * What a burst of requests to an app did at this backend.
     *
     * @param replies the app's answers
     * @param received the calls that reached this backend
     * @param maxInFlight the most calls this backend held at once
     */
    public record Burst(List<Reply> replies, int received, int maxInFlight) {}

    /**
     * Sends {@code calls} GETs at once to {@code app} and reports the most calls this backend held at once.
     * <p>
     * Each counted call is held by a gate, not a clock: the gate opens when all {@code calls} have arrived (nothing
     * capped them) or when no new call has arrived for {@link #QUIET} (something capped them, and the count is that
     * cap). A slow or busy machine only makes this slower, never wrong: a fixed hold would end while calls were still
     * trickling in and count the machine's speed instead of the model. The same burst is sent once first, uncounted
     * and briefly held, so the app has started its threads and opened its connections before the count.
     */
    public Burst burst(URI app, int calls) {
        return burst(app, calls, 1);
    }

    /**
     * Like {@link #burst(URI, int)} for {@code requests} that each make {@code callsPerRequest} calls here (a
     * fan-out): the gate waits for all {@code requests × callsPerRequest} calls, or for quiet.
     */
    public Burst burst(URI app, int requests, int callsPerRequest) {
        holdEveryCall(WARM_UP_HOLD);
        HttpCalls.getConcurrently(app, requests);
        gate.arm(requests * callsPerRequest);
        answer(json(200, "{\"delayMs\":0}").withTransformers(HoldGate.NAME));
        resetCounts();
        List<Reply> replies = HttpCalls.getConcurrently(app, requests);
        return new Burst(replies, received(), maxInFlight());
    }

    /** Releases the calls that {@link #holdUntilReleased()} holds. */
    public interface Hold extends AutoCloseable {

        /** True until closed (or {@link #GATE_LIMIT} has passed): calls are still being held. */
        boolean holding();

        @Override
        void close();
    }

    /**
     * Holds every call from now on until the returned {@link Hold} is closed (at most {@link #GATE_LIMIT}), so a test
     * can act while an app's calls wait here, e.g. while all of its threads are busy. Counts restart from zero.
     */
    public Hold holdUntilReleased() {
        gate.armUntilReleased();
        answer(json(200, "{\"delayMs\":0}").withTransformers(HoldGate.NAME));
        resetCounts();
        return hold();
    }

    /**
     * Like {@link #holdUntilReleased()}, except that the {@code calls}-th call to arrive is answered at once with this
     * error status: one call of a fan-out fails while all its earlier calls are still waiting here. The last, not the
     * first: an app that waited for its calls in the order it made them would see the failure only after the others.
     */
    public Hold failTheLastOf(int calls, int status) {
        gate.armUntilReleased();
        perCall.script(arrival -> arrival == calls
                ? new PerCallReplies.Reply(json(status, "{\"oops\":true}").build(), false)
                : new PerCallReplies.Reply(json(200, "{\"delayMs\":0}").build(), true));
        answer(aResponse().withTransformers(PerCallReplies.NAME));
        resetCounts();
        return hold();
    }

    private Hold hold() {
        return new Hold() {
            @Override
            public boolean holding() {
                return gate.holding();
            }

            @Override
            public void close() {
                gate.openNow();
            }
        };
    }

    /** Calls held here right now. */
    public int inFlight() {
        return counter.inFlight.get();
    }

    /**
     * Waits until {@code calls} have arrived since the last reset, or {@code limit} has passed, and returns how many
     * did: the count decides the test, the limit only keeps a broken app from hanging it.
     */
    public int awaitReceived(int calls, Duration limit) {
        return await(counter.received::get, count -> count >= calls, limit);
    }

    /** Waits until {@code calls} are held here at once, or {@code limit} has passed, and returns how many are. */
    public int awaitInFlight(int calls, Duration limit) {
        return await(counter.inFlight::get, count -> count >= calls, limit);
    }

    /**
     * TCP connections open to this backend right now, busy or idle, whoever opened them. A connection counts until
     * this backend has closed its end, which it does once the caller has closed theirs and the backend has noticed:
     * while a call is held here the backend reads nothing, so it notices only after the call has been answered.
     */
    public int openConnections() {
        return connections.open.get();
    }

    /** TCP connections opened to this backend since it started, closed ones included: each client connect counts. */
    public int connectionsOpened() {
        return connections.opened.get();
    }

    /**
     * Waits until at most {@code open} connections are open here, or {@code limit} has passed, and returns how many
     * are.
     */
    public int awaitOpenConnectionsAtMost(int open, Duration limit) {
        return await(connections.open::get, count -> count <= open, limit);
    }

    private static int await(IntSupplier count, IntPredicate done, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.test(count.getAsInt()) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return count.getAsInt();
    }

    /** The most calls held at once since start or {@link #resetCounts()}. */
    public int maxInFlight() {
        return counter.max.get();
    }

    /**
     * The {@code User-Agent} headers of the calls received since start or {@link #resetCounts()} ({@code "null"} for
     * none): each client library writes its own, so they tell which library made the calls.
     */
    public Set<String> userAgents() {
        return Set.copyOf(counter.userAgents);
    }

    /** Calls received since start or {@link #resetCounts()}. */
    public int received() {
        return counter.received.get();
    }

    /** Call only while idle: the maximum restarts from the calls in flight now, received calls and agents from none. */
    public void resetCounts() {
        counter.received.set(0);
        counter.userAgents.clear();
        counter.max.set(counter.inFlight.get());
    }

    @Override
    public void close() {
        server.stop();
    }

    private CountingBackend answer(ResponseDefinitionBuilder response) {
        server.resetMappings();
        server.stubFor(get("/").willReturn(response));
        return this;
    }

    private static ResponseDefinitionBuilder json(int status, String body) {
        return aResponse()
                .withStatus(status)
                .withHeader("Content-Type", "application/json")
                .withBody(body);
    }

    /** Jetty adds the connector's {@link Connection.Listener} beans to every connection it opens. */
    private static final class ConnectionCounter implements Connection.Listener {

        final AtomicInteger open = new AtomicInteger();
        final AtomicInteger opened = new AtomicInteger();

        @Override
        public void onOpened(Connection connection) {
            open.incrementAndGet();
            opened.incrementAndGet();
        }

        @Override
        public void onClosed(Connection connection) {
            open.decrementAndGet();
        }
    }

    private static final class InFlightCounter implements HttpChannel.Listener {

        private static final String ENTERED = InFlightCounter.class.getName();

        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger max = new AtomicInteger();
        final AtomicInteger received = new AtomicInteger();
        final Set<String> userAgents = ConcurrentHashMap.newKeySet();

        @Override
        public void onRequestBegin(Request request) {
            if (request.getRequestURI().startsWith("/__admin")) {
                return;
            }
            request.setAttribute(ENTERED, Boolean.TRUE);
            received.incrementAndGet();
            userAgents.add(String.valueOf(request.getHeader("User-Agent")));
            max.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        }

        @Override
        public void onResponseBegin(Request request) {
            leave(request);
        }

        // A fault (reset, garbage) or a caller that hung up never begins a response; Jetty still completes the request.
        @Override
        public void onComplete(Request request) {
            leave(request);
        }

        // Jetty calls a request's listener methods one after another, never concurrently, so this check-then-act is
        // safe.
        private void leave(Request request) {
            if (request.getAttribute(ENTERED) != null) {
                request.removeAttribute(ENTERED);
                inFlight.decrementAndGet();
            }
        }
    }
}
