package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * A scenario of the catalogue made into a {@link Plan}: its kind says which loads it takes, and every knob is read
 * through {@link KnobValues}, so a knob on the command line beats the scenario, and a bad value, wherever it was
 * written, is one line that names it.
 */
final class Plans {

    /** The knobs that make the loads of each kind; giving one to a scenario of another kind is a mistake. */
    private static final Map<Plan.Kind, List<Knob<?>>> LOAD_KNOBS = Map.of(
            Plan.Kind.COMPARISON, List.of(Knob.USERS),
            Plan.Kind.SWEEP, List.of(Knob.USERS_LIST),
            Plan.Kind.OPEN, List.of(Knob.RATES, Knob.MAX_THREADS),
            Plan.Kind.TIMELINE, List.of(Knob.USERS, Knob.RATES, Knob.MAX_THREADS));

    private Plans() {}

    static Plan of(Scenario scenario, KnobValues values) {
        String where = Scenarios.FILE + " [" + scenario.name() + "] ";
        Plan.Kind kind = kind(scenario, where);
        checkLoadKnobs(scenario, values, kind);
        int runs = values.get(Knob.RUNS);
        if (runs > 1 && kind != Plan.Kind.COMPARISON) {
            throw new IllegalArgumentException(values.label(Knob.RUNS) + "=" + runs + " repeats only a comparison, and"
                    + " scenario '" + scenario.name() + "' is a " + kind.word);
        }
        Backend backend = backend(values, scenario.scheduleSpec());
        // A timeline of open arrivals when it sets a rate: its spike a rate step, not more users.
        Optional<LoadShape.Open> openTimeline = kind == Plan.Kind.TIMELINE && values.isSet(Knob.RATES)
                ? Optional.of(openTimeline(scenario, values, where))
                : Optional.empty();
        Optional<LoadShape.Spike> spike = openTimeline.isPresent()
                ? Optional.empty()
                : scenario.spikeIfAny()
                        .map(s -> new LoadShape.Spike(
                                values.get(Knob.USERS), s.factor(), s.before(), s.during(), s.after()));
        Timeline timeline = openTimeline
                .filter(open -> !open.rates().isConstant())
                .map(open -> rateSpike(open, scenario.spikeIfAny().orElseThrow(), values, where))
                .orElseGet(() -> timeline(kind, backend, spike, values, where));
        Phases phases = new Phases(
                values.get(Knob.RAMPUP),
                values.get(Knob.WARMUP),
                kind == Plan.Kind.TIMELINE ? timeline.total() : values.get(Knob.DURATION),
                values.get(Knob.TIMEOUT),
                values.get(Knob.JIT_WARMUP));
        List<LoadShape> loads = switch (kind) {
            case COMPARISON -> List.of(users(values));
            case TIMELINE ->
                List.of(openTimeline
                        .<LoadShape>map(open -> open)
                        .or(() -> spike.map(s -> s))
                        .orElseGet(() -> users(values)));
            case SWEEP ->
                values.get(Knob.USERS_LIST).stream()
                        .<LoadShape>map(LoadShape.Closed::new)
                        .toList();
            case OPEN -> openLoads(values, phases.timeout());
        };
        Request request = request(scenario, where);
        List<Target> targets = withClients(values.get(Knob.APPS), values, scenario, request);
        return new Plan(
                scenario.name(),
                scenario.about(),
                kind,
                phases,
                backend,
                request,
                loads,
                runs,
                request.usesDatabase()
                        ? targets.stream().map(Target::overDatabase).toList()
                        : targets,
                values.find(Knob.APP_CPUS)
                        .orElseGet(() -> CpuPinning.none(Runtime.getRuntime().availableProcessors())),
                scenario.results() == null ? scenario.name() : scenario.results(),
                dbPool(scenario, values, request),
                values.get(Knob.APP_JVM_FLAGS),
                interleave(scenario, values, kind, backend, request));
    }

