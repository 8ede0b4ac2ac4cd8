package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Knob.ALL is the one list of knobs: the help lists each one, a scenario may set those it measures, and docs/knobs.md
 * documents each one. */
class KnobTableTests {

    /** Surefire runs in loadtest/. */
    private static final Path MODULE = Path.of(System.getProperty("user.dir"));

    @Test
    void theHelpListsEveryKnobWithItsMakeVariableNameAndDefault() {
        String help = Knobs.help();

        for (Knob<?> knob : Knob.ALL) {
            assertThat(help)
                    .as(knob.name())
                    .containsPattern("(?m)^  " + knob.makeVariable() + " +--" + knob.name() + " +default "
                            + java.util.regex.Pattern.quote(
                                    knob.defaultValue() == null ? "none" : knob.defaultValue()));
        }
        for (Knobs.Mode mode : Knobs.Mode.values()) {
            assertThat(help).containsPattern("(?m)^  " + mode.command + " ");
        }
    }

    @Test
    void everyDefaultIsAValueItsKnobAccepts() {
        for (Knob<?> knob : Knob.ALL) {
            if (knob.defaultValue() != null) {
                assertThat(knob.read(knob.name(), knob.defaultValue()))
                        .as(knob.name())
                        .isNotNull();
            }
        }
    }

    @Test
    void theAppsDefaultJvmFlagsAreTheKnobsDefault() {
        assertThat(Knob.APP_JVM_FLAGS.read("appJvmFlags", Knob.APP_JVM_FLAGS.defaultValue()))
                .isEqualTo(Plan.DEFAULT_APP_JVM_FLAGS);
    }

    @Test
    void aScenarioMaySetTheKnobsOfWhatItMeasuresAndNotThoseOfWhereTheLabRuns() {
        assertThat(Knob.ALL)
                .filteredOn(knob -> !knob.inScenario())
                .extracting(Knob::name)
                .containsExactlyInAnyOrder(
                        "scenario",
                        "dbUrl",
                        "host",
                        "ports",
                        "engines",
                        "rmiSsl",
                        "keystore",
                        "callback",
                        "callbackPort",
                        "targets",
                        "results",
                        "launch",
                        "a",
                        "b");
    }

    @Test
    void theDocsDocumentEveryKnob() throws IOException {
        String readme = Files.readString(MODULE.getParent().resolve("docs").resolve("knobs.md"));

        for (Knob<?> knob : Knob.ALL) {
            assertThat(readme)
                    .as(knob.makeVariable())
                    .contains("| `" + knob.makeVariable() + "` | `--" + knob.name() + "` |");
        }
    }
}
