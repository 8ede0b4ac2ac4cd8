package loadlab.loadtest.plan;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** Targets in the order they ran, so every table and legend of a report lists them alike. */
public final class RunOrder {

    private RunOrder() {}

    /**
     * @param runOrder target names as the scenario lists them
     * @param seen     the targets that have points, in the order the points met them
     * @return {@code seen} sorted by {@code runOrder}; a target it does not name comes after, in the order it was seen,
     *         rather than being dropped
     */
    public static List<Target> of(List<String> runOrder, Collection<Target> seen) {
        List<Target> ordered = new ArrayList<>(seen.stream().distinct().toList());
        ordered.sort(Comparator.comparingInt(target -> {
            int at = runOrder.indexOf(target.name());
            return at < 0 ? Integer.MAX_VALUE : at;
        }));
        return List.copyOf(ordered);
    }
}
