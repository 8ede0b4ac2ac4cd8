package loadlab.loadtest.measure;

import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import loadlab.loadtest.plan.Target;

/**
 * Every measured repeat of one target, in the order they ran, each in a process of its own. Only a target whose repeats
 * all succeeded has these: one failed repeat makes the whole target a failed row, so nothing here can be missing.
 *
 * @param runs  each repeat's statistics over its own window
 * @param costs each repeat's resource cost, in the same order as {@code runs}; empty when costs were not measured
 */
public record Repeats(Target target, List<RunStats> runs, List<ResourceCost> costs) {

    public Repeats {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException(target.name() + ": repeats need at least one run");
        }
        if (!costs.isEmpty() && costs.size() != runs.size()) {
            throw new IllegalArgumentException(target.name() + ": " + costs.size() + " costs for " + runs.size()
                    + " runs; pass one per run, or none");
        }
        runs = List.copyOf(runs);
        costs = List.copyOf(costs);
    }

    public static Repeats of(Target target, List<RunStats> runs) {
        return new Repeats(target, runs, List.of());
    }

    /**
     * The run that speaks for the target in the single-run tables: the one whose throughput is the median, for an
     * even count the lower of the two middle ones, so that it is always a run that happened and never a blend.
     * Equal throughputs keep their run order.
     *
     * @return its index in {@code runs}
     */
    public static int representative(List<RunStats> runs) {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("no runs to choose from");
        }
        List<Integer> byThroughput = IntStream.range(0, runs.size())
                .boxed()
                .sorted(Comparator.comparingDouble(run -> runs.get(run).throughputPerSecond()))
                .toList();
        return byThroughput.get((runs.size() - 1) / 2);
    }

    public int representative() {
        return representative(runs);
    }

    public ResourceCost cost(int run) {
        return costs.isEmpty() ? ResourceCost.NONE : costs.get(run);
    }
}
