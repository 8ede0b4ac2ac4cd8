package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** Whose CPU held a row back, and that a busy load generator names its fix: more of them. */
class CpuShareTests {

    private static final CpuPinning SHARED = CpuPinning.none(2);
    private static final CpuPinning APART = new CpuPinning(List.of(1), List.of(0), 2);

    @Test
    void aBusyAppOnItsOwnIsTheModelsLimit() {
        CpuShare share = share(Target.APPS.getFirst(), 1.9, 0.05, SHARED);

        assertThat(share.busy()).isTrue();
        assertThat(share.text()).doesNotContain(CpuShare.MORE_ENGINES);
    }

    @Test
    void aMachineBusyMostlyWithTheLoadGeneratorNamesMoreEngines() {
        CpuShare share = share(Target.APPS.getFirst(), 0.6, 1.3, SHARED);

        assertThat(share.busy()).isTrue();
        assertThat(share.text()).endsWith(CpuShare.MORE_ENGINES);
    }

    @Test
    void pinnedApartTheLabsBusyCoreNamesMoreEnginesAndAnIdleOneDoesNot() {
        assertThat(share(Target.APPS.getFirst(), 0.5, 0.97, APART).text()).endsWith(CpuShare.MORE_ENGINES);
        assertThat(share(Target.APPS.getFirst(), 0.99, 0.3, APART).text()).doesNotContain(CpuShare.MORE_ENGINES);
        assertThat(share(Target.DIRECT, 0.4, 0.58, APART).text()).endsWith(CpuShare.MORE_ENGINES);
    }

    private static CpuShare share(Target target, double ownCores, double generatorCores, CpuPinning cpus) {
        ResourceCost cost =
                new ResourceCost(Optional.of(usage(ownCores)), Optional.empty(), Optional.of(usage(generatorCores)));
        Point point = SweepFixtures.sweepPoint(target, 500, 200, 0, 10, 0, cost);
        return CpuShare.of(point, cpus).orElseThrow();
    }

    private static ResourceUsage usage(double cores) {
        return new ResourceUsage(cores * 30, cores, OptionalDouble.empty(), 300, 50, true);
    }
}
