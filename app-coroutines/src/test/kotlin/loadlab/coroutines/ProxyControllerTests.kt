package loadlab.coroutines

import com.github.tomakehurst.wiremock.http.Fault
import java.net.URI
import java.time.Duration
import loadlab.testsupport.CountingBackend
import loadlab.testsupport.HttpCalls
import loadlab.testsupport.HttpCalls.Reply
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.junit.jupiter.params.ParameterizedTest
import org.junit.jupiter.params.provider.EnumSource
import org.junit.jupiter.params.provider.ValueSource
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.http.MediaType
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource

// A short response timeout so that the timeout case costs one second, not twenty.
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = ["backend.response-timeout=1s"])
class ProxyControllerTests {

    @LocalServerPort
    var port: Int = 0

    @ParameterizedTest
    @ValueSource(strings = ["""{"delayMs":7}""", """{ "delayMs" : 1734 , "note": "café" }"""])
    fun passesTheBackendBodyThroughUnchanged(body: String) {
        backend.reply(200, body)

        val reply = HttpCalls.get(app())

        assertThat(reply.status()).isEqualTo(200)
        assertJson(reply)
        assertThat(reply.body()).isEqualTo(body)
    }

    @ParameterizedTest
    @ValueSource(ints = [500, 503, 404])
    fun answers502WhenTheBackendAnswersAnError(status: Int) {
        backend.reply(status, """{"oops":true}""")

        assertBadGateway(HttpCalls.get(app()), "HTTP $status")
        assertStillServes()
    }

    @ParameterizedTest
    @EnumSource(Fault::class)
    fun answers502WhenTheBackendBreaksTheConnection(fault: Fault) {
        backend.fail(fault)

        assertBadGateway(HttpCalls.get(app()), null)
        assertStillServes()
    }

    @Test
    fun answers502WhenTheBackendDoesNotAnswerInTime() {
        backend.holdEveryCall(Duration.ofSeconds(3))

        assertBadGateway(HttpCalls.get(app()), "response timeout")
        assertStillServes()
    }

    private fun assertStillServes() {
        backend.reply(200, """{"delayMs":1}""")
        val reply = HttpCalls.get(app())
        assertThat(reply.status()).isEqualTo(200)
        assertThat(reply.body()).isEqualTo("""{"delayMs":1}""")
    }

    private fun assertBadGateway(reply: Reply, reason: String?) {
        assertThat(reply.status()).isEqualTo(502)
        assertJson(reply)
        if (reason != null) {
            assertThat(reply.body()).isEqualTo("""{"error":"backend unavailable: $reason"}""")
        } else {
            assertThat(reply.body()).startsWith("""{"error":"backend unavailable: """).endsWith("\"}").hasSizeLessThan(200)
        }
    }

    private fun assertJson(reply: Reply) {
        assertThat(MediaType.parseMediaType(reply.contentType()).isCompatibleWith(MediaType.APPLICATION_JSON))
            .`as`("Content-Type %s", reply.contentType())
            .isTrue()
    }

    private fun app() = URI.create("http://127.0.0.1:$port/")

    companion object {
        private val backend = CountingBackend.start()

        @JvmStatic
        @DynamicPropertySource
        fun backend(registry: DynamicPropertyRegistry) {
            registry.add("backend.base-url") { backend.baseUrl() }
        }

        @JvmStatic
        @AfterAll
        fun stopBackend() {
            backend.close()
        }
    }
}
