package loadlab.coroutines

import loadlab.testsupport.CountingBackend
import org.assertj.core.api.Assertions.assertThat
import org.junit.jupiter.api.AfterAll
import org.junit.jupiter.api.Test
import org.springframework.boot.test.context.SpringBootTest
import org.springframework.boot.test.web.server.LocalServerPort
import org.springframework.test.context.DynamicPropertyRegistry
import org.springframework.test.context.DynamicPropertySource
import java.net.URI

/** The model, proven by counting what reaches the backend at once rather than by timing anything. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrencyModelTests {

    @LocalServerPort
    var port: Int = 0

    @Test
    fun nothingCapsCallsInFlight() {
        val burst = backend.burst(app("/"), 600)

        assertThat(burst.replies().map { it.status() }).hasSize(600).containsOnly(200)
        assertThat(burst.received()).isEqualTo(600)
        assertThat(burst.maxInFlight()).isEqualTo(600)
    }

    private fun app(path: String) = URI.create("http://127.0.0.1:$port$path")

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
