package loadlab.clients;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports a refused {@code backend.client} as Boot's short "APPLICATION FAILED TO START" block with the one-line reason,
 * instead of a bean-creation stack trace in which the reason is buried. Registered in META-INF/spring.factories.
 */
class UnsupportedClientFailureAnalyzer extends AbstractFailureAnalyzer<UnsupportedClientException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, UnsupportedClientException cause) {
        return new FailureAnalysis(cause.getMessage(), "Set backend.client to " + cause.choices() + ".", cause);
    }
}
