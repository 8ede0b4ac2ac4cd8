package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * An interleaved comparison's slices, as measured, and the ratios between its targets they give: for every pair, a
 * cost of one over the other's, round by round ({@link PairedRatio}). Throughput and latency stay per target, in the
 * points; this is where a cost figure is compared.
 *
 * @param rounds        as planned; a target that failed has fewer slices
 * @param sliceSeconds  each slice's whole length
 * @param settleSeconds the start of each slice that no figure counts
 * @param seed          the shuffles' seed, so that the order can be repeated
 * @param slices        in the order the load visited them
 * @param settledOnAccept each slice's counted span waited, past the settle, until its target had accepted every
 *                      connection ({@link SliceFigures#acceptedAll}); false in runs from before the lab did
 */
public record SideBySide(
        int rounds,
        long sliceSeconds,
        long settleSeconds,
        long seed,
        List<SliceFigures> slices,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean settledOnAccept) {

    public SideBySide {
        slices = List.copyOf(slices);
    }

    /** Slices counted from the settle's end whatever the accept queue held, as the lab did before it read the queue. */
    public SideBySide(int rounds, long sliceSeconds, long settleSeconds, long seed, List<SliceFigures> slices) {
        this(rounds, sliceSeconds, settleSeconds, seed, slices, false);
    }

    /** A cost the slices carry, lower is better; what a ratio between two targets is of. */
    public enum Cost {
        CPU_PER_1000_REQUESTS(SliceFigures::cpuSecondsPer1000Requests),
        CPU_OVER_BACKEND(SliceFigures::cpuOverBackend);

        private final Function<SliceFigures, OptionalDouble> figure;

        Cost(Function<SliceFigures, OptionalDouble> figure) {
            this.figure = figure;
        }

        OptionalDouble of(SliceFigures slice) {
            return figure.apply(slice);
        }
    }

    /** One target's cost over another's. */
    public record Ratio(String a, String b, Cost cost, PairedRatio ratio) {}

    /** The targets that have slices, in the order they first had one. */
    public List<String> targets() {
        return List.copyOf(
                new LinkedHashSet<>(slices.stream().map(SliceFigures::target).toList()));
    }

    /** A target's slices, in order. */
    public List<SliceFigures> of(String target) {
        return slices.stream().filter(s -> s.target().equals(target)).toList();
    }

    /**
     * A's cost over B's, from the rounds where both have the figure (a round where either slice lacks it pairs
     * nothing).
     */
    public PairedRatio ratio(String a, String b, Cost cost) {
        Map<Integer, Double> ofA = byRound(a, cost);
        Map<Integer, Double> ofB = byRound(b, cost);
        List<Double> pairedA = new ArrayList<>();
        List<Double> pairedB = new ArrayList<>();
        ofA.forEach((round, value) -> {
            if (ofB.containsKey(round)) {
                pairedA.add(value);
                pairedB.add(ofB.get(round));
            }
        });
        return PairedRatio.of(pairedA, pairedB);
    }

    /** Every pair of the given targets, each once, the earlier named first, for each cost. */
    public List<Ratio> ratios(List<String> targets, Cost cost) {
        List<Ratio> ratios = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            for (int j = i + 1; j < targets.size(); j++) {
                ratios.add(
                        new Ratio(targets.get(i), targets.get(j), cost, ratio(targets.get(i), targets.get(j), cost)));
            }
        }
        return ratios;
    }

    private Map<Integer, Double> byRound(String target, Cost cost) {
        Map<Integer, Double> values = new TreeMap<>();
        for (SliceFigures slice : of(target)) {
            OptionalDouble value = cost.of(slice);
            if (value.isPresent() && Double.isFinite(value.getAsDouble())) {
                values.put(slice.round(), value.getAsDouble());
            }
        }
        return values;
    }
}
