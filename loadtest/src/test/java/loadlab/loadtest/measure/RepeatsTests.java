package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class RepeatsTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow ONE_SECOND = MeasurementWindow.ofSeconds(T0, 1);

    /** A run that completed {@code requests} in a one-second window: its throughput is {@code requests} req/s. */
    private static RunStats run(int requests) {
        List<Sample> samples = Collections.nCopies(requests, new Sample(T0, T0 + 500, true, "200", "OK", 490));
        return RunStats.compute(samples, ONE_SECOND, 20.0);
    }

    private static ResourceCost cpuPer1000(double seconds) {
        return new ResourceCost(
                Optional.of(new ResourceUsage(1, 1, OptionalDouble.of(seconds), 300, 40, true)),
                Optional.empty(),
                Optional.empty());
    }

    @Test
    void anOddCountIsRepresentedByTheRunWithTheMedianThroughput() {
        assertThat(Repeats.representative(List.of(run(308), run(290), run(300))))
                .isEqualTo(2);
        assertThat(Repeats.representative(List.of(run(300), run(308), run(290))))
                .isEqualTo(0);
    }

    @Test
    void anEvenCountIsRepresentedByTheLowerOfTheTwoMiddleRunsNeverABlend() {
        assertThat(Repeats.representative(List.of(run(10), run(40), run(20), run(30))))
                .isEqualTo(2);
        assertThat(Repeats.representative(List.of(run(12), run(11)))).isEqualTo(1);
    }

    @Test
    void oneRunRepresentsItselfAndEqualThroughputsKeepTheirRunOrder() {
        assertThat(Repeats.representative(List.of(run(5)))).isEqualTo(0);
        assertThat(Repeats.representative(List.of(run(7), run(7), run(7)))).isEqualTo(1);
    }

    @Test
    void theRepresentativeRowAndCostAreThoseOfTheSameRun() {
        Target virtual = Target.app("virtual").orElseThrow();
        List<RunStats> runs = List.of(run(308), run(290), run(300));
        Repeats repeats = new Repeats(virtual, runs, List.of(cpuPer1000(0.8), cpuPer1000(0.9), cpuPer1000(1.0)));

        assertThat(repeats.representative()).isEqualTo(2);
        assertThat(repeats.cost(repeats.representative())).isEqualTo(cpuPer1000(1.0));
        assertThat(Repeats.of(virtual, runs).cost(0)).isEqualTo(ResourceCost.NONE);
    }

    @Test
    void rejectsNoRunsAndCostsThatDoNotPairWithTheRuns() {
        Target direct = Target.DIRECT;

        assertThatIllegalArgumentException().isThrownBy(() -> Repeats.representative(List.of()));
        assertThatIllegalArgumentException().isThrownBy(() -> Repeats.of(direct, List.of()));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Repeats(direct, List.of(run(1), run(2)), List.of(cpuPer1000(1))));
    }
}
