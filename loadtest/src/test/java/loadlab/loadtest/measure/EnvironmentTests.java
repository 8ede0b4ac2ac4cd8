package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class EnvironmentTests {

    @Test
    void environmentDetectsThisJvmAndMachine() {
        Environment environment = Environment.detect(
                ZonedDateTime.parse("2025-06-01T10:00:00+02:00"), "make loadtest", "abc1234", "-Xmx512m");

        assertThat(environment.dateTime()).isEqualTo("2025-06-01T10:00:00+02:00");
        assertThat(environment.commandLine()).isEqualTo("make loadtest");
        assertThat(environment.gitCommit()).isEqualTo("abc1234");
        assertThat(environment.appJvmFlags()).isEqualTo("-Xmx512m");
        assertThat(environment.jdk()).contains(System.getProperty("java.runtime.version"));
        assertThat(environment.os()).contains(System.getProperty("os.name"));
        assertThat(environment.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(environment.memory()).endsWith(" GiB");
        assertThat(environment.loadGeneratorJvm()).startsWith("max heap ");
    }
}
