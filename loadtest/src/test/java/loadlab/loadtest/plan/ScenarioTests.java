package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.ZonedDateTime;
import java.util.List;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.MeasurementWindow;
import org.junit.jupiter.api.Test;

class ScenarioTests {

    @Test
    void theMeanDelayIsTheMiddleOfTheRange() {
        assertThat(new Scenario(500, 10, 10, 30, 10, 0, 4_000, List.of()).backendMeanDelayMs())
                .isEqualTo(2_000.0);
        assertThat(new Scenario(500, 10, 10, 30, 10, 1_000, 2_001, List.of()).backendMeanDelayMs())
                .isEqualTo(1_500.5);
    }

    @Test
    void theWindowFollowsRampUpAndWarmUp() {
        Scenario scenario = new Scenario(500, 10, 5, 30, 10, 0, 4_000, List.of());

        assertThat(scenario.measurementWindow(1_000_000)).isEqualTo(new MeasurementWindow(1_015_000, 1_045_000));
    }

    @Test
    void rejectsADelayRangeWithoutAFiniteCeilingBeforeAnyLoadRuns() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Scenario(500, 10, 10, 30, 10, 0, 0, List.of()));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Scenario(500, 10, 10, 30, 10, 3_000, 2_000, List.of()));
        assertThatIllegalArgumentException().isThrownBy(() -> new Scenario(0, 10, 10, 30, 10, 0, 4_000, List.of()));
    }

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
