package loadlab.testsupport;

import static loadlab.testsupport.Replies.assertBadGateway;
import static loadlab.testsupport.Replies.assertBadRequest;
import static loadlab.testsupport.Replies.assertJson;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import loadlab.testsupport.HttpCalls.Reply;
import loadlab.workload.CpuWork;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code GET /cpu?micros=W}, the same in every app whatever its model: a fixed amount of CPU work, then one backend
 * call, answered with {@code {"delayMs":<the backend's delay>,"work":{"micros":W,"iterations":I,"checksum":"..."}}}.
 * The checksum depends only on W, so matching it proves that this app did exactly the work every other app does. An
 * app's {@code CpuControllerTests} extends this with its {@code @SpringBootTest}.
 */
public abstract class CpuContract extends SharedApp {

    @LocalServerPort
    int port;

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 1000, 20000})
    void doesTheSameWorkAsEveryOtherAppThenCallsTheBackendOnce(long micros) {
        backend.reply(200, "{ \"delayMs\" : 1734 }");
        backend.resetCounts();

        Reply reply = HttpCalls.get(app("/cpu?micros=" + micros));

        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertJson(reply);
        assertThat(reply.body()).isEqualTo(CpuWork.answer(1734, CpuWork.burn(micros)));
        // The fixed function, written out: 19 rounds per microsecond whatever the machine or the model.
        assertThat(reply.body()).contains("\"micros\":" + micros + ",\"iterations\":" + micros * 19 + ",");
        assertThat(backend.received()).isEqualTo(1);
    }

    @Test
    void aFailedBackendCallIsA502() {
        backend.reply(500, "{\"oops\":true}");

        assertBadGateway(HttpCalls.get(app("/cpu?micros=10")), "HTTP 500");
        assertStillServes();
    }

    @Test
    void aBackendAnswerWithoutADelayIsA502() {
        backend.reply(200, "");

        assertBadGateway(HttpCalls.get(app("/cpu?micros=10")), "answer without delayMs");
        assertStillServes();
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "/cpu                  | micros is missing: microseconds of CPU work, 0..1000000",
                "/cpu?micros=-1        | micros=-1 is out of range 0..1000000",
                "/cpu?micros=abc       | micros='abc' is not a whole number",
                "/cpu?micros=1.5       | micros='1.5' is not a whole number",
                "/cpu?micros=1000001   | micros=1000001 is out of range 0..1000000",
                "/cpu?micros=99999999999999999999 | micros=99999999999999999999 is out of range 0..1000000"
            })
    void aBadMicrosIsA400NamingItAndNoCallIsMade(String path, String reason) {
        backend.reply(200, "{\"delayMs\":1}");
        backend.resetCounts();

        assertBadRequest(HttpCalls.get(app(path)), reason);
        assertThat(backend.received()).isZero();
        assertStillServes();
    }

    private void assertStillServes() {
        backend.reply(200, "{\"delayMs\":1}");
        Reply reply = HttpCalls.get(app("/cpu?micros=0"));
        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertThat(reply.body()).isEqualTo(CpuWork.answer(1, CpuWork.burn(0)));
    }

    private URI app(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }
}
