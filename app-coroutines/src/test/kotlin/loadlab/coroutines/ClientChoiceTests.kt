package loadlab.coroutines

import loadlab.clients.UnsupportedClientException
import org.assertj.core.api.Assertions.assertThat
import org.assertj.core.api.Assertions.assertThatThrownBy
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.extension.ExtendWith
import org.springframework.boot.builder.SpringApplicationBuilder
import org.springframework.boot.test.system.CapturedOutput
import org.springframework.boot.test.system.OutputCaptureExtension

/** A client library this app cannot use stops it at startup, with one line that names the value. */
@ExtendWith(OutputCaptureExtension::class)
class ClientChoiceTests {

    @Test
    fun refusesTheBlockingClientAtStartupNamingIt(output: CapturedOutput) {
        assertThatThrownBy { start("simple") }.hasRootCauseInstanceOf(UnsupportedClientException::class.java)
        assertThat(output)
            .contains(
                "backend.client=simple is a blocking client and this app is reactive: choose jdk, reactor, apache or jetty",
            )
    }

    @Test
    fun refusesAnUnknownClientAtStartupNamingIt(output: CapturedOutput) {
        assertThatThrownBy { start("curl") }
        assertThat(output).contains("Failed to bind properties under 'backend.client'", "Value: \"curl\"")
    }

    private fun start(client: String) {
        SpringApplicationBuilder(LoadlabApplication::class.java)
            .run("--server.port=0", "--backend.client=$client")
            .close()
    }
}
