package loadlab.testsupport;

import java.time.Duration;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link SharedApp} with a response timeout of two seconds, not the default twenty, for the contracts that wait for it:
 * a call the backend does not answer in time then costs two seconds (ProxyContract), and app-threadpool answers
 * HangRecoveryContract's burst in two waves of the timeout. One such app per module, shared by those test classes.
 *
 * <p>Not one second: with five test JVMs on two cores, Jetty's client had not yet set up some of a burst's 250
 * connections when the timeout (its idle timeout too) closed them, and it failed those calls with an
 * IllegalStateException instead of a timeout.
 */
public abstract class SharedAppShortTimeout extends SharedApp {

    /** The apps' {@code backend.response-timeout} here. */
    static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(2);

    @DynamicPropertySource
    static void shortResponseTimeout(DynamicPropertyRegistry registry) {
        registry.add("backend.response-timeout", RESPONSE_TIMEOUT::toString);
    }
}
