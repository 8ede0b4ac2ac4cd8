package loadlab.webflux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import loadlab.clients.UnsupportedClientException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** A client library this app cannot use stops it at startup, with one line that names the value. */
@ExtendWith(OutputCaptureExtension.class)
class ClientChoiceTests {

    @Test
    void refusesTheBlockingClientAtStartupNamingIt(CapturedOutput output) {
        assertThatThrownBy(() -> start("simple")).hasRootCauseInstanceOf(UnsupportedClientException.class);
        assertThat(output)
                .contains("backend.client=simple is a blocking client and this app is reactive:"
                        + " choose jdk, reactor, apache or jetty");
    }

    @Test
    void refusesAnUnknownClientAtStartupNamingIt(CapturedOutput output) {
        assertThatThrownBy(() -> start("curl"));
        assertThat(output).contains("Failed to bind properties under 'backend.client'", "Value: \"curl\"");
    }

    private static void start(String client) {
        new SpringApplicationBuilder(LoadlabApplication.class)
                .run("--server.port=0", "--backend.client=" + client)
                .close();
    }
}
