package loadlab.loadtest.report;

import java.util.OptionalDouble;
import java.util.function.DoubleFunction;
import java.util.function.Function;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResourceCost;

/**
 * One column of a probe's figures in a report: which probe, the header, the figure and how it reads.
 *
 * @param probe  the probe whose figures it reads
 * @param header the column's header, e.g. {@code Old gen after GC (MiB)}
 * @param value  the figure, from the probe's record; empty where the record has none
 * @param format how it reads, e.g. {@code Format::whole}
 */
public record ProbeColumn<F extends Record>(
        ProbeFigures.Key<F> probe, String header, Function<F, OptionalDouble> value, DoubleFunction<String> format) {

    /** The figure of a point's cost; empty when its probe gave none there. */
    OptionalDouble of(ResourceCost cost) {
        return cost.probes().get(probe).map(value).orElse(OptionalDouble.empty());
    }

    /** Whether its probe gave figures for this cost. */
    boolean has(ResourceCost cost) {
        return cost.probes().get(probe).isPresent();
    }
}
