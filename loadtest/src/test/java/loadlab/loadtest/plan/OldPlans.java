package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scenario of the catalogue made into a {@link Plan}: its kind says which loads it takes, and every value is read
 * through {@link OldKnobValues}, so a knob on the command line beats the scenario, and a bad value, wherever it was
 * written, is one line that names it.
 */
final class OldPlans {

    /** The knobs that make the loads of each kind; giving one to a scenario of another kind is a mistake. */
    private static final Map<Plan.Kind, List<String>> LOAD_KNOBS = Map.of(
            Plan.Kind.COMPARISON, List.of("users"),
            Plan.Kind.SWEEP, List.of("usersList"),
            Plan.Kind.OPEN, List.of("rates", "maxThreads"),
            Plan.Kind.TIMELINE, List.of("users"));

    /** {@code 5x for 30s after 60s, then 90s}: the factor, how long the spike lasts, the calm before and after. */
    private static final Pattern SPIKE = Pattern.compile("([0-9]{1,3})x for (\\S+) after (\\S+), then (\\S+)");

    private OldPlans() {}

    static Plan of(OldCatalogue.Entry entry, OldKnobValues values) {
        String where = OldCatalogue.FILE + " [" + entry.name() + "] ";
        Plan.Kind kind = kind(entry, where);
        checkLoadKnobs(entry, values, kind);
        int runs = values.positiveInt("runs", OldKnobValues.MAX_RUNS);
        if (runs > 1 && kind != Plan.Kind.COMPARISON) {
            throw new IllegalArgumentException(values.label("runs") + "=" + runs + " repeats only a comparison, and "
                    + "scenario '" + entry.name() + "' is a " + kind.word);
        }
        Backend backend = backend(values, entry.field("schedule").orElse(""), where);
        Optional<LoadShape.Spike> spike = spike(entry, values, where);
        Timeline timeline = timeline(kind, backend, spike, values, where);
        Phases phases = new Phases(
                values.duration("rampup", true),
                values.duration("warmup", true),
                kind == Plan.Kind.TIMELINE ? timeline.total() : values.duration("duration", false),
                values.duration("timeout", false),
                values.onOff("jitWarmup"));
        List<LoadShape> loads = switch (kind) {
            case COMPARISON -> List.of(users(values));
            case TIMELINE -> List.of(spike.<LoadShape>map(s -> s).orElseGet(() -> users(values)));
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
                backend,
                request,
                loads,
                runs,
                request.usesDatabase()
                        ? values.targets("apps").stream()
                                .map(Target::overDatabase)
                                .toList()
                        : values.targets("apps"),
                cpus(values),
                entry.field("results").orElse(entry.name()),
                dbPool(entry, values, request),
                appJvmFlags(values));
    }

    /**
     * The apps' JVM flags, the command line's, else the scenario's (one whose apps need more heap than the default
     * to hold its connections), else the default; every app of the plan gets the same.
     */
    private static List<String> appJvmFlags(OldKnobValues values) {
        String raw = values.raw("appJvmFlags");
        List<String> flags = List.of(raw.strip().split("\\s+"));
        for (String flag : flags) {
            if (!flag.startsWith("-")) {
                throw new IllegalArgumentException(
                        values.label("appJvmFlags") + "='" + raw + "' has '" + flag + "', which is not a JVM flag");
            }
        }
        return flags;
    }

    /**
     * A database request's pool; PostgreSQL's max_connections caps it, since every connection of the pool is a server
     * process, and a pool the database refuses would fail the run, not measure it.
     */
    private static OptionalInt dbPool(OldCatalogue.Entry entry, OldKnobValues values, Request request) {
        if (!request.usesDatabase()) {
            if (values.isSet("dbPool")) {
                throw new IllegalArgumentException(values.label("dbPool") + " sizes a database pool, and scenario '"
                        + entry.name() + "' asks for " + request.path() + ", not /db");
            }
            return OptionalInt.empty();
        }
        int pool = values.wholeNumberOf("dbPool");
        if (pool < 1) {
            throw new IllegalArgumentException(values.label("dbPool") + "=" + pool + " must be at least 1 connection");
        }
        if (pool > Plan.MAX_DB_POOL) {
            throw new IllegalArgumentException(values.label("dbPool") + "=" + pool + " is above PostgreSQL's "
                    + "max_connections, " + Plan.MAX_DB_POOL + ", which the lab starts its database with");
        }
        return OptionalInt.of(pool);
    }

    /** Where the app and the rest of the lab run: apart when {@code appCpus} names the app's CPUs. */
    private static CpuPinning cpus(OldKnobValues values) {
        int machine = Runtime.getRuntime().availableProcessors();
        String appCpus = values.raw("appCpus");
        if (appCpus == null) {
            return CpuPinning.none(machine);
        }
        CpuPinning pinning = CpuPinning.parse(values.label("appCpus"), appCpus, machine);
        if (pinning.pinned() && !java.nio.file.Files.isExecutable(CpuPinning.TASKSET)) {
            throw new IllegalArgumentException(values.label("appCpus") + "=" + appCpus + " needs " + CpuPinning.TASKSET
                    + " (util-linux), which this machine lacks");
        }
        return pinning;
    }

