package loadlab.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.http.Fault;
import java.net.URI;
import java.util.Locale;
import loadlab.testsupport.HttpCalls.Reply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;

/**
 * The HTTP contract every app keeps, whatever its model: {@code GET /} passes the backend's answer through
 * unchanged, and any failure of the backend is a quick 502 with a short JSON reason, after which the app still serves.
 * One copy for all five apps, so that none of them can drift from it.
 *
 * <p>An app's {@code ProxyControllerTests} extends this and adds only its {@code @SpringBootTest}, on a random port.
 */
public abstract class ProxyContract extends SharedAppShortTimeout {

    @LocalServerPort
    int port;

    @Autowired
    ApplicationContext context;

    @ParameterizedTest
    @ValueSource(strings = {"{\"delayMs\":7}", "{ \"delayMs\" : 1734 , \"note\": \"caf\u00e9\" }"})
    void passesTheBackendBodyThroughUnchanged(String body) {
        backend.reply(200, body);

        Reply reply = HttpCalls.get(app());

        assertThat(reply.status()).isEqualTo(200);
        assertJson(reply);
        assertThat(reply.body()).isEqualTo(body);
    }

    @ParameterizedTest
    @ValueSource(ints = {500, 503, 404})
    void answers502WhenTheBackendAnswersAnError(int status) {
        backend.reply(status, "{\"oops\":true}");

        assertBadGateway(HttpCalls.get(app()), "HTTP " + status);
        assertStillServes();
    }

    @ParameterizedTest
    @EnumSource(Fault.class)
    void answers502WhenTheBackendBreaksTheConnection(Fault fault) {
        backend.fail(fault);

        assertBadGateway(HttpCalls.get(app()), null);
        assertStillServes();
    }

    @Test
    void answers502WhenTheBackendDoesNotAnswerInTime() {
        backend.holdEveryCall(RESPONSE_TIMEOUT.multipliedBy(3));

        assertBadGateway(HttpCalls.get(app()), "response timeout");
        assertStillServes();
    }

    /**
     * Every scenario but the database's starts the apps without database settings: then nothing of the database may
     * run (no pool, no connection attempt, no pool thread) and {@code /db} is not served, while {@code /} is.
     */
    @Test
    void withoutDatabaseSettingsThereIsNoPoolAndNoDbPath() {
        for (String pool : new String[] {"javax.sql.DataSource", "io.r2dbc.spi.ConnectionFactory"}) {
            try {
                assertThat(context.getBeanNamesForType(Class.forName(pool)))
                        .as(pool)
                        .isEmpty();
            } catch (ClassNotFoundException notOnThisAppsClassPath) {
                // Nothing of that kind can run either.
            }
        }
        assertThat(HttpCalls.get(URI.create("http://127.0.0.1:" + port + "/db")).status())
                .isEqualTo(404);
        assertStillServes();
    }

    private void assertStillServes() {
        backend.reply(200, "{\"delayMs\":1}");
        Reply reply = HttpCalls.get(app());
        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo("{\"delayMs\":1}");
    }

    private static void assertBadGateway(Reply reply, String reason) {
        assertThat(reply.status()).isEqualTo(502);
        assertJson(reply);
        if (reason != null) {
            assertThat(reply.body()).isEqualTo("{\"error\":\"backend unavailable: " + reason + "\"}");
        } else {
            assertThat(reply.body())
                    .startsWith("{\"error\":\"backend unavailable: ")
                    .endsWith("\"}")
                    .hasSizeLessThan(200);
        }
    }

    /** {@code application/json}, with or without parameters such as a charset. */
    private static void assertJson(Reply reply) {
        String mediaType = reply.contentType().split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        assertThat(mediaType).as("Content-Type %s", reply.contentType()).isEqualTo("application/json");
    }

    private URI app() {
        return URI.create("http://127.0.0.1:" + port + "/");
    }
}
