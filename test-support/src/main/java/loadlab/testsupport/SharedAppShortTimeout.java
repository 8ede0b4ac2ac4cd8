package loadlab.testsupport;

import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@link SharedApp} with a response timeout of one second, not the default twenty, for the contracts that wait for it:
 * a call the backend does not answer in time then costs one second (ProxyContract), and app-threadpool answers
 * HangRecoveryContract's burst in two waves of the timeout. One such app per module, shared by those test classes.
 */
public abstract class SharedAppShortTimeout extends SharedApp {

    @DynamicPropertySource
    static void shortResponseTimeout(DynamicPropertyRegistry registry) {
        registry.add("backend.response-timeout", () -> "1s");
    }
}