    private static LoadShape users(OldKnobValues values) {
        return new LoadShape.Closed(values.positiveInt("users", OldKnobValues.MAX_USERS));
    }

    /** A load knob given to a scenario of another kind is a mistake worth its own line. */
    private static void checkLoadKnobs(OldCatalogue.Entry entry, OldKnobValues values, Plan.Kind kind) {
        for (Map.Entry<Plan.Kind, List<String>> other : LOAD_KNOBS.entrySet()) {
            for (String knob : other.getValue()) {
                if (!LOAD_KNOBS.get(kind).contains(knob) && values.isSet(knob)) {
                    throw new IllegalArgumentException(values.label(knob) + " sets the load of a "
                            + other.getKey().word + ", and scenario '" + entry.name() + "' is a " + kind.word
                            + " (it takes " + String.join(", ", LOAD_KNOBS.get(kind)) + ")");
                }
            }
        }
    }

    /** A timeline's disturbances, from its schedule or its spike; only a timeline may have them. */
    private static Timeline timeline(
            Plan.Kind kind, Backend backend, Optional<LoadShape.Spike> spike, OldKnobValues values, String where) {
        if (kind != Plan.Kind.TIMELINE) {
            if (backend.hasSchedule() || spike.isPresent()) {
                throw new IllegalArgumentException(where + "has a schedule or a spike, which only a timeline takes");
            }
            return Timeline.NONE;
        }
        if (spike.isEmpty() && !backend.hasSchedule()) {
            // A soak: one steady load as long as the duration says, watched for what keeps growing.
            return Timeline.steady(values.duration("duration", false));
        }
        if (values.isSet("duration")) {
            throw new IllegalArgumentException(values.label("duration") + " is not for a timeline with a schedule or "
                    + "a spike: its window is their whole length");
        }
        if (spike.isPresent() && values.onOff("jitWarmup")) {
            throw new IllegalArgumentException(where + "has a spike, whose stages are set when its load starts: it "
                    + "takes a fixed warm-up (jitWarmup = off)");
        }
        Timeline timeline =
                spike.map(Timeline::ofSpike).orElseGet(() -> Timeline.ofSchedule(backend.schedule(), backend));
        if (timeline.disturbances().isEmpty()) {
            throw new IllegalArgumentException(where + "has a schedule without a disturbance: give it a phase that "
                    + "leaves the calm delays or has faults");
        }
        return timeline;
    }

    private static Plan.Kind kind(OldCatalogue.Entry entry, String where) {
        String kind = entry.field("kind")
                .orElseThrow(() ->
                        new IllegalArgumentException(where + "has no kind (comparison, sweep, open or timeline)"));
        for (Plan.Kind each : Plan.Kind.values()) {
            if (each.word.equals(kind)) {
                return each;
            }
        }
        throw new IllegalArgumentException(where + "kind='" + kind + "' is not comparison, sweep, open or timeline");
    }

    private static Request request(OldCatalogue.Entry entry, String where) {
        try {
            return Request.parse(entry.field("request").orElse("/"));
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(where + "request: " + bad.getMessage());
        }
    }

    private static Optional<LoadShape.Spike> spike(OldCatalogue.Entry entry, OldKnobValues values, String where) {
        Optional<String> written = entry.field("spike");
        if (written.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = SPIKE.matcher(written.get());
        if (!m.matches()) {
            throw new IllegalArgumentException(where + "spike='" + written.get()
                    + "' is not <factor>x for <duration> after <duration>, then <duration>, e.g. 5x for 30s after 60s,"
                    + " then 90s");
        }
        try {
            return Optional.of(new LoadShape.Spike(
                    values.positiveInt("users", OldKnobValues.MAX_USERS),
                    Integer.parseInt(m.group(1)),
                    OldKnobValues.durationOf(m.group(3)),
                    OldKnobValues.durationOf(m.group(2)),
                    OldKnobValues.durationOf(m.group(4))));
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(where + "spike: " + bad.getMessage());
        }
    }

    private static Backend backend(OldKnobValues values, String schedule, String where) {
        if (!schedule.isEmpty()) {
            try {
                Timeline.ofSchedule(schedule, new Backend(0, 1, OptionalLong.empty()));
            } catch (IllegalArgumentException bad) {
                throw new IllegalArgumentException(where + bad.getMessage());
            }
        }
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
        return new Backend(delayMin, delayMax, values.optionalLong("seed"), schedule);
    }

    /** An open workload's threads live at most about a timeout each, so rate × timeout bounds them. */
    private static List<LoadShape> openLoads(OldKnobValues values, Duration timeout) {
        List<Double> rates = values.rates("rates");
        int maxThreads = values.positiveInt("maxThreads", OldKnobValues.MAX_USERS);
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
