package loadlab.coroutines

import java.net.URI
import loadlab.testsupport.CountingBackend
import loadlab.testsupport.HttpCalls
import loadlab.testsupport.Ports
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.Test
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource

@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class BackendRecoveryTests {

    @LocalServerPort
    var port: Int = 0

    @Test
    fun answers502WhileNothingListensAndServesOnceTheBackendIsUp() {
        val down = HttpCalls.get(app())
        assertThat(down.status()).isEqualTo(502)
        assertThat(down.body()).isEqualTo("""{"error":"backend unavailable: connection refused"}""")

        CountingBackend.startOn(backendPort).use { backend ->
            backend.reply(200, """{"delayMs":3}""")

            val up = HttpCalls.get(app())
            assertThat(up.status()).isEqualTo(200)
            assertThat(up.body()).isEqualTo("""{"delayMs":3}""")
        }
    }

    private fun app() = URI.create("http://127.0.0.1:$port/")

    companion object {
        private val backendPort = Ports.unused()

        @JvmStatic
        @DynamicPropertySource
        fun backend(registry: DynamicPropertyRegistry) {
            registry.add("backend.base-url") { "http://127.0.0.1:$backendPort" }
        }
    }
}
