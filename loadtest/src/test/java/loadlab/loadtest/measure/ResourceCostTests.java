package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ResourceCostTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(T0, 20);

    private static ResourceSamples.Reading at(long millis, long cpuMillis, int threads) {
        return new ResourceSamples.Reading(millis, cpuMillis * 1_000_000, 300 * 1024, threads);
    }

    @Test
    void appAndLoadGeneratorAreMeasuredOverTheSameWindowAndRequests() {
        ResourceSamples app = new ResourceSamples(
                List.of(at(T0 - 500, 1_000, 40), at(T0 + 10_000, 11_000, 90), at(T0 + 20_500, 21_000, 60)));
        ResourceSamples loadGenerator =
                new ResourceSamples(List.of(at(T0 - 200, 5_000, 500), at(T0 + 19_800, 9_000, 520)));
        JfrFigures jfr = new JfrFigures(4, 12.5, OptionalDouble.of(70), OptionalInt.of(0));

        ResourceCost cost = ResourceCost.of(app, Optional.of(jfr), loadGenerator, WINDOW, 4_000);

        ResourceUsage process = cost.process().orElseThrow();
        assertThat(process.cpuSeconds()).isCloseTo(10.0, within(1e-9));
        assertThat(process.cpuSecondsPer1000Requests()).hasValueCloseTo(2.5, within(1e-9));
        assertThat(process.peakThreads()).isEqualTo(90);
        assertThat(cost.loadGenerator().orElseThrow().averageCores()).isCloseTo(0.2, within(1e-9));
        assertThat(cost.jfr()).contains(jfr);
    }

    @Test
    void withNothingSampledEverySourceIsEmptyRatherThanZero() {
        ResourceCost cost = ResourceCost.of(ResourceSamples.NONE, Optional.empty(), ResourceSamples.NONE, WINDOW, 10);

        assertThat(cost).isEqualTo(ResourceCost.NONE);
    }

    private static ResourceUsage per1000(double seconds) {
        return new ResourceUsage(seconds * 3, 0.1, OptionalDouble.of(seconds), 300, 40, true);
    }

    @Test
    void anAppsCpuOverSlowServersIsTheRatioOfTheirCostsPerRequestOverTheSameWindow() {
        ResourceCost app = new ResourceCost(Optional.of(per1000(0.90)), Optional.empty(), Optional.empty())
                .withBackend(Optional.of(per1000(0.60)));

        assertThat(app.cpuOverBackend()).hasValueCloseTo(1.5, within(1e-12));
    }

    @Test
    void withoutSlowServersCpuOrWithNoneOfItThereIsNoRatio() {
        ResourceCost direct = new ResourceCost(Optional.of(per1000(0.30)), Optional.empty(), Optional.empty());
        ResourceCost idleBackend = direct.withBackend(Optional.of(per1000(0)));
        ResourceCost unsampledApp = ResourceCost.NONE.withBackend(Optional.of(per1000(0.60)));

        assertThat(direct.cpuOverBackend()).isEmpty();
        assertThat(idleBackend.cpuOverBackend()).isEmpty();
        assertThat(unsampledApp.cpuOverBackend()).isEmpty();
    }
}
