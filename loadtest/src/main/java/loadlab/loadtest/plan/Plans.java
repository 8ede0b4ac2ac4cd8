package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A scenario of the catalogue made into a {@link Plan}: its kind says which loads it takes, and every value is read
 * through {@link KnobValues}, so a knob on the command line beats the scenario, and a bad value, wherever it was
 * written, is one line that names it.
 */
final class Plans {

    /** The knobs that make the loads of each kind; giving one to a scenario of another kind is a mistake. */
    private static final Map<Plan.Kind, List<String>> LOAD_KNOBS = Map.of(
            Plan.Kind.COMPARISON, List.of("users"),
            Plan.Kind.SWEEP, List.of("usersList"),
            Plan.Kind.OPEN, List.of("rates", "maxThreads"));

    private Plans() {}

    static Plan of(Catalogue.Entry entry, KnobValues values) {
        String where = Catalogue.FILE + " [" + entry.name() + "] ";
        Plan.Kind kind = kind(entry, where);
        for (Map.Entry<Plan.Kind, List<String>> other : LOAD_KNOBS.entrySet()) {
            for (String knob : other.getValue()) {
                if (other.getKey() != kind && values.isSet(knob)) {
                    throw new IllegalArgumentException(values.label(knob) + " sets the load of a "
                            + other.getKey().word + ", and scenario '" + entry.name() + "' is a " + kind.word
                            + " (it takes " + String.join(", ", LOAD_KNOBS.get(kind)) + ")");
                }
            }
        }
        int runs = values.positiveInt("runs", KnobValues.MAX_RUNS);
        if (runs > 1 && kind != Plan.Kind.COMPARISON) {
            throw new IllegalArgumentException(values.label("runs") + "=" + runs + " repeats only a comparison, and "
                    + "scenario '" + entry.name() + "' is a " + kind.word);
        }
        Phases phases = new Phases(
                values.duration("rampup", true),
                values.duration("warmup", true),
                values.duration("duration", false),
                values.duration("timeout", false),
                values.onOff("jitWarmup"));
        List<LoadShape> loads = switch (kind) {
            case COMPARISON -> List.of(new LoadShape.Closed(values.positiveInt("users", KnobValues.MAX_USERS)));
            case SWEEP ->
                values.usersList("usersList").stream()
                        .<LoadShape>map(LoadShape.Closed::new)
                        .toList();
            case OPEN -> openLoads(values, phases.timeout());
        };
        Request request = request(entry, where);
        return new Plan(
                entry.name(),
                entry.field("about").orElse(""),
                kind,
                phases,
                backend(values),
                request,
                loads,
                runs,
                values.targets("apps"),
                Runtime.getRuntime().availableProcessors(),
                entry.field("results").orElse(entry.name()));
    }

    private static Plan.Kind kind(Catalogue.Entry entry, String where) {
        String kind = entry.field("kind")
                .orElseThrow(() -> new IllegalArgumentException(where + "has no kind (comparison, sweep or open)"));
        for (Plan.Kind each : Plan.Kind.values()) {
            if (each.word.equals(kind)) {
                return each;
            }
        }
        throw new IllegalArgumentException(where + "kind='" + kind + "' is not comparison, sweep or open");
    }

    private static Request request(Catalogue.Entry entry, String where) {
        try {
            return Request.parse(entry.field("request").orElse("/"));
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(where + "request: " + bad.getMessage());
        }
    }

    private static Backend backend(KnobValues values) {
        int delayMin = values.delayMs("delayMin");
        int delayMax = values.delayMs("delayMax");
        if (delayMin > delayMax) {
            throw new IllegalArgumentException(
                    values.label("delayMin") + "=" + delayMin + " is greater than delayMax=" + delayMax);
        }
        if (delayMax == 0) {
            throw new IllegalArgumentException(
                    values.label("delayMax") + "=0 leaves no mean delay, so no Little's-law ceiling to compare with");
        }
        return new Backend(delayMin, delayMax, values.optionalLong("seed"));
    }

    /** An open workload's threads live at most about a timeout each, so rate × timeout bounds them. */
    private static List<LoadShape> openLoads(KnobValues values, Duration timeout) {
        List<Double> rates = values.rates("rates");
        int maxThreads = values.positiveInt("maxThreads", KnobValues.MAX_USERS);
        double highestRate = rates.getLast();
        if (highestRate * timeout.toSeconds() > maxThreads) {
            throw new IllegalArgumentException("rates up to " + String.format(Locale.ROOT, "%.1f", highestRate)
                    + " req/s with a " + timeout.toSeconds() + " s timeout can keep "
                    + Math.round(highestRate * timeout.toSeconds()) + " requests in flight, more than maxThreads="
                    + maxThreads);
        }
        return rates.stream()
                .<LoadShape>map(rate -> new LoadShape.Open(rate, maxThreads))
                .toList();
    }
}
