package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The catalogue is read and checked like the knobs: a bad scenario is one line naming the scenario and the field. */
class CatalogueTests {

    private static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();

    /** The first scenario of a catalogue written as these lines of YAML, made into a plan with these knobs given. */
    static Plan plan(Map<String, String> given, String... lines) {
        Scenario scenario = Scenarios.parse(String.join("\n", lines)).entries().getFirst();
        return Plans.of(scenario, new KnobValues(given, Optional.of(scenario)));
    }

    static Plan plan(String... lines) {
        return plan(Map.of(), lines);
    }

    @Test
    void everyScenarioOfTheProjectsCatalogueMakesAPlan() {
        Scenarios catalogue = Scenarios.read(PROJECT);

        assertThat(catalogue.entries()).extracting(Scenario::name).contains("compare", "sweep", "open");
        for (Scenario scenario : catalogue.entries()) {
            Plan plan = Plans.of(scenario, new KnobValues(Map.of(), Optional.of(scenario)));
            assertThat(plan.name()).isEqualTo(scenario.name());
        }
    }

    @Test
    void aScenarioSetsItsKnobsAndTheDefaultsDoTheRest() {
        Plan plan = plan("fanout-4:", "  kind: comparison", "  request: /fanout?n=4", "  users: 300", "  about: four");

        assertThat(plan.load()).isEqualTo(new LoadShape.Closed(300));
        assertThat(plan.request().calls()).isEqualTo(4);
        assertThat(plan.phases().window()).as("the knob's default").hasSeconds(60);
        assertThat(plan.folder()).as("results/<name>/ by default").isEqualTo("fanout-4");
        assertThat(plan.about()).isEqualTo("four");
    }

    @Test
    void aListIsWhatTheCommandLineWritesWithCommas() {
        Plan plan = plan("x:", "  kind: sweep", "  usersList: [500, 100]", "  apps: [webflux, virtual]");

        assertThat(plan.loads()).extracting(LoadShape::concurrency).containsExactly(100, 500);
        assertThat(plan.targetNames()).containsExactly("direct", "app-webflux", "app-virtual");
        assertThat(plan("x:", "  kind: sweep", "  usersList: 500,100").loads()).isEqualTo(plan.loads());
    }

    @Test
    void aKnobOnTheCommandLineBeatsTheScenario() {
        Plan plan = plan(Map.of("users", "50"), "x:", "  kind: comparison", "  users: 300");

        assertThat(plan.load()).isEqualTo(new LoadShape.Closed(50));
    }

    @Test
    void aScenarioMayGiveItsAppsOtherJvmFlagsAndTheCommandLineBeatsThem() {
        String[] scenario = {"x:", "  kind: comparison", "  appJvmFlags: -Xms2g -Xmx2g -XX:+UseG1GC"};

        assertThat(plan(scenario).appJvmFlags()).containsExactly("-Xms2g", "-Xmx2g", "-XX:+UseG1GC");
        assertThat(plan(Map.of("appJvmFlags", "-Xmx1g"), scenario).appJvmFlags())
                .containsExactly("-Xmx1g");
        assertThat(plan("x:", "  kind: comparison", "  appJvmFlags: [-Xms2g, -Xmx2g]")
                        .appJvmFlags())
                .as("a YAML list of flags")
                .containsExactly("-Xms2g", "-Xmx2g");
        assertThat(plan("y:", "  kind: comparison").appJvmFlags())
                .as("the knob's default")
                .isEqualTo(Plan.DEFAULT_APP_JVM_FLAGS);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "users: abc             | scenarios.yaml [x] users='abc' is not a whole number",
                "delayMax: 0            | scenarios.yaml [x] delayMax=0 leaves no mean delay",
                "request: /fanout?n=0   | scenarios.yaml [x] request: '/fanout?n=0' asks for n=0 calls",
                "request: /slow         | scenarios.yaml [x] request: '/slow' is not a request the apps serve",
                "usersList: 100,200     | scenarios.yaml [x] usersList sets the load of a sweep",
                "apps: tomcat           | scenarios.yaml [x] apps: unknown app 'tomcat'",
                "jitWarmup: maybe       | scenarios.yaml [x] jitWarmup='maybe' is not on or off",
                "colour: blue           | scenarios.yaml [x] has no field 'colour'",
                "host: 10.0.0.1         | scenarios.yaml [x] has no field 'host'",
                "engines: 127.0.0.2:1099 | scenarios.yaml [x] has no field 'engines'",
                "appJvmFlags: Xmx2g     | scenarios.yaml [x] appJvmFlags='Xmx2g' has 'Xmx2g', which is not a JVM flag",
                "kind: stress           | scenarios.yaml [x] kind='stress' is not comparison, sweep, open or timeline",
                "users: {a: 1}          | scenarios.yaml [x] users is not a value or a list of values",
                "default: maybe         | scenarios.yaml [x] default=",
            })
    void aBadFieldIsOneLineNamingTheScenarioAndTheField(String field, String expected) {
        String[] lines = field.startsWith("kind:")
                ? new String[] {"x:", "  " + field}
                : new String[] {"x:", "  kind: comparison", "  " + field};

        assertThatThrownBy(() -> plan(lines))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aMalformedFileIsOneLineNamingTheLineOrTheScenario() {
        assertThatThrownBy(() -> plan("x:", "  kind: comparison", "x:", "  kind: sweep"))
                .hasMessageStartingWith("scenarios.yaml line 3: Duplicate field 'x'");
        assertThatThrownBy(() -> plan("x:", "  kind: comparison", "  users: 5", "  users: 6"))
                .hasMessageStartingWith("scenarios.yaml line 4: Duplicate field 'users'");
        assertThatThrownBy(() -> plan("x:", "  kind: [comparison"))
                .hasMessageStartingWith("scenarios.yaml line ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> plan("- x")).hasMessage("scenarios.yaml is not a map of scenarios by name");
        assertThatThrownBy(() -> plan("Big:", "  kind: comparison"))
                .hasMessage("scenarios.yaml: 'Big' is not a scenario name (lower-case letters, digits and -)");
        assertThatThrownBy(() -> plan("x:", "  users: 5"))
                .hasMessage("scenarios.yaml [x] has no kind (comparison, sweep, open or timeline)");
        assertThatThrownBy(() -> plan("x: 5")).hasMessage("scenarios.yaml [x] is not a map of fields");
    }
}
