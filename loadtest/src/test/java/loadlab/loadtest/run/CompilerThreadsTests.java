package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The JIT's compiler threads, found in {@code /proc} by their name, for the warm-up and a request's cost. */
class CompilerThreadsTests {

    @Test
    void compilerThreadsAreFoundByTheirName() {
        assertThat(CompilerThreads.isCompilerName("C2 CompilerThre\n")).isTrue();
        assertThat(CompilerThreads.isCompilerName("C1 CompilerThre")).isTrue();
        assertThat(CompilerThreads.isCompilerName("GC Thread#0")).isFalse();
        assertThat(CompilerThreads.isCompilerName("http-nio-8081-e")).isFalse();
    }

    @Test
    void thisJvmsCompilerThreadsAreReadFromProc() {
        long nanos = new CompilerThreads(ProcessHandle.current().pid()).cpuNanos();

        assertThat(nanos).as("a JVM that has run tests has compiled something").isPositive();
    }
}
