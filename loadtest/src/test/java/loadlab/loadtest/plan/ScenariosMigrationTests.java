package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * scenarios.yaml replaces scenarios.conf: every scenario must make exactly the plan the old file made through the old
 * parser, with no knob given and with knobs given, and the catalogue must keep its order and its default scenarios.
 */
class ScenariosMigrationTests {

    private static final Path PROJECT = Path.of(System.getProperty("user.dir")).getParent();

    private static final List<Map<String, String>> COMMAND_LINES = List.of(
            Map.of(),
            Map.of("warmup", "1s", "apps", "webflux,virtual", "delayMax", "200", "appCpus", "none", "seed", "7"),
            Map.of("duration", "45s", "timeout", "3s", "jitWarmup", "on", "appJvmFlags", "-Xmx1g"),
            Map.of("users", "50", "runs", "2"));

    @Test
    void everyScenarioMakesThePlanTheOldCatalogueMade() throws IOException, URISyntaxException {
        Path conf = Path.of(getClass().getResource("/scenarios.conf").toURI());
        OldCatalogue old = OldCatalogue.parse(conf, Files.readAllLines(conf));
        Scenarios yaml = Scenarios.read(PROJECT);

        assertThat(yaml.entries())
                .extracting(Scenario::name)
                .containsExactlyElementsOf(
                        old.entries().stream().map(OldCatalogue.Entry::name).toList());
        assertThat(yaml.defaults())
                .extracting(Scenario::name)
                .containsExactlyElementsOf(
                        old.defaults().stream().map(OldCatalogue.Entry::name).toList());
        int compared = 0;
        for (OldCatalogue.Entry entry : old.entries()) {
            Scenario scenario = yaml.entry(entry.name());
            for (Map<String, String> given : COMMAND_LINES) {
                Object before = planOrError(() -> OldPlans.of(entry, new OldKnobValues(given, Optional.of(entry))));
                Object after = planOrError(() -> Plans.of(scenario, new KnobValues(given, Optional.of(scenario))));
                if (before instanceof Plan) {
                    assertThat(after).as(entry.name() + " " + given).isEqualTo(before);
                    compared++;
                } else {
                    assertThat(after)
                            .as(entry.name() + " " + given + ": " + before)
                            .isInstanceOf(String.class);
                }
            }
        }
        assertThat(compared).as("plans compared").isGreaterThan(old.entries().size());
    }

    private static Object planOrError(java.util.function.Supplier<Plan> plan) {
        try {
            return plan.get();
        } catch (IllegalArgumentException bad) {
            return bad.getMessage();
        }
    }
}
