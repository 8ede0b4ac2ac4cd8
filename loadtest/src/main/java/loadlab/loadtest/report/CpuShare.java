package loadlab.loadtest.report;

import java.util.Optional;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.Verdicts;

/**
 * How much of the machine a target used at one point, alone or with the load generator that shares the machine,
 * and whether that is busy enough to count among the causes of a shortfall.
 */
record CpuShare(boolean busy, String text) {

    /** Empty when the target's process was not sampled. */
    static Optional<CpuShare> of(Point point, int cores) {
        Optional<ResourceUsage> process = point.cost().process();
        if (process.isEmpty()) {
            return Optional.empty();
        }
        String name = point.target().name();
        double app = process.get().averageCores();
        Optional<ResourceUsage> generator = point.cost().loadGenerator();
        if (Verdicts.cpuBusy(app, cores) || generator.isEmpty()) {
            return Optional.of(new CpuShare(
                    Verdicts.cpuBusy(app, cores),
                    name + " used " + Format.hundredths(app) + " of the machine's " + cores + " cores"));
        }
        double both = app + generator.get().averageCores();
        // The load generator shares the machine: together they can starve each other with neither busy alone.
        return Optional.of(new CpuShare(
                Verdicts.cpuBusy(both, cores),
                name + " " + Format.hundredths(app) + " + load generator "
                        + Format.hundredths(generator.get().averageCores()) + " = " + Format.hundredths(both)
                        + " of the machine's " + cores + " cores"));
    }
}
