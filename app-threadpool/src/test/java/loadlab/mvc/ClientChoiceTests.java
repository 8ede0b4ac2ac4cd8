package loadlab.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/**
 * A client library that does not exist stops the app at startup, with a message that names the value. Every real one
 * is taken (ClientsIT runs the contracts on each).
 */
@ExtendWith(OutputCaptureExtension.class)
class ClientChoiceTests {

    @Test
    void refusesAnUnknownClientAtStartupNamingIt(CapturedOutput output) {
        assertThatThrownBy(() -> new SpringApplicationBuilder(LoadlabApplication.class)
                .run("--server.port=0", "--backend.client=curl")
                .close());
        assertThat(output).contains("Failed to bind properties under 'backend.client'", "Value: \"curl\"");
    }
}
