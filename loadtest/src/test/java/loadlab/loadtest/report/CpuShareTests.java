package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import loadlab.loadtest.measure.EngineUsage;
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

    @Test
    void anEngineBusyOnItsOwnProcessorsIsTheLoadGeneratorsLimitWhereverItRan() {
        // The machine is nowhere near busy: the runner only collects; the engine on another host used 1.9 of its 2.
        CpuShare share = share(
                Target.APPS.getFirst(),
                0.4,
                0.05,
                SHARED,
                List.of(engine("192.0.2.20:1099", false, 1.9, 2), engine("192.0.2.21:1099", false, 0.5, 2)));

        assertThat(share.busy()).isTrue();
        assertThat(share.text())
                .contains("engine 192.0.2.20:1099 used 1.90 of its 2 cores (busy)")
                .doesNotContain("192.0.2.21")
                .endsWith(CpuShare.MORE_ENGINES);
    }

    @Test
    void enginesOnThisMachineCountWithTheLoadGeneratorAndEnginesElsewhereDoNot() {
        List<EngineUsage> here =
                List.of(engine("127.0.0.2:1099", true, 0.6, 2), engine("127.0.0.3:1099", true, 0.6, 2));
        List<EngineUsage> elsewhere =
                List.of(engine("192.0.2.20:1099", false, 0.6, 2), engine("192.0.2.21:1099", false, 0.6, 2));

        CpuShare onThisMachine = share(Target.APPS.getFirst(), 0.4, 0.05, SHARED, here);
        CpuShare onOtherHosts = share(Target.APPS.getFirst(), 0.4, 0.05, SHARED, elsewhere);

        // 0.4 + 0.05 + 1.2 of 2 cores is busy, and the lab's side used the most of it.
        assertThat(onThisMachine.busy()).isTrue();
        assertThat(onThisMachine.text())
                .contains("load generator 1.25 (runner 0.05 + engines on this machine 1.20)")
                .endsWith(CpuShare.MORE_ENGINES);
        assertThat(onOtherHosts.busy()).isFalse();
        assertThat(onOtherHosts.text()).doesNotContain(CpuShare.MORE_ENGINES);
    }

    @Test
    void anEngineThatCouldNotBeReadChangesNothing() {
        CpuShare without = share(Target.APPS.getFirst(), 0.6, 1.3, SHARED);
        CpuShare unread =
                share(Target.APPS.getFirst(), 0.6, 1.3, SHARED, List.of(EngineUsage.unread("192.0.2.20:1099", false)));

        assertThat(unread).isEqualTo(without);
    }

    @Test
    void aRemoteAppOnAnEightCoreHostIsJudgedAgainstItsEightCoresAndTheLabAgainstThisMachines() {
        Target webflux = Target.app("webflux").orElseThrow();

        // 1.9 cores would be busy out of this machine's 2; out of its own host's 8 they are not.
        CpuShare idle = remoteShare(webflux, 1.9, 0.05, SHARED, 8);
        CpuShare busyApp = remoteShare(webflux, 7.0, 0.05, SHARED, 8);
        CpuShare busyLab = remoteShare(webflux, 0.5, 1.8, SHARED, 8);
        CpuShare pinned = remoteShare(webflux, 0.5, 0.9, APART, 8);

        assertThat(share(webflux, 1.9, 0.05, SHARED).busy()).isTrue();
        assertThat(idle.busy()).isFalse();
        assertThat(idle.text())
                .isEqualTo("app-webflux used 1.90 of its own host's 8 cores; load generator 0.05 = 0.05 of the lab's"
                        + " 2 cores");
        assertThat(busyApp.busy()).isTrue();
        assertThat(busyApp.text())
                .contains("used 7.00 of its own host's 8 cores (busy)")
                .doesNotContain(CpuShare.MORE_ENGINES);
        // This machine's cores are the lab's alone: the remote app's CPU is not added to them.
        assertThat(busyLab.busy()).isTrue();
        assertThat(busyLab.text())
                .contains("= 1.80 of the lab's 2 cores (busy)")
                .endsWith(CpuShare.MORE_ENGINES);
        // Pinning reaches only what the lab starts here: the lab's side has its pinned core, the app its host's.
        assertThat(pinned.text()).contains("of its own host's 8 cores").contains("of the lab's 1 core (busy)");
    }

    @Test
    void aRemoteAppWhoseCoresWereNotReadIsJudgedAsBefore() {
        Target webflux = Target.app("webflux").orElseThrow();
        ResourceCost cost = new ResourceCost(Optional.of(usage(1.9)), Optional.empty(), Optional.of(usage(0.05)))
                .withHostCores(OptionalInt.empty());
        Point point = SweepFixtures.sweepPoint(webflux, 500, 200, 0, 10, 0, cost);

        assertThat(CpuShare.of(point, SHARED)).contains(share(webflux, 1.9, 0.05, SHARED));
        assertThat(CpuShare.of(point, SHARED).orElseThrow().text()).contains("of the machine's 2 cores");
    }

    private static CpuShare remoteShare(
            Target target, double ownCores, double generatorCores, CpuPinning cpus, int hostCores) {
        ResourceCost cost = new ResourceCost(
                        Optional.of(usage(ownCores)), Optional.empty(), Optional.of(usage(generatorCores)))
                .withHostCores(OptionalInt.of(hostCores));
        Point point = SweepFixtures.sweepPoint(target, 500, 200, 0, 10, 0, cost);
        return CpuShare.of(point, cpus).orElseThrow();
    }

    private static EngineUsage engine(String name, boolean here, double cores, int processors) {
        return new EngineUsage(
                name, here, OptionalInt.of(processors), OptionalDouble.of(1024), Optional.of(usage(cores)));
    }

    private static CpuShare share(
            Target target, double ownCores, double generatorCores, CpuPinning cpus, List<EngineUsage> engines) {
        ResourceCost cost = new ResourceCost(
                        Optional.of(usage(ownCores)), Optional.empty(), Optional.of(usage(generatorCores)))
                .withEngines(engines);
        Point point = SweepFixtures.sweepPoint(target, 500, 200, 0, 10, 0, cost);
        return CpuShare.of(point, cpus).orElseThrow();
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