    /**
     * A comparison of one run measured side by side, when {@code interleave} is on; its rounds, slice and settle are
     * for it alone, and a settle shorter than the backend's longest delay would count the load's switch.
     */
    private static Optional<Interleave> interleave(
            Scenario scenario, KnobValues values, Plan.Kind kind, Backend backend, Request request) {
        if (!values.get(Knob.INTERLEAVE)) {
            for (Knob<?> knob : List.of(Knob.ROUNDS, Knob.SLICE, Knob.SETTLE)) {
                if (values.isSet(knob)) {
                    throw new IllegalArgumentException(values.label(knob) + " is for an interleaved comparison, and"
                            + " scenario '" + scenario.name() + "' is not interleaved (interleave: on)");
                }
            }
            return Optional.empty();
        }
        if (kind != Plan.Kind.COMPARISON) {
            throw new IllegalArgumentException(values.label(Knob.INTERLEAVE) + "=on interleaves a comparison, and"
                    + " scenario '" + scenario.name() + "' is a " + kind.word);
        }
        if (request.usesDatabase()) {
            // The direct row's pool and the apps' pools would share PostgreSQL's connections while all are up.
            throw new IllegalArgumentException(values.label(Knob.INTERLEAVE) + "=on is for the HTTP backend, and"
                    + " scenario '" + scenario.name() + "' asks for " + request.path());
        }
        if (values.get(Knob.RUNS) > 1) {
            throw new IllegalArgumentException(values.label(Knob.RUNS) + "=" + values.get(Knob.RUNS)
                    + " repeats targets one after another; an interleaved comparison repeats in rounds");
        }
        Duration shortest = Interleave.shortestSettle(backend);
        Duration settle = values.find(Knob.SETTLE).orElse(shortest);
        if (settle.compareTo(shortest) < 0) {
            throw new IllegalArgumentException(values.label(Knob.SETTLE) + "=" + settle.toSeconds() + "s is shorter"
                    + " than the backend's longest delay plus 1 s, " + shortest.toSeconds() + "s: it would count the"
                    + " load's switch");
        }
        Duration slice = values.get(Knob.SLICE);
        if (slice.compareTo(settle) <= 0) {
            throw new IllegalArgumentException(values.label(Knob.SLICE) + "=" + slice.toSeconds() + "s must be longer"
                    + " than its settle of " + settle.toSeconds() + "s, or nothing is counted");
        }
        return Optional.of(new Interleave(values.get(Knob.ROUNDS), slice, settle));
    }

    /**
     * The targets with the clients the plan gives them: unchanged without {@code client}; each app x each client for
     * plain clients; the app x client entries named, in their order, for {@code virtual+simple} entries (each app
     * among {@code apps}). Direct stays first: it has no client.
     */
    private static List<Target> withClients(
            List<Target> targets, KnobValues values, Scenario scenario, Request request) {
        Optional<List<String>> clients = values.find(Knob.CLIENT);
        if (clients.isEmpty()) {
            return targets;
        }
        String label = values.label(Knob.CLIENT);
        if (request.usesDatabase()) {
            throw new IllegalArgumentException(label + " picks the apps' HTTP client to slow-server, and scenario '"
                    + scenario.name() + "' asks for " + request.path());
        }
        List<String> entries = clients.get();
        boolean pairs = entries.getFirst().contains("+");
        if (entries.stream().anyMatch(entry -> entry.contains("+") != pairs)) {
            throw new IllegalArgumentException(label + "=" + String.join(",", entries)
                    + " mixes clients and app+client entries: give one or the other");
        }
        List<Target> chosen = new ArrayList<>();
        targets.stream().filter(target -> !target.isApp()).forEach(chosen::add);
        try {
            if (pairs) {
                for (String entry : entries) {
                    String[] parts = entry.split("\\+", 2);
                    Target app = Target.app(parts[0]).orElseThrow();
                    if (!targets.contains(app)) {
                        throw new IllegalArgumentException(label + ": entry '" + entry + "' names " + app.name()
                                + ", which " + values.label(Knob.APPS) + " leaves out");
                    }
                    chosen.add(app.withClient(parts[1]));
                }
            } else {
                for (Target app : targets) {
                    if (app.isApp()) {
                        entries.forEach(client -> chosen.add(app.withClient(client)));
                    }
                }
            }
        } catch (IllegalArgumentException refused) {
            throw new IllegalArgumentException(
                    refused.getMessage().startsWith("client=")
                            ? label + refused.getMessage().substring(6)
                            : refused.getMessage());
        }
        return List.copyOf(chosen);
    }

