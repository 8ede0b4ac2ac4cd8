package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;

class KnobsTests {

    @Test
    void emptyValuesMeanTheDefaults() {
        Knobs knobs = Knobs.parse("--tasks=", "--taskMs=", "--forks=", "--iterations=", "--bench=");
        assertThat(knobs.tasks()).isEqualTo(10_000);
        assertThat(knobs.taskMs()).isEqualTo(200);
        assertThat(knobs.forks()).isEqualTo(Knobs.DEFAULT_FORKS);
        assertThat(knobs.variants()).containsExactly(Variant.values());
        assertThat(String.valueOf(Knobs.DEFAULT_TASKS)).isEqualTo(Knobs.DEFAULT_TASKS_TEXT);
        assertThat(String.valueOf(Knobs.DEFAULT_TASK_MS)).isEqualTo(Knobs.DEFAULT_TASK_MS_TEXT);
        assertThat(String.valueOf(Knobs.DEFAULT_HASH_ROUNDS)).isEqualTo(Knobs.DEFAULT_HASH_ROUNDS_TEXT);
    }

    @Test
    void badValuesAreOneLineNamingTheKnobAndTheValue() {
        assertThatThrownBy(() -> Knobs.parse("--tasks=abc"))
                .isInstanceOf(Knobs.BadKnob.class)
                .hasMessage("executors: tasks='abc' is not a whole number");
        assertThatThrownBy(() -> Knobs.parse("--forks=0")).hasMessage("executors: forks='0' must be at least 1");
        assertThatThrownBy(() -> Knobs.parse("--taskMs=-5")).hasMessage("executors: taskMs='-5' must be at least 1");
        assertThatThrownBy(() -> Knobs.parse("--iterationTime=fast"))
                .hasMessage("executors: iterationTime='fast' is not a whole number of seconds >= 1 (e.g. 2 or 2s)");
        assertThatThrownBy(() -> Knobs.parse("--bench=[oops")).hasMessageStartingWith("executors: bench='[oops'");
        assertThatThrownBy(() -> Knobs.parse("--bench=nothingLikeThis"))
                .hasMessageStartingWith("executors: bench='nothingLikeThis' matches no benchmark");
        assertThatThrownBy(() -> Knobs.parse("--speed=3")).hasMessageStartingWith("executors: unknown knob 'speed'");
        assertThatThrownBy(() -> Knobs.parse("--forks=1", "--iterations=2"))
                .hasMessageContaining("JMH's error bar needs at least 3");
        assertThatThrownBy(() -> Knobs.parse("--forks=1", "--iterations=2"))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void makePassesTheKnobsByTheirMakeVariables() {
        Knobs knobs = Knobs.parse("TASKS=500", "TASK_MS=20", "WARMUP_ITERATIONS=0", "ITERATION_TIME=3s", "BENCH=");

        assertThat(knobs.tasks()).isEqualTo(500);
        assertThat(knobs.taskMs()).isEqualTo(20);
        assertThat(knobs.warmupIterations()).isZero();
        assertThat(knobs.iterationSeconds()).isEqualTo(3);
        assertThat(knobs.variants()).containsExactly(Variant.values());
        assertThatThrownBy(() -> Knobs.parse("TASK_MS=abc"))
                .hasMessage("executors: taskMs='abc' is not a whole number");
        assertThatThrownBy(() -> Knobs.parse("USERS=50"))
                .hasMessageStartingWith("executors: unknown knob 'USERS' (known: TASKS, TASK_MS, HASH_ROUNDS,");
        assertThatThrownBy(() -> Knobs.parse("tasks=5"))
                .hasMessage("executors: argument 'tasks=5' is not --name=value or NAME=value");
    }

    @Test
    void iterationTimeTakesSecondsWithOrWithoutTheUnit() {
        assertThat(Knobs.parse("--iterationTime=3").iterationSeconds()).isEqualTo(3);
        assertThat(Knobs.parse("--iterationTime=3s").iterationSeconds()).isEqualTo(3);
    }

    @Test
    void aHashingSelectionBringsItsSerialReferenceAlong() {
        assertThat(Knobs.parse("--bench=HashingBatch.virtual").variants())
                .containsExactly(Variant.HASHING_SERIAL, Variant.HASHING_VIRTUAL_THREAD_PER_TASK);
        assertThat(Knobs.parse("--bench=BlockingBatch.virtual").variants())
                .containsExactly(Variant.BLOCKING_VIRTUAL_THREAD_PER_TASK);
    }

    @Test
    void theIncludePatternSelectsExactlyTheChosenBenchmarks() {
        String regex = Knobs.parse("--bench=fixedPool200").includeRegex();
        assertThat("loadlab.executors.BlockingBatch.fixedPool200").matches(regex);
        assertThat("loadlab.executors.HashingBatch.fixedPool200").matches(regex);
        assertThat("loadlab.executors.BlockingBatch.fixedPool2000").doesNotMatch(regex);
        assertThat("loadlab.executors.BlockingBatch.fixedPool400").doesNotMatch(regex);
        assertThat("loadlabXexecutors.BlockingBatch.fixedPool200").doesNotMatch(regex);
    }

    @Test
    void theJmhArgumentsAreValidForJmhAndCarryTheKnobs() throws Exception {
        Knobs knobs = Knobs.parse(
                "--tasks=500",
                "--taskMs=20",
                "--forks=3",
                "--warmupIterations=1",
                "--iterations=4",
                "--iterationTime=1");
        List<String> args = knobs.jmhArguments(Path.of("/tmp/out.json"));
        CommandLineOptions jmh = new CommandLineOptions(args.toArray(String[]::new));
        assertThat(jmh.getForkCount().get()).isEqualTo(3);
        assertThat(jmh.getWarmupIterations().get()).isEqualTo(1);
        assertThat(jmh.getMeasurementIterations().get()).isEqualTo(4);
        assertThat(jmh.getMeasurementTime().get().getTime()).isEqualTo(1);
        assertThat(jmh.getParameter("tasks").get()).containsExactly("500");
        assertThat(jmh.getParameter("delayMs").get()).containsExactly("20");
        assertThat(jmh.shouldFailOnError().get()).isTrue();
        assertThat(jmh.getResult().get()).isEqualTo("/tmp/out.json");
        assertThat(jmh.getJvmArgsAppend().get())
                .containsExactly("-Xms512m", "-Xmx512m", "-XX:+UseG1GC", "-XX:+AlwaysPreTouch");
        assertThat(jmh.getProfilers()).extracting(p -> p.getKlass()).contains("gc", PeakProfiler.class.getName());
    }
}
