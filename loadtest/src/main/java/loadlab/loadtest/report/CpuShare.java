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
 * busy is what limited the row. With the load sent from remote engines, those on this machine count with the lab's
 * side, and any engine busy on its own processors, on this machine or another, is a limit of the lab's side too. An
 * app on another host whose processors were read shares none of this machine's: its CPU is judged against its own
 * host's cores, the lab's against this machine's.
 */
record CpuShare(boolean busy, String text) {

    /** What lifts a limit of the lab's own CPU: the load generator's work spread over more machines. */
    static final String MORE_ENGINES = "; the lab's side, not the model, was the limit: more load generators would lift"
            + " it (JMeter engines, ENGINES, README \"Across several hosts\")";

    /** Empty when the target's process was not sampled. */
    static Optional<CpuShare> of(Point point, CpuPinning cpus) {
        Optional<ResourceUsage> process = point.cost().process();
        if (process.isEmpty()) {
            return Optional.empty();
        }
        String name = point.target().name();
        double own = process.get().averageCores();
        double runner =
                point.cost().loadGenerator().map(ResourceUsage::averageCores).orElse(0.0);
        // Engines on this machine send the load from its cores, as a local JMeter would: they count with the runner.
        double enginesHere = point.cost().engines().stream()
                .filter(EngineUsage::onThisMachine)
                .flatMap(engine -> engine.usage().stream())
                .mapToDouble(ResourceUsage::averageCores)
                .sum();
        double generator = runner + enginesHere;
        double backend = point.cost().backend().map(ResourceUsage::averageCores).orElse(0.0);
        String rest = "load generator " + Format.hundredths(generator)
                + (enginesHere > 0
                        ? " (runner " + Format.hundredths(runner) + " + engines on this machine "
                                + Format.hundredths(enginesHere) + ")"
                        : "")
                + (point.cost().backend().isPresent() ? " + slow-server " + Format.hundredths(backend) : "");
        OptionalInt host = point.cost().hostCores();
        if (host.isPresent() && point.target().isApp()) {
            // Two budgets, as when pinned apart: the app's host's cores and this machine's (or the lab's pinned ones).
            int labCores = cpus.pinned() ? cpus.labCpus().size() : cpus.machine();
            double lab = generator + backend;
            boolean appBusy = Verdicts.cpuBusy(own, host.getAsInt());
            boolean labBusy = point.cost().loadGenerator().isPresent() && Verdicts.cpuBusy(lab, labCores);
            return Optional.of(withBusyEngines(
                    point,
                    new CpuShare(
                            appBusy || labBusy,
                            name + " used " + Format.hundredths(own) + " of its own host's "
                                    + cores(host.getAsInt()) + (appBusy ? " (busy)" : "")
                                    + (point.cost().loadGenerator().isPresent()
                                            ? "; " + rest + " = " + Format.hundredths(lab) + " of the lab's "
                                                    + cores(labCores) + (labBusy ? " (busy)" + MORE_ENGINES : "")
                                            : ""))));
        }
        if (cpus.pinned()) {
            int labCores = cpus.labCpus().size();
            if (!point.target().isApp()) {
                // direct: slow-server runs on the lab's CPUs beside the load generator.
                double lab = own + generator;
                boolean labBusy = Verdicts.cpuBusy(lab, labCores);
                return Optional.of(withBusyEngines(
                        point,
                        new CpuShare(
                                labBusy,
                                "slow-server " + Format.hundredths(own) + " + " + rest + " = " + Format.hundredths(lab)
                                        + " of the lab's " + cores(labCores) + (labBusy ? MORE_ENGINES : ""))));
            }
            double lab = generator + backend;
            boolean appBusy = Verdicts.cpuBusy(own, cpus.appCores());
            boolean labBusy = Verdicts.cpuBusy(lab, labCores);
            return Optional.of(withBusyEngines(
                    point,
                    new CpuShare(
                            appBusy || labBusy,
                            name + " used " + Format.hundredths(own) + " of its own " + cores(cpus.appCores())
                                    + (appBusy ? " (busy)" : "") + "; " + rest + " = " + Format.hundredths(lab)
                                    + " of the lab's " + cores(labCores) + (labBusy ? " (busy)" + MORE_ENGINES : ""))));
        }
        int machine = cpus.machine();
        if (Verdicts.cpuBusy(own, machine) || point.cost().loadGenerator().isEmpty()) {
            return Optional.of(withBusyEngines(
                    point,
                    new CpuShare(
                            Verdicts.cpuBusy(own, machine),
                            name + " used " + Format.hundredths(own) + " of the machine's " + cores(machine))));
        }
        double all = own + generator + backend;
        boolean busy = Verdicts.cpuBusy(all, machine);
        // Sharing the machine, the lab is the limit when it used more of it than the target did.
        boolean labLimited = busy && generator + backend > own;
        return Optional.of(withBusyEngines(
                point,
                new CpuShare(
                        busy,
                        name + " " + Format.hundredths(own) + " + " + rest + " = " + Format.hundredths(all)
                                + " of the machine's " + cores(machine) + (labLimited ? MORE_ENGINES : ""))));
    }

    /**
     * The share with any remote engine that was busy on its own processors: such an engine, wherever it ran, was the
     * load generator's limit, whatever the target used.
     */
    private static CpuShare withBusyEngines(Point point, CpuShare share) {
        List<EngineUsage> busy =
                point.cost().engines().stream().filter(EngineUsage::busy).toList();
        if (busy.isEmpty()) {
            return share;
        }
        StringBuilder text = new StringBuilder(share.text());
        for (EngineUsage engine : busy) {
            text.append("; engine ")
                    .append(engine.engine())
                    .append(" used ")
                    .append(Format.hundredths(engine.usage().orElseThrow().averageCores()))
                    .append(" of its ")
                    .append(cores(engine.processors().orElseThrow()))
                    .append(" (busy)");
        }
        if (!share.text().contains(MORE_ENGINES)) {
            text.append(MORE_ENGINES);
        }
        return new CpuShare(true, text.toString());
    }

    private static String cores(int count) {
        return count + (count == 1 ? " core" : " cores");
    }
}
