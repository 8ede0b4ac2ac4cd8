package loadlab.slowserver;

import static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder.responseDefinition;

import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import java.util.function.IntSupplier;

/**
 * Gives every stubbed request its own delay. The delay travels as the response's fixed delay, which WireMock,
 * with asynchronous responses enabled, hands to a scheduled executor instead of sleeping on a Jetty thread.
 * Admin requests (/__admin) never reach a transformer, so they are never delayed.
 */
final class RandomDelayTransformer implements ResponseDefinitionTransformerV2 {

    private final IntSupplier delaysMs;

    RandomDelayTransformer(IntSupplier delaysMs) {
        this.delaysMs = delaysMs;
    }

    @Override
    public ResponseDefinition transform(ServeEvent serveEvent) {
        int delayMs = delaysMs.getAsInt();
        return responseDefinition()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody("{\"delayMs\":" + delayMs + "}")
                .withFixedDelay(delayMs)
                .build();
    }

    @Override
    public String getName() {
        return "slow-server-random-delay";
    }
}
