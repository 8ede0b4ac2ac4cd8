package loadlab.slowserver;

import static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder.responseDefinition;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.Fault;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;

/**
 * Gives every stubbed request its own answer (see {@link Answers}). The delay travels as the response's fixed
 * delay, which WireMock, with asynchronous responses enabled, hands to a scheduled executor instead of sleeping on
 * a Jetty thread; a fault is WireMock's own, applied by that executor when the delay is over. Admin requests
 * (/__admin) never reach a transformer, so they are never delayed.
 */
final class RandomDelayTransformer implements ResponseDefinitionTransformerV2 {

    private final Answers answers;
    private final int hangMs;

    RandomDelayTransformer(Answers answers) {
        this.answers = answers;
        this.hangMs = answers.config().hangMs();
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        Answer answer = answers.next();
        int delayMs = answer.delayMs();
        if (answer.fault() == null) {
            return json(200, "{\"delayMs\":" + delayMs + "}", delayMs);
        }
        return switch (answer.fault()) {
            case SERVER_ERROR -> json(503, "{\"delayMs\":" + delayMs + ",\"fault\":\"5xx\"}", delayMs);
            // SO_LINGER 0 and close: the client reads a TCP RST where it waits for an answer.
            case RESET ->
                responseDefinition()
                        .withFault(Fault.CONNECTION_RESET_BY_PEER)
                        .withFixedDelay(delayMs)
                        .build();
            // A scheduled delay like any other (no thread held), ended by a reset rather than an answer, so a
            // client without a timeout learns of it and the connection's memory is freed. Not a chunked dribble:
            // those sleep on a Jetty thread.
            case HANG ->
                responseDefinition()
                        .withFault(Fault.CONNECTION_RESET_BY_PEER)
                        .withFixedDelay(hangMs)
                        .build();
        };
    }

    private static ResponseDefinition json(int status, String body, int delayMs) {
        return responseDefinition()
                .withStatus(status)
                .withHeader("Content-Type", "application/json")
                .withBody(body)
                .withFixedDelay(delayMs)
                .build();
    }

    @Override
    public String getName() {
        return "slow-server-random-delay";
    }
}
