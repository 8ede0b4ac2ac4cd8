package loadlab.slowserver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** slow-server's command line as a process of its own sees it: a bad option is exit code 2 and one line. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SlowServerProcessIT {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            --min-delay-ms=abc               | slow-server: --min-delay-ms=abc is not a whole number
            --schedule=30s:0..4000,20s:0..x  | slow-server: --schedule phase 2 (20s:0..x): delays 0..x are not min..max or one number of ms, e.g. 0..4000
            """)
    void theProcessRejectsBadConfigurationWithExitCodeTwoAndOneLine(String badArgument, String expectedLine)
            throws Exception {
        Process process = new ProcessBuilder(
                        SlowServerInFlightIT.javaBinary(),
                        "-cp",
                        SlowServerInFlightIT.classpath(),
                        SlowServer.class.getName(),
                        badArgument)
                .start();
        try {
            boolean exited = process.waitFor(30, TimeUnit.SECONDS);
            assertThat(exited).as("child JVM exited").isTrue();

            assertThat(process.exitValue()).isEqualTo(2);
            String stderr = new String(process.getErrorStream().readAllBytes());
            assertThat(stderr.lines().toList()).containsExactly(expectedLine);
            assertThat(process.getInputStream().readAllBytes()).as("stdout").isEmpty();
        } finally {
            process.destroyForcibly();
        }
    }
}
