package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The commit a report records: dirty for a changed source, not for the reports the lab itself wrote. */
class GitTests {

    @TempDir
    Path project;

    @Test
    void aChangedReportInTheResultsFolderLeavesTheCommitClean() throws Exception {
        String head = committedProject();
        Files.writeString(project.resolve("results/summary.md"), "the next scenario's report\n");

        assertThat(Git.commit(project, project.resolve("results"))).isEqualTo(head);
    }

    @Test
    void aRunIntoAnExperimentsFolderLeavesTheScenarioReportsAnEarlierRunChangedClean() throws Exception {
        String head = committedProject();
        Files.writeString(project.resolve("results/summary.md"), "the scenario's own run, just written\n");

        assertThat(Git.commit(project, project.resolve("results/experiments/repeat")))
                .isEqualTo(head);
    }

    @Test
    void aChangedSourceMakesItDirty() throws Exception {
        String head = committedProject();
        Files.writeString(project.resolve("App.java"), "class App { int changed; }\n");

        assertThat(Git.commit(project, project.resolve("results"))).isEqualTo(head + "-dirty");
    }

    @Test
    void aResultsFolderElsewhereExcludesNothing() throws Exception {
        String head = committedProject();
        Files.writeString(project.resolve("results/summary.md"), "changed, and not the results folder of this run\n");

        assertThat(Git.commit(project, project.resolveSibling("elsewhere"))).isEqualTo(head + "-dirty");
    }

    private String committedProject() throws IOException, InterruptedException {
        Files.createDirectories(project.resolve("results"));
        Files.writeString(project.resolve("App.java"), "class App {}\n");
        Files.writeString(project.resolve("results/summary.md"), "a report\n");
        git("init", "-q");
        git("add", ".");
        git("-c", "user.name=lab", "-c", "user.email=lab@localhost", "commit", "-q", "-m", "start");
        return git("rev-parse", "--short=12", "HEAD");
    }

    private String git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command)
                .directory(project.toFile())
                .redirectErrorStream(true)
                .start();
        String output = new String(git.getInputStream().readAllBytes()).trim();
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(git.exitValue()).as(output).isZero();
        return output;
    }
}
