package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.Verdicts;
import loadlab.loadtest.plan.CpuPinning;

/**
 * How much CPU a target and the rest of the lab (the load generator, and slow-server behind an app) used at one point,
 * and whether that is busy enough to count among the causes of a shortfall. Unpinned, they share the machine and can
 * starve each other with none busy alone; pinned apart, the app's cores and the lab's are two budgets, and whichever is
 * busy is what limited the row. Engines on this machine count with the lab's side, and any engine busy on its own
 * processors is a limit of the lab's side too. An app on another host whose processors were read is judged against
 * its own host's cores, the lab's against this machine's.
 *
 * @param target the target's own cores (for direct, slow-server's)
 * @param generator the load generator's, engines on this machine included
 * @param backend slow-server's behind an app; empty for direct and where it was not sampled
 * @param apart empty when target and lab share one budget (the machine's cores); else the target's own budget
 * @param budget the shared budget, or the lab's when apart
 * @param labLimited the lab's side, not the model, was the limit (more load generators would lift it)
 */
record CpuShare(
        String name,
        String target,
        String generator,
        Optional<String> backend,
        Optional<Budget> apart,
        Budget budget,
        boolean targetBusy,
        boolean labBusy,
        boolean labLimited,
        List<BusyEngine> busyEngines) {

    /** Cores that one side may use, and whose: the machine's, the lab's pinned ones, or another host's. */
    record Budget(int cores, boolean host) {}

    record BusyEngine(String engine, String cores, int of) {}

    boolean busy() {
        return targetBusy || labBusy || !busyEngines.isEmpty();
    }

    /** Empty when the target's process was not sampled. */
    static Optional<CpuShare> of(Point point, CpuPinning cpus) {
        Optional<ResourceUsage> process = point.cost().process();
        if (process.isEmpty()) {
            return Optional.empty();
        }
        double own = process.get().averageCores();
        double runner =
                point.cost().loadGenerator().map(ResourceUsage::averageCores).orElse(0.0);
        double enginesHere = point.cost().engines().stream()
                .filter(EngineUsage::onThisMachine)
                .flatMap(engine -> engine.usage().stream())
                .mapToDouble(ResourceUsage::averageCores)
                .sum();
        double generator = runner + enginesHere;
        Optional<Double> backend = point.cost().backend().map(ResourceUsage::averageCores);
        double lab = generator + backend.orElse(0.0);
        List<BusyEngine> engines = point.cost().engines().stream()
                .filter(EngineUsage::busy)
                .map(e -> new BusyEngine(
                        e.engine(),
                        Format.hundredths(e.usage().orElseThrow().averageCores()),
                        e.processors().orElseThrow()))
                .toList();
        OptionalInt host = point.cost().hostCores();
        int labCores = cpus.pinned() ? cpus.labCpus().size() : cpus.machine();
        String name = point.target().name();
        String generatorCores = Format.hundredths(generator);
        Optional<String> backendCores = backend.map(Format::hundredths);
        if (host.isPresent() && point.target().isApp()) {
            boolean appBusy = Verdicts.cpuBusy(own, host.getAsInt());
            boolean labBusy = point.cost().loadGenerator().isPresent() && Verdicts.cpuBusy(lab, labCores);
            return Optional.of(new CpuShare(
                    name,
                    Format.hundredths(own),
                    generatorCores,
                    backendCores,
                    Optional.of(new Budget(host.getAsInt(), true)),
                    new Budget(labCores, false),
                    appBusy,
                    labBusy,
                    labBusy || !engines.isEmpty(),
                    engines));
        }
        if (cpus.pinned()) {
            if (!point.target().isApp()) {
                boolean labBusy = Verdicts.cpuBusy(own + generator, labCores);
                return Optional.of(new CpuShare(
                        name,
                        Format.hundredths(own),
                        generatorCores,
                        Optional.empty(),
                        Optional.empty(),
                        new Budget(labCores, false),
                        false,
                        labBusy,
                        labBusy || !engines.isEmpty(),
                        engines));
            }
            boolean appBusy = Verdicts.cpuBusy(own, cpus.appCores());
            boolean labBusy = Verdicts.cpuBusy(lab, labCores);
            return Optional.of(new CpuShare(
                    name,
                    Format.hundredths(own),
                    generatorCores,
                    backendCores,
                    Optional.of(new Budget(cpus.appCores(), false)),
                    new Budget(labCores, false),
                    appBusy,
                    labBusy,
                    labBusy || !engines.isEmpty(),
                    engines));
        }
        int machine = cpus.machine();
        boolean ownBusy = Verdicts.cpuBusy(own, machine);
        boolean busy = ownBusy || Verdicts.cpuBusy(own + lab, machine);
        // Sharing the machine, the lab is the limit when it used more of it than the target did.
        boolean labLimited = (busy && !ownBusy && lab > own) || !engines.isEmpty();
        return Optional.of(new CpuShare(
                name,
                Format.hundredths(own),
                generatorCores,
                backendCores,
                Optional.empty(),
                new Budget(machine, false),
                ownBusy,
                busy && !ownBusy,
                labLimited,
                engines));
    }
}
