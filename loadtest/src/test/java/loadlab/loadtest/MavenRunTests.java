package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import loadlab.loadtest.plan.Knobs;
import org.junit.jupiter.api.Test;

/**
 * `./mvnw -pl loadtest verify -Dusers=50`: every knob Maven is given reaches the runner, and nothing else does; a
 * build of every module runs no load.
 */
class MavenRunTests {

    @Test
    void everyKnobGivenAsAPropertyBecomesTheRunnersArgumentAndNothingElseDoes() {
        Properties properties = new Properties();
        properties.setProperty("users", "50");
        properties.setProperty("appJvmFlags", "-Xms1g -Xmx1g");
        properties.setProperty("maven.home", "/opt/maven");
        properties.setProperty("mode", "report");
        properties.setProperty("USERS", "60");

        List<String> args = MavenRun.knobs(properties);

        assertThat(args).containsExactly("--users=50", "--appJvmFlags=-Xms1g -Xmx1g");
        List<String> withProject = new ArrayList<>(args);
        withProject.add("--project=" + Path.of(System.getProperty("user.dir")).getParent());
        Knobs knobs = Knobs.parse(withProject.toArray(String[]::new));
        assertThat(knobs.plan().load().concurrency()).isEqualTo(50);
        assertThat(knobs.plan().appJvmFlags()).containsExactly("-Xms1g", "-Xmx1g");
    }

    @Test
    void aLoadRunsOnlyInABuildThatDoesNotAlsoBuildTheJarsItStarts() {
        String wholeTree = "[MavenProject: loadlab:loadlab-parent:0.1.0-SNAPSHOT @ /lab/pom.xml,"
                + " MavenProject: loadlab:slow-server:0.1.0-SNAPSHOT @ /lab/slow-server/pom.xml,"
                + " MavenProject: loadlab:app-webflux:0.1.0-SNAPSHOT @ /lab/app-webflux/pom.xml,"
                + " MavenProject: loadlab:loadtest:0.1.0-SNAPSHOT @ /lab/loadtest/pom.xml]";
        String runnerAndItsLibraries = "[MavenProject: loadlab:loadlab-parent:0.1.0-SNAPSHOT @ /lab/pom.xml,"
                + " MavenProject: loadlab:reporting:0.1.0-SNAPSHOT @ /lab/reporting/pom.xml,"
                + " MavenProject: loadlab:loadtest:0.1.0-SNAPSHOT @ /lab/loadtest/pom.xml]";

        assertThat(MavenRun.jarsBuiltAlongside(wholeTree)).containsExactly("slow-server", "app-webflux");
        assertThat(MavenRun.jarsBuiltAlongside(runnerAndItsLibraries)).isEmpty();
        assertThat(MavenRun.jarsBuiltAlongside(
                        "[MavenProject: loadlab:loadtest:0.1.0-SNAPSHOT @ /lab/loadtest/pom.xml]"))
                .isEmpty();
    }
}
