package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Repeats;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Thresholds;
import loadlab.loadtest.plan.Target;

/**
 * The "How to read this" line on what a request costs in CPU: the apps that served the same rate, cheapest first.
 *
 * <p>They are ranked by CPU / slow-server's, the app's CPU over the backend's in the same window. On a shared host the
 * CPU time of the same work moves from one window to the next for every process at once (slow-server's, for the same
 * requests, spread up to 17% over three runs here), and the ratio takes most of that out: across the lab's repeats and
 * separate runs it moved by about 10% at most where raw CPU moved by up to 28%, so it is the figure that ranks the
 * models the same from run to run. slow-server's own cost per request rises as its rate falls (fewer requests share
 * its wake-ups), so apps that served different rates are not ranked together by it. Where slow-server was not sampled
 * beside every app (a database backend, a target on another host), raw CPU s / 1000 req ranks them.
 */
final class CostRanking {

    private CostRanking() {}

    /** One app's runs: its median rate, and the ranking figure's value in each run, in run order. */
    private record Ranked(Target target, double rate, List<Double> values) {

        Spread spread() {
            return Spread.of(values);
        }
    }

    /**
     * @param rows every target's representative point
     * @param runs every target's points, in run order
     * @return nothing when fewer than two apps served the same rate, or an app lacks the figure in a run
     */
    static Optional<String> line(List<Point> rows, Map<Target, List<Point>> runs) {
        List<List<Point>> apps = rows.stream()
                .filter(p -> p.target().isApp() && p.outcome().hasRequests())
                .map(p -> runs.getOrDefault(p.target(), List.of(p)))
                .toList();
        if (apps.isEmpty()) {
            return Optional.empty();
        }
        boolean inBackendUnits = apps.stream()
                .flatMap(List::stream)
                .allMatch(p -> p.cost().cpuOverBackend().isPresent());
        Figure figure = inBackendUnits ? Figure.CPU_OVER_BACKEND : Figure.CPU;
        List<Ranked> ranked = new ArrayList<>();
        for (List<Point> points : apps) {
            Repeats repeats = new Repeats(
                    points.getFirst().target(),
                    points.stream().map(p -> p.stats().orElseThrow()).toList(),
                    points.stream().map(Point::cost).toList());
            Optional<List<Double>> values = RepeatsSection.perRun(figure, repeats);
            if (values.isEmpty()) {
                return Optional.empty();
            }
            double rate = RepeatsSection.perRun(Figure.THROUGHPUT, repeats)
                    .map(Spread::of)
                    .orElseThrow()
                    .median();
            ranked.add(new Ranked(repeats.target(), rate, values.get()));
        }
        List<List<Ranked>> byRate = sameRates(ranked);
        List<String> groups = byRate.stream()
                .filter(group -> group.size() > 1)
                .map(group -> group(group, figure))
                .toList();
        if (groups.isEmpty()) {
            return Optional.empty();
        }
        String alone = byRate.stream()
                .filter(group -> group.size() == 1)
                .map(List::getFirst)
                .map(r -> r.target().name() + " at " + Format.rate(r.rate()) + " req/s")
                .collect(Collectors.joining(", "));
        return Optional.of("CPU per request, cheapest first among the apps that served the same rate (each within "
                + Format.whole(Thresholds.SAME_RATE_PERCENT) + "% of the next faster one), by "
                + (inBackendUnits
                        ? "CPU / slow-server's (the app's CPU over the backend's in the same window, which repeats on "
                                + "a shared host where raw CPU s / 1000 req moves with the host): "
                        : "CPU s / 1000 req (CPU / slow-server's is not there for every app): ")
                + String.join("; ", groups) + "."
                + (alone.isEmpty()
                        ? ""
                        : " At rates of their own, so not ranked with them"
                                + (inBackendUnits ? " (slow-server's CPU per request rises as its rate falls)" : "")
                                + ": " + alone + "."));
    }

    /**
     * The apps, fastest first, in groups of the same rate: each app joins the group of the next faster one when it is
     * within {@link Thresholds#SAME_RATE_PERCENT} of it. Apps held at one ceiling then stay together even where a few
     * fast errors (pool timeouts) spread their completed rates a little wider.
     */
    private static List<List<Ranked>> sameRates(List<Ranked> ranked) {
        List<List<Ranked>> groups = new ArrayList<>();
        for (Ranked app : ranked.stream()
                .sorted(Comparator.comparingDouble(Ranked::rate).reversed())
                .toList()) {
            List<Ranked> last = groups.isEmpty() ? null : groups.getLast();
            if (last != null
                    && 100 * (last.getLast().rate() - app.rate())
                            <= Thresholds.SAME_RATE_PERCENT * last.getLast().rate()) {
                last.add(app);
            } else {
                groups.add(new ArrayList<>(List.of(app)));
            }
        }
        return groups;
    }

    /** "at 249.8–250.7 req/s app-webflux 1.57 (1.51–1.59), ..., in this order in each of the 3 runs" */
    private static String group(List<Ranked> group, Figure figure) {
        List<Ranked> cheapestFirst = group.stream()
                .sorted(Comparator.comparingDouble((Ranked r) -> r.spread().median()))
                .toList();
        double slowest = group.getLast().rate();
        double fastest = group.getFirst().rate();
        String text = "at " + Format.rate(slowest)
                + (Format.rate(slowest).equals(Format.rate(fastest)) ? "" : "–" + Format.rate(fastest))
                + " req/s ";
        int runs = group.getFirst().values().size();
        if (runs < 2) {
            return text + oneRun(cheapestFirst, figure);
        }
        text += cheapestFirst.stream()
                .map(r -> r.target().name() + " " + value(figure, r))
                .collect(Collectors.joining(", "));
        if (group.stream().anyMatch(r -> r.values().size() != runs)) {
            return text;
        }
        long same = IntStream.range(0, runs)
                .filter(run -> cheapestFirst.stream()
                        .sorted(Comparator.comparingDouble(
                                (Ranked r) -> r.values().get(run)))
                        .toList()
                        .equals(cheapestFirst))
                .count();
        return text
                + (same == runs
                        ? ", in this order in each of the " + runs + " runs"
                        : ", in this order in " + same + " of the " + runs + " runs");
    }

    /**
     * One run has no spread to show, so each step up says whether it is more than a single run's CPU per request moves
     * by chance ({@link Thresholds#COST_NOISE_PERCENT}): "a 1.58 ≈ b 1.72 < c 2.12".
     */
    private static String oneRun(List<Ranked> cheapestFirst, Figure figure) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < cheapestFirst.size(); i++) {
            Ranked r = cheapestFirst.get(i);
            if (i > 0) {
                double previous = cheapestFirst.get(i - 1).spread().median();
                boolean apart = 100 * (r.spread().median() - previous) > Thresholds.COST_NOISE_PERCENT * previous;
                text.append(apart ? " < " : " ≈ ");
            }
            text.append(r.target().name()).append(' ').append(value(figure, r));
        }
        return text
                + " (one run: ≈ where the next is within "
                + Format.whole(Thresholds.COST_NOISE_PERCENT)
                + "%, what one run's CPU per request moves by chance)";
    }

    private static String value(Figure figure, Ranked r) {
        Spread spread = r.spread();
        String median = figure.format().apply(spread.median());
        return r.values().size() < 2 ? median : median + " (" + RepeatsSection.range(figure, spread) + ")";
    }
}