    /** A database request's pool, of every target; any other request has none, and sizing one is a mistake. */
    private static OptionalInt dbPool(Scenario scenario, KnobValues values, Request request) {
        if (!request.usesDatabase()) {
            if (values.isSet(Knob.DB_POOL)) {
                throw new IllegalArgumentException(values.label(Knob.DB_POOL) + " sizes a database pool, and scenario"
                        + " '" + scenario.name() + "' asks for " + request.path() + ", not /db");
            }
            return OptionalInt.empty();
        }
        return OptionalInt.of(values.get(Knob.DB_POOL));
    }

    private static LoadShape users(KnobValues values) {
        return new LoadShape.Closed(values.get(Knob.USERS));
    }

    /** A load knob given to a scenario of another kind is a mistake worth its own line. */
    private static void checkLoadKnobs(Scenario scenario, KnobValues values, Plan.Kind kind) {
        for (Map.Entry<Plan.Kind, List<Knob<?>>> other : LOAD_KNOBS.entrySet()) {
            for (Knob<?> knob : other.getValue()) {
                if (!LOAD_KNOBS.get(kind).contains(knob) && values.isSet(knob)) {
                    throw new IllegalArgumentException(values.label(knob) + " sets the load of a "
                            + other.getKey().word + ", and scenario '" + scenario.name() + "' is a " + kind.word
                            + " (it takes "
                            + String.join(
                                    ", ",
                                    LOAD_KNOBS.get(kind).stream()
                                            .map(Knob::name)
                                            .toList())
                            + ")");
                }
            }
        }
    }

    /** An open timeline's spike: its rate steps, over the spike's whole length, with a fixed warm-up. */
    private static Timeline rateSpike(LoadShape.Open open, Scenario.Spike spike, KnobValues values, String where) {
        if (values.isSet(Knob.DURATION)) {
            throw new IllegalArgumentException(values.label(Knob.DURATION) + " is not for a timeline with a"
                    + " schedule or a spike: its window is their whole length");
        }
        if (values.get(Knob.JIT_WARMUP)) {
            throw new IllegalArgumentException(where + "has a spike, whose steps are placed from the window's start:"
                    + " it takes a fixed warm-up (jitWarmup: off)");
        }
        return Timeline.ofRates(
                open.rates(), spike.before().plus(spike.during()).plus(spike.after()));
    }

    /** A timeline's disturbances, from its schedule or its spike; only a timeline may have them. */
    private static Timeline timeline(
            Plan.Kind kind, Backend backend, Optional<LoadShape.Spike> spike, KnobValues values, String where) {
        if (kind != Plan.Kind.TIMELINE) {
            if (backend.hasSchedule() || spike.isPresent()) {
                throw new IllegalArgumentException(where + "has a schedule or a spike, which only a timeline takes");
            }
            return Timeline.NONE;
        }
        if (spike.isEmpty() && !backend.hasSchedule()) {
            // A soak: one steady load as long as the duration says, watched for what keeps growing.
            return Timeline.steady(values.get(Knob.DURATION));
        }
        if (values.isSet(Knob.DURATION)) {
            throw new IllegalArgumentException(values.label(Knob.DURATION) + " is not for a timeline with a"
                    + " schedule or a spike: its window is their whole length");
        }
        if (spike.isPresent() && values.get(Knob.JIT_WARMUP)) {
            throw new IllegalArgumentException(where + "has a spike, whose stages are set when its load starts: it "
                    + "takes a fixed warm-up (jitWarmup: off)");
        }
        Timeline timeline =
                spike.map(Timeline::ofSpike).orElseGet(() -> Timeline.ofSchedule(backend.schedule(), backend));
        if (timeline.disturbances().isEmpty()) {
            throw new IllegalArgumentException(where + "has a schedule without a disturbance: give it a phase that "
                    + "leaves the calm delays or has faults");
        }
        return timeline;
    }

