package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.Estimate;

/**
 * Who leads on one figure: the best value, and every model whose interval overlaps the best one's, since the margin
 * between them is no larger than what the runs themselves move by. A model leads alone only when its interval clears
 * every other's.
 */
final class Leads {

    private Leads() {}

    /** A model's figure: what it is called, its estimate, and its cell as the tables show it. */
    record Candidate(String name, Estimate estimate, String shown) {}

    /**
     * @param leaders the best first, then those even with it, best first
     * @param behind the rest, best first
     */
    record Lead(List<Candidate> leaders, List<Candidate> behind) {

        boolean even() {
            return leaders.size() > 1;
        }
    }

    /** Empty when there is no candidate. */
    static Optional<Lead> of(List<Candidate> candidates, boolean higherIsBetter) {
        if (candidates.isEmpty()) {
            return Optional.empty();
        }
        Comparator<Candidate> byValue =
                Comparator.comparingDouble(c -> c.estimate().value());
        List<Candidate> best = new ArrayList<>(candidates);
        best.sort(higherIsBetter ? byValue.reversed() : byValue);
        Candidate first = best.getFirst();
        List<Candidate> leaders = new ArrayList<>();
        List<Candidate> behind = new ArrayList<>();
        for (Candidate c : best) {
            boolean beaten = higherIsBetter
                    ? first.estimate().above(c.estimate())
                    : first.estimate().below(c.estimate());
            (beaten ? behind : leaders).add(c);
        }
        return Optional.of(new Lead(List.copyOf(leaders), List.copyOf(behind)));
    }
}
