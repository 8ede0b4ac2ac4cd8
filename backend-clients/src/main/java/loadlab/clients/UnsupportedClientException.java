package loadlab.clients;

import java.util.Arrays;
import java.util.List;

/** An app was asked for a client library it cannot run on; the message names the value and the choices. */
public final class UnsupportedClientException extends IllegalArgumentException {

    private final String choices;

    private UnsupportedClientException(String message, String choices) {
        super(message);
        this.choices = choices;
    }

    /** {@code simple} asked of a reactive app: HttpURLConnection has no non-blocking API. */
    static UnsupportedClientException blockingOnly(ClientLibrary library) {
        List<String> others = Arrays.stream(ClientLibrary.values())
                .filter(other -> other != library)
                .map(ClientLibrary::value)
                .toList();
        String choices = String.join(", ", others.subList(0, others.size() - 1)) + " or " + others.getLast();
        return new UnsupportedClientException(
                "backend.client=" + library.value() + " is a blocking client and this app is reactive: choose "
                        + choices,
                choices);
    }

    /** The values the app does take, e.g. {@code jdk, reactor, apache or jetty}. */
    public String choices() {
        return choices;
    }
}
