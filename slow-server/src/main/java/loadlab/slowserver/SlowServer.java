package loadlab.slowserver;

import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.ok;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.common.ConsoleNotifier;
import com.github.tomakehurst.wiremock.core.Options.ChunkedEncodingPolicy;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import java.net.URI;
import java.time.InstantSource;
import wiremock.org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The lab's backend: any request is answered {@code 200 {"delayMs":N}} after N ms, N uniform over the
 * configured range. It must never be the bottleneck, so a delay is a timer, not a parked thread. A
 * {@link Schedule}, started through {@link ScheduleAdminApi}, changes the range over time and adds faults.
 *
 * <pre>{@code
 * try (SlowServer server = SlowServer.start(SlowServerConfig.parse("--port=0"))) {
 *     URI backend = server.baseUri();
 * }
 * }</pre>
 */
public final class SlowServer implements AutoCloseable {

    /** Jetty's request threads: a fixed pool, so that the work per request does not drift as a pool would shrink. */
    static final int CONTAINER_THREADS = 64;

    private final WireMockServer wireMock;
    private final SlowServerConfig config;

    private SlowServer(WireMockServer wireMock, SlowServerConfig config) {
        this.wireMock = wireMock;
        this.config = config;
    }

    /** Starts listening before returning; throws if the address cannot be bound. */
    public static SlowServer start(SlowServerConfig config) {
        WireMockServer wireMock = new WireMockServer(wireMockOptions(config));
        // The transformer replaces whatever a stub says, but WireMock only serves a 200 for a matched stub.
        // Registered before start, so a ready /__admin/health never precedes a 404 on /.
        wireMock.stubFor(any(anyUrl()).willReturn(ok()));
        try {
            wireMock.start();
        } catch (RuntimeException cannotStart) {
            // Jetty's threads may already be running and would keep the JVM alive. Stopping a server that
            // never started can itself fail (WireMock rethrows Jetty's checked exceptions unchecked).
            try {
                wireMock.stop();
            } catch (Exception stopFailure) {
                cannotStart.addSuppressed(stopFailure);
            }
            throw cannotStart;
        }
        return new SlowServer(wireMock, config);
    }

    static WireMockConfiguration wireMockOptions(SlowServerConfig config) {
        Answers answers = new Answers(config, InstantSource.system());
        return options()
                .port(config.port())
                .bindAddress(config.bind())
                // Without this a delay sleeps on one of 25 Jetty threads: ~12 req/s at a 2 s mean. With it,
                // WireMock's servlet hands the response's delay to a ScheduledExecutorService.
                .asynchronousResponseEnabled(true)
                // Those timer threads also write the responses; the programmatic default (0) means just one.
                .asynchronousResponseThreads(4)
                // Container threads now only parse, match and suspend; 64 covers bursts with headroom.
                .containerThreads(CONTAINER_THREADS)
                // All of them, all the time. Jetty's pool otherwise starts 8, grows in a burst (a ramp-up: about 30)
                // and then ends one idle thread a minute; with fewer threads each one serves more requests per
                // wake-up (6.5 context switches per request, then 4.1 ten minutes later under the same load), so
                // slow-server's work per request depended on where in its life a window fell.
                .threadPoolFactory(
                        options -> new QueuedThreadPool(options.containerThreads(), options.containerThreads()))
                // 2000 clients may connect at once; Jetty's default backlog (the JDK's 50) would drop SYNs
                // and cost the unlucky clients seconds of TCP retransmission. The kernel caps it at somaxconn.
                .jettyAcceptQueueSize(4096)
                // The journal is unbounded by default: memory would grow with every request of a run.
                .disableRequestJournal()
                // The JDK HttpClient's h2c upgrade, accepted by Jetty, gave 40k "too many concurrent streams".
                .http2PlainDisabled(true)
                // A suspended request is abandoned after this (WireMock's default is 300 s): above the longest
                // delay of any phase, and above the hang time, so that a hang ends in its reset, not in a 500.
                .timeout(config.longestAnswerMs() + 60_000)
                // Errors still reach stderr (the default Slf4jNotifier feeds the standalone jar's no-op
                // SLF4J, swallowing them); per-request info lines are dropped...
                .notifier(new ConsoleNotifier(false))
                // ...and not even formatted: otherwise every request is rendered to a string for info().
                .stubRequestLoggingDisabled(true)
                // A 16-byte body gains nothing from gzip or templating; both would only add per-request work.
                .gzipDisabled(true)
                .templatingEnabled(false)
                // A Content-Length header rather than chunked framing: the body is known in full up front.
                .useChunkedTransferEncoding(ChunkedEncodingPolicy.NEVER)
                // WireMock's Jetty without the ~100 KB header cache Jetty builds per keep-alive connection: with it,
                // 5,000 waiting requests filled a 512 MB heap (see LeanJettyServerFactory).
                .httpServerFactory(new LeanJettyServerFactory())
                .extensions(new RandomDelayTransformer(answers), new ScheduleAdminApi(answers));
    }

    public int port() {
        return wireMock.port();
    }

    public URI baseUri() {
        String host = config.bind().contains(":") ? "[" + config.bind() + "]" : config.bind();
        return URI.create("http://" + host + ":" + port());
    }

    public SlowServerConfig config() {
        return config;
    }

    @Override
    public void close() {
        wireMock.stop();
    }

    public static void main(String... args) {
        SlowServerConfig config;
        try {
            config = SlowServerConfig.parse(args);
        } catch (IllegalArgumentException badConfiguration) {
            System.err.println("slow-server: " + badConfiguration.getMessage());
            System.exit(2);
            return;
        }
        SlowServer server;
        try {
            server = start(config);
        } catch (RuntimeException cannotStart) {
            System.err.println("slow-server: cannot listen on " + config.bind() + ":" + config.port() + ": "
                    + rootMessage(cannotStart));
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "slow-server-shutdown"));
        System.out.println("slow-server listening on " + server.baseUri() + " (" + config.describeDelays() + ")");
        // Jetty's threads are not daemons: the JVM stays up until SIGINT/SIGTERM runs the shutdown hook.
    }

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? root.getClass().getName() : root.getMessage();
        return message.lines().findFirst().orElse(message);
    }
}
