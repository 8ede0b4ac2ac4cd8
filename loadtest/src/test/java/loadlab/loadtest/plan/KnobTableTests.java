package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** knobs.tsv is the one list of knobs: the pom passes each one through, and docs/knobs.md documents each one. */
class KnobTableTests {

    /** Surefire runs in loadtest/. */
    private static final Path MODULE = Path.of(System.getProperty("user.dir"));

    @Test
    void thePomPassesEveryKnobToTheRunner() throws IOException {
        String pom = Files.readString(MODULE.resolve("pom.xml"));

        for (Knob knob : Knob.all()) {
            assertThat(pom).as(knob.property()).contains("<" + knob.property() + "/>");
            assertThat(pom).as(knob.property()).contains("--" + knob.property() + "=${" + knob.property() + "}");
        }
    }

    @Test
    void theAppsDefaultJvmFlagsAreTheTables() {
        assertThat(Knob.all())
                .filteredOn(knob -> knob.property().equals("appJvmFlags"))
                .singleElement()
                .satisfies(
                        knob -> assertThat(knob.defaultValue()).contains(String.join(" ", Plan.DEFAULT_APP_JVM_FLAGS)));
    }

    @Test
    void theDocsDocumentEveryKnob() throws IOException {
        String readme = Files.readString(MODULE.getParent().resolve("docs").resolve("knobs.md"));

        for (Knob knob : Knob.all()) {
            assertThat(readme)
                    .as(knob.makeVariable())
                    .contains("| `" + knob.makeVariable() + "` | `" + knob.property() + "` |");
        }
    }
}
