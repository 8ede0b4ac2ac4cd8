package loadlab.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import loadlab.testsupport.HttpCalls.Reply;

/** Assertions on an app's answers that every contract shares. */
final class Replies {

    private Replies() {}

    /** {@code application/json}, with or without parameters such as a charset. */
    static void assertJson(Reply reply) {
        String mediaType = reply.contentType().split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        assertThat(mediaType).as("Content-Type %s", reply.contentType()).isEqualTo("application/json");
    }

    /** A 400 whose body is exactly {@code {"error":"<reason>"}}: one line, naming the bad value. */
    static void assertBadRequest(Reply reply, String reason) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(400);
        assertJson(reply);
        assertThat(reply.body()).isEqualTo("{\"error\":\"" + reason + "\"}");
    }

    /** A 502 whose body is exactly {@code {"error":"backend unavailable: <reason>"}}. */
    static void assertBadGateway(Reply reply, String reason) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(502);
        assertJson(reply);
        assertThat(reply.body()).isEqualTo("{\"error\":\"backend unavailable: " + reason + "\"}");
    }
}
