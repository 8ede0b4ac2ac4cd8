package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * scripts/run-reaped, which `make compare` runs the lab under: nothing it started may outlive it, whether the command
 * ends by itself or the script is told to stop. The command here stands in for Maven: a process that runs until
 * stopped, plus a tagged "service" that has already lost its parent, as services do when a runner JVM dies.
 */
class RunReapedIT {

    /** A command that runs until stopped and leaves an orphaned process tagged with the run's id behind it. */
    private static final String LAB = "(bash -c 'while :; do sleep 1; done' \"-Dloadlab.run=$LOADLAB_RUN_ID\" &); ";

    @ParameterizedTest(name = "SIG{0}")
    @CsvSource({"TERM, 143, 15", "INT, 130, 2", "HUP, 129, 1"})
    void aSignalEndsTheCommandItsChildrenAndEveryTaggedProcessAtOnce(String signal, int exitCode, int number)
            throws Exception {
        // A shell cannot trap a signal ignored when it started: SIGINT in a background job, SIGHUP under nohup.
        assumeFalse(LabFixtures.ignored(number), "SIG" + signal + " was ignored when this build started");
        String runId = LabFixtures.newRunId("reaped-" + signal);
        Process script = runReaped(runId, LAB + "while :; do sleep 1; done");
        try {
            awaitTagged(runId);
            List<ProcessHandle> tree = script.descendants().toList();
            assertThat(tree).isNotEmpty();

            new ProcessBuilder("kill", "-" + signal, Long.toString(script.pid()))
                    .start()
                    .waitFor(10, TimeUnit.SECONDS);

            // Well before the command would end by itself (never): the signal is handled now, not after the command.
            assertThat(script.waitFor(30, TimeUnit.SECONDS))
                    .as("run-reaped stops on SIG" + signal)
                    .isTrue();
            assertThat(script.exitValue()).isEqualTo(exitCode);
            assertThat(tree).noneMatch(ProcessHandle::isAlive);
            assertThat(LabFixtures.processesOf(runId)).isEmpty();
        } finally {
            script.descendants().forEach(ProcessHandle::destroyForcibly);
            script.destroyForcibly();
            LabFixtures.processesOf(runId).forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void aCommandThatEndsByItselfKeepsItsExitCodeAndLeavesNoTaggedProcess() throws Exception {
        String runId = LabFixtures.newRunId("reaped-exit");
        Process script = runReaped(
                runId, LAB + "until pgrep -f -- \"-Dloadlab.run=$LOADLAB_RUN_ID\"; do sleep 0.1; done; " + "exit 3");
        try {
            assertThat(script.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(script.exitValue()).isEqualTo(3);
            assertThat(LabFixtures.processesOf(runId)).isEmpty();
        } finally {
            script.destroyForcibly();
            LabFixtures.processesOf(runId).forEach(ProcessHandle::destroyForcibly);
        }
    }

    private static Process runReaped(String runId, String command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(
                LabFixtures.PROJECT.resolve("scripts/run-reaped").toString(), "bash", "-c", command);
        builder.environment().put("LOADLAB_RUN_ID", runId);
        return builder.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static void awaitTagged(String runId) throws InterruptedException {
        for (int i = 0; i < 300 && LabFixtures.processesOf(runId).isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(LabFixtures.processesOf(runId))
                .as("the tagged process started")
                .isNotEmpty();
    }
}
