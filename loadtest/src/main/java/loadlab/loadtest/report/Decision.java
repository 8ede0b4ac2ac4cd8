package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.PairedRatio;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.SideBySide;
import loadlab.loadtest.plan.LoadShape;

/**
 * A situation decided from the canonical runs of its scenarios: in each scenario, at its heaviest load, the apps that
 * served it compete ({@link Scores#served}, so a model that failed its load or did not serve it is never chosen), and
 * each deciding figure in turn keeps the models even with the best one ({@link Leads}); a model is chosen when every
 * scenario of the situation kept it.
 *
 * @param reading how the situation was read: its first reading with a scenario measured, else its last
 * @param sources the reading's scenarios that were measured, in the reading's order
 * @param chosen the models every source kept, in the first source's order (best first)
 */
record Decision(Situation situation, Situation.Reading reading, List<Source> sources, List<String> chosen) {

    /**
     * One scenario of the situation at its heaviest load.
     *
     * @param apps every app of the scenario, served or not, in run order
     * @param kept the apps its deciding figures kept, best first
     */
    record Source(
            String name, ResultSet results, LoadShape load, TailFigure tail, List<Scores> apps, List<String> kept) {

        Optional<Scores> scoresOf(String model) {
            return apps.stream().filter(s -> s.target().name().equals(model)).findFirst();
        }

        /** The apps that competed: every app that served the load. */
        List<String> competing() {
            return apps.stream()
                    .filter(Scores::served)
                    .map(s -> s.target().name())
                    .toList();
        }
    }

    /** @param canonical each scenario's canonical run, by scenario name */
    static Decision of(Situation situation, Map<String, ResultSet> canonical) {
        Situation.Reading reading = situation.reading(canonical.keySet());
        List<Source> sources = new ArrayList<>();
        for (String name : reading.sources()) {
            ResultSet results = canonical.get(name);
            if (results != null) {
                sources.add(decide(name, results, reading.deciding()));
            }
        }
        List<String> chosen = new ArrayList<>();
        if (!sources.isEmpty()) {
            for (String model : sources.getFirst().kept()) {
                if (sources.stream().allMatch(s -> s.kept().contains(model))) {
                    chosen.add(model);
                }
            }
        }
        return new Decision(situation, reading, List.copyOf(sources), List.copyOf(chosen));
    }

    boolean measured() {
        return !sources.isEmpty();
    }

    /** More than one model chosen: the figures cannot tell them apart. */
    boolean even() {
        return chosen.size() > 1;
    }

    /** Every model that competed anywhere was chosen: the situation, not the model, decides. */
    boolean allEven() {
        return even() && sources.stream().allMatch(s -> chosen.containsAll(s.competing()));
    }

    static Source decide(String name, ResultSet results, List<Deciding> deciding) {
        LoadShape load = results.plan().loads().getLast();
        List<Scores> all = Scores.atLoad(results, load);
        List<Point> points = all.stream().flatMap(s -> s.runs().stream()).toList();
        TailFigure tail = TailFigure.of(points, results.plan().phases().timeoutSeconds());
        List<Scores> apps = all.stream().filter(s -> s.target().isApp()).toList();
        List<Scores> kept = apps.stream().filter(Scores::served).toList();
        for (Deciding figure : deciding) {
            List<Scores> competing = kept;
            List<Leads.Candidate> candidates = new ArrayList<>();
            for (Scores s : competing) {
                figure.of(s, tail, results.plan())
                        .ifPresent(e ->
                                candidates.add(new Leads.Candidate(s.target().name(), e, "")));
            }
            if (candidates.isEmpty()) {
                continue; // no model has this figure (not measured in this run): it cannot decide
            }
            List<String> leaders =
                    figure == Deciding.PER_CORE && results.sideBySide().isPresent()
                            ? pairedLeaders(results.sideBySide().get(), candidates)
                            : Leads.of(candidates, figure.higherIsBetter).orElseThrow().leaders().stream()
                                    .map(Leads.Candidate::name)
                                    .toList();
            kept = leaders.stream()
                    .map(n -> competing.stream()
                            .filter(s -> s.target().name().equals(n))
                            .findFirst()
                            .orElseThrow())
                    .toList();
        }
        return new Source(
                name,
                results,
                load,
                tail,
                apps,
                kept.stream().map(s -> s.target().name()).toList());
    }

    /**
     * Measured side by side, the models' CPU per request is compared round by round ({@link PairedRatio}): the model
     * that serves most per core leads, and every model whose ratio to it has an interval that includes 1 is kept with
     * it. The per-target intervals carry the host's drift, which the rounds' pairing takes out.
     */
    private static List<String> pairedLeaders(SideBySide side, List<Leads.Candidate> candidates) {
        Leads.Candidate best = candidates.stream()
                .max(Comparator.comparingDouble(c -> c.estimate().value()))
                .orElseThrow();
        List<String> leaders = new ArrayList<>();
        leaders.add(best.name());
        for (Leads.Candidate c : candidates) {
            if (!c.name().equals(best.name())
                    && side.ratio(c.name(), best.name(), SideBySide.Cost.CPU_PER_1000_REQUESTS)
                            instanceof PairedRatio.Estimated e
                    && e.verdict() == PairedRatio.Verdict.EVEN) {
                leaders.add(c.name());
            }
        }
        return leaders;
    }
}
