package loadlab.loadtest.report;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Request;

/**
 * A scenario's load as the index says it in words ({@code 500 users, backend 0..4 s}), as values for the template
 * {@code load.md}: the users or arrival rates, the backend's delays (or the query's and the pool), what each request
 * asks beyond one call, a timeline's disturbances and the runs.
 *
 * @param levels the users (or rates) of every level, e.g. {@code 1,000, 5,000, 9,000}
 */
record LoadWords(
        boolean closed,
        boolean open,
        boolean spike,
        String levels,
        String factor,
        String during,
        boolean noApps,
        boolean database,
        String delay,
        String pool,
        Optional<String> calls,
        Optional<String> cpu,
        List<Disturbance> disturbances,
        Optional<String> runs) {

    record Disturbance(String what, String length) {}

    static LoadWords of(Plan plan) {
        LoadShape first = plan.loads().getFirst();
        Optional<LoadShape.Spike> spike = first instanceof LoadShape.Spike s ? Optional.of(s) : Optional.empty();
        Request request = plan.request();
        List<Disturbance> disturbances = plan.backend().hasSchedule()
                ? plan.timeline().disturbances().stream()
                        .map(d -> new Disturbance(
                                d.label(), Format.duration(d.length().toMillis())))
                        .toList()
                : List.of();
        return new LoadWords(
                first instanceof LoadShape.Closed,
                first instanceof LoadShape.Open,
                spike.isPresent(),
                String.join(
                        ", ", plan.loads().stream().map(l -> count(l.level())).toList()),
                spike.map(s -> String.valueOf(s.factor())).orElse(""),
                spike.map(s -> Format.duration(s.during().toMillis())).orElse(""),
                plan.apps().isEmpty(),
                request.usesDatabase(),
                delays(plan.backend().minDelayMs(), plan.backend().maxDelayMs()),
                plan.dbPool().isPresent() ? String.valueOf(plan.dbPool().getAsInt()) : "",
                request.calls() > 1 ? Optional.of(String.valueOf(request.calls())) : Optional.empty(),
                request.micros() > 0 ? Optional.of(Format.duration(request.micros() / 1000.0)) : Optional.empty(),
                disturbances,
                plan.runs() > 1 ? Optional.of(String.valueOf(plan.runs())) : Optional.empty());
    }

    /** Rendered on one line. */
    String render() {
        return Common.TEMPLATES.render("load", this).strip();
    }

    /** A delay range in the unit its ends are whole in: {@code 0..4 s}, {@code 0..400 ms}. */
    static String delays(int minMs, int maxMs) {
        return minMs % 1000 == 0 && maxMs % 1000 == 0
                ? minMs / 1000 + ".." + maxMs / 1000 + " s"
                : minMs + ".." + maxMs + " ms";
    }

    /** A count with thousands separated ({@code 10,000}); a rate keeps its fraction. */
    private static String count(double level) {
        return level == Math.rint(level) ? String.format(Locale.ROOT, "%,d", (long) level) : Format.level(level);
    }
}
