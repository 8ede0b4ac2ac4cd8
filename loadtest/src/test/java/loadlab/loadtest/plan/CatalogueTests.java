package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The catalogue is read and checked like the knobs: a bad entry is one line naming the entry and the field. */
class CatalogueTests {

    private static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();

    private static Plan plan(String... lines) {
        Catalogue catalogue = Catalogue.parse(Path.of(Catalogue.FILE), List.of(lines));
        Catalogue.Entry entry = catalogue.entries().getFirst();
        return Plans.of(entry, new KnobValues(Map.of(), Optional.of(entry)));
    }

    @Test
    void everyScenarioOfTheProjectsCatalogueMakesAPlan() {
        Catalogue catalogue = Catalogue.read(PROJECT);

        assertThat(catalogue.entries()).extracting(Catalogue.Entry::name).contains("compare", "sweep", "open");
        for (Catalogue.Entry entry : catalogue.entries()) {
            Plan plan = Plans.of(entry, new KnobValues(Map.of(), Optional.of(entry)));
            assertThat(plan.name()).isEqualTo(entry.name());
        }
    }

    @Test
    void aScenarioSetsItsKnobsAndTheTableDefaultsTheRest() {
        Plan plan = plan("[fanout-4]", "kind = comparison", "request = /fanout?n=4", "users = 300", "about = four");

        assertThat(plan.load()).isEqualTo(new LoadShape.Closed(300));
        assertThat(plan.request().calls()).isEqualTo(4);
        assertThat(plan.phases().window()).as("the table's default").hasSeconds(60);
        assertThat(plan.folder()).as("results/<name>/ by default").isEqualTo("fanout-4");
        assertThat(plan.about()).isEqualTo("four");
    }

    @Test
    void aKnobOnTheCommandLineBeatsTheScenario() {
        Catalogue.Entry entry = Catalogue.parse(
                        Path.of(Catalogue.FILE), List.of("[x]", "kind = comparison", "users = 300"))
                .entries()
                .getFirst();

        Plan plan = Plans.of(entry, new KnobValues(Map.of("users", "50"), Optional.of(entry)));

        assertThat(plan.load()).isEqualTo(new LoadShape.Closed(50));
    }

    @Test
    void aScenarioMayGiveItsAppsOtherJvmFlagsAndTheCommandLineBeatsThem() {
        Catalogue.Entry entry = Catalogue.parse(
                        Path.of(Catalogue.FILE),
                        List.of("[x]", "kind = comparison", "appJvmFlags = -Xms2g -Xmx2g -XX:+UseG1GC"))
                .entries()
                .getFirst();

        assertThat(Plans.of(entry, new KnobValues(Map.of(), Optional.of(entry))).appJvmFlags())
                .containsExactly("-Xms2g", "-Xmx2g", "-XX:+UseG1GC");
        assertThat(Plans.of(entry, new KnobValues(Map.of("appJvmFlags", "-Xmx1g"), Optional.of(entry)))
                        .appJvmFlags())
                .containsExactly("-Xmx1g");
        assertThat(plan("[y]", "kind = comparison").appJvmFlags())
                .as("the table's default")
                .isEqualTo(Plan.DEFAULT_APP_JVM_FLAGS);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "users = abc        | scenarios.conf [x] users='abc' is not a whole number",
                "delayMax = 0       | scenarios.conf [x] delayMax=0 leaves no mean delay",
                "request = /fanout?n=0 | scenarios.conf [x] request: '/fanout?n=0' asks for n=0 calls",
                "request = /slow    | scenarios.conf [x] request: '/slow' is not a request the apps serve",
                "usersList = 100,200 | scenarios.conf [x] usersList sets the load of a sweep",
                "apps = tomcat      | scenarios.conf [x] apps: unknown app 'tomcat'",
                "colour = blue      | scenarios.conf line 3: [x] has no field 'colour'",
                "host = 10.0.0.1    | scenarios.conf line 3: [x] has no field 'host'",
                "engines = 127.0.0.2:1099 | scenarios.conf line 3: [x] has no field 'engines'",
                "appJvmFlags = Xmx2g | scenarios.conf [x] appJvmFlags='Xmx2g' has 'Xmx2g', which is not a JVM flag",
            })
    void aBadFieldIsOneLineNamingTheEntryAndTheField(String field, String expected) {
        assertThatThrownBy(() -> plan("[x]", "kind = comparison", field))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aMalformedFileIsOneLineNamingTheLine() {
        assertThatThrownBy(() -> plan("users = 5"))
                .hasMessage("scenarios.conf line 1: 'users = 5' is neither [name] nor field = value (a field before "
                        + "any [name])");
        assertThatThrownBy(() -> plan("[x]", "kind = comparison", "[x]"))
                .hasMessage("scenarios.conf line 3: [x] is there twice");
        assertThatThrownBy(() -> plan("[x]", "users = 5"))
                .hasMessage("scenarios.conf [x] has no kind (comparison, sweep, open or timeline)");
    }
}