    private static Plan.Kind kind(Scenario scenario, String where) {
        if (scenario.kind() == null) {
            throw new IllegalArgumentException(where + "has no kind (comparison, sweep, open or timeline)");
        }
        for (Plan.Kind each : Plan.Kind.values()) {
            if (each.word.equals(scenario.kind())) {
                return each;
            }
        }
        throw new IllegalArgumentException(
                where + "kind='" + scenario.kind() + "' is not comparison, sweep, open or timeline");
    }

    private static Request request(Scenario scenario, String where) {
        try {
            return Request.parse(scenario.request() == null ? "/" : scenario.request());
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(where + "request: " + bad.getMessage());
        }
    }

    private static Backend backend(KnobValues values, String schedule) {
        int delayMin = values.get(Knob.DELAY_MIN);
        int delayMax = values.get(Knob.DELAY_MAX);
        if (delayMin > delayMax) {
            throw new IllegalArgumentException(
                    values.label(Knob.DELAY_MIN) + "=" + delayMin + " is greater than delayMax=" + delayMax);
        }
        if (delayMax == 0) {
            throw new IllegalArgumentException(values.label(Knob.DELAY_MAX)
                    + "=0 leaves no mean delay, so no Little's-law ceiling to compare with");
        }
        return new Backend(delayMin, delayMax, seed(values), schedule);
    }

    private static OptionalLong seed(KnobValues values) {
        return values.find(Knob.SEED).map(OptionalLong::of).orElseGet(OptionalLong::empty);
    }

    /**
     * A timeline's open arrivals: one calm rate, stepped up for its spike if it has one, through pooled connections;
     * as for an open workload, its peak rate × timeout bounds the threads.
     */
    private static LoadShape.Open openTimeline(Scenario scenario, KnobValues values, String where) {
        if (values.isSet(Knob.USERS)) {
            throw new IllegalArgumentException(where + "sets both users and rates: a timeline is closed-loop users or"
                    + " open arrivals at a rate, not both");
        }
        List<Double> rates = values.get(Knob.RATES);
        if (rates.size() != 1) {
            throw new IllegalArgumentException(values.label(Knob.RATES) + " gives a timeline " + rates.size()
                    + " rates: it takes one, its calm rate (a spike steps it up by its factor)");
        }
        double calm = rates.getFirst();
        RateProfile profile = scenario.spikeIfAny()
                .map(s -> RateProfile.spike(calm, s.factor(), s.before(), s.during()))
                .orElseGet(() -> RateProfile.constant(calm));
        int maxThreads = values.get(Knob.MAX_THREADS);
        long timeoutSeconds = values.get(Knob.TIMEOUT).toSeconds();
        if (profile.peak() * timeoutSeconds > maxThreads) {
            throw new IllegalArgumentException(where + "peaks at " + String.format(Locale.ROOT, "%.1f", profile.peak())
                    + " req/s with a " + timeoutSeconds + " s timeout, which can keep "
                    + Math.round(profile.peak() * timeoutSeconds) + " requests in flight, more than maxThreads="
                    + maxThreads);
        }
        return new LoadShape.Open(profile, maxThreads);
    }

    /** An open workload's threads live at most about a timeout each, so rate × timeout bounds them. */
    private static List<LoadShape> openLoads(KnobValues values, Duration timeout) {
        List<Double> rates = values.get(Knob.RATES);
        int maxThreads = values.get(Knob.MAX_THREADS);
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
