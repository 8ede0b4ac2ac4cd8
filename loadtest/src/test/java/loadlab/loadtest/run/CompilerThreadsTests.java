package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The JIT's compiler threads, found in {@code /proc} by their name, for the warm-up and a request's cost. */
class CompilerThreadsTests {

    @Test
    void thisJvmsCompilerThreadsAreReadFromProc() {
        long nanos = new CompilerThreads(ProcessHandle.current().pid()).cpuNanos();

        assertThat(nanos).as("a JVM that has run tests has compiled something").isPositive();
    }
}
