package loadlab.executors;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Every benchmark body, called directly with a small N and D (the real sizes would take minutes), really runs all N
 * tasks; and the report knows every benchmark there is.
 */
class BenchmarkBodiesTests {

    private static final int TASKS = 64;

    static Stream<Method> benchmarks() {
        return Stream.of(BlockingBatch.class, HashingBatch.class)
                .flatMap(c -> Arrays.stream(c.getDeclaredMethods()))
                .filter(m -> m.isAnnotationPresent(Benchmark.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("benchmarks")
    void runsEveryTask(Method benchmark) throws Exception {
        Object state = smallState(benchmark.getDeclaringClass());
        assertThat(benchmark.invoke(state)).isEqualTo(TASKS);
    }

    @Test
    void everyHashingVariantComputesTheSameChecksumAsTheSerialOne() throws Exception {
        List<Method> hashing = benchmarks()
                .filter(m -> m.getDeclaringClass() == HashingBatch.class)
                .toList();
        HashingBatch reference = (HashingBatch) smallState(HashingBatch.class);
        reference.serial();
        assertThat(reference.checksum).isNotZero();
        for (Method m : hashing) {
            HashingBatch state = (HashingBatch) smallState(HashingBatch.class);
            m.invoke(state);
            assertThat(state.checksum).as(m.getName()).isEqualTo(reference.checksum);
        }
    }

    @Test
    void theReportKnowsEveryBenchmarkAndNoOther() {
        List<String> declared = benchmarks()
                .map(m -> m.getDeclaringClass().getSimpleName() + "." + m.getName())
                .sorted()
                .toList();
        List<String> known =
                Arrays.stream(Variant.values()).map(Variant::benchmark).sorted().toList();
        assertThat(declared).isEqualTo(known);
    }

    private static Object smallState(Class<?> type) {
        if (type == BlockingBatch.class) {
            BlockingBatch state = new BlockingBatch();
            state.tasks = TASKS;
            state.delayMs = 5;
            return state;
        }
        HashingBatch state = new HashingBatch();
        state.tasks = TASKS;
        state.hashRounds = 2;
        return state;
    }
}
