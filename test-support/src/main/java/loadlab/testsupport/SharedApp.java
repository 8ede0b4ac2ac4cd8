package loadlab.testsupport;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The app and backend that the contracts run against, arranged so that one started app serves several test classes.
 * Spring's test framework keeps an app started for the next test class whose configuration is the same, and a
 * {@code @DynamicPropertySource} method is part of that configuration: a contract that declared its own (pointing the
 * app at its own backend's random port) made Spring start the app again for each class, a Tomcat or Netty server with
 * every client library, which was most of an app module's unit-test time.
 *
 * <p>So the app is pointed at one address for the whole test JVM, declared here once, and each test class still gets
 * a backend of its own: {@link #startBackend()} starts a fresh {@link CountingBackend} on that address before the
 * class and stops it after, so a class begins with no connection open and no count, whatever ran before it. The app
 * does not care that the backend behind the address was replaced: the connections it kept to the previous one were
 * closed by that backend as it stopped.
 *
 * <p>Contracts that need the app's default timeouts (their calls are held at the backend for seconds) extend this;
 * those that need a short response timeout extend {@link SharedAppShortTimeout}: two apps per module, not one per
 * class. A {@link ClientMatrix} still starts the app afresh for each of its nested classes ({@code @DirtiesContext}).
 */
@Import(ConcurrencyModelFixture.ThreadProbe.class)
public abstract class SharedApp {

    /** The backend's address for the whole test JVM: only one test class runs at a time. */
    private static final int BACKEND_PORT = Ports.unused();

    /** This test class's own backend, started before the class on the JVM's one backend address. */
    protected static CountingBackend backend;

    @BeforeAll
    static void startBackend() {
        backend = CountingBackend.startOn(BACKEND_PORT);
    }

    // Read when the app starts; the address never changes, so an app started for an earlier class calls this class's
    // backend.
    @DynamicPropertySource
    static void backendAddress(DynamicPropertyRegistry registry) {
        registry.add("backend.base-url", () -> "http://127.0.0.1:" + BACKEND_PORT);
    }

    @AfterAll
    static void stopBackend() {
        backend.close();
    }
}
