package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The command line of a run, parsed and validated before anything starts: what to do ({@link Mode}), what to measure
 * ({@link Plan}) and where ({@link Setup}).
 *
 * <p>Arguments are {@code --name=value}, one per knob of {@code knobs.tsv}, plus {@code --mode} and {@code --project}
 * that the build sets; an empty value means "the default", so Maven and Make can pass every knob through
 * unconditionally ({@code --users=${users}}).
 *
 * @param compareWith for {@link Mode#DIFF}: the results folder A, which {@link Setup#resultsDir()} (B) is compared with
 */
public record Knobs(Mode mode, Plan plan, Setup setup, Optional<Path> compareWith) {

    /** What a run of the lab does. */
    public enum Mode {
        /** One closed-loop load against every target: results/summary.md. */
        COMPARE(Plan.Kind.COMPARISON),
        /** Every target at each of several user levels: results/sweep.md. */
        SWEEP(Plan.Kind.SWEEP),
        /** Every target at each of several fixed arrival rates: results/open-workload.md. */
        OPEN(Plan.Kind.OPEN),
        /** Rebuilds every report and chart under the results folder from its data files; starts nothing. */
        REPORT(null),
        /** Compares two results folders (A and B) figure by figure: B/diff.md; starts nothing. */
        DIFF(null);

        /** The plan a running mode measures; null for the modes that only read results. */
        public final Plan.Kind kind;

        Mode(Plan.Kind kind) {
            this.kind = kind;
        }

        public String knobName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public boolean runsLoad() {
            return kind != null;
        }
    }

    /** Same flags for every app: a fixed heap so no model wins by growing it, G1 as the JDK's default collector. */
    public static final String DEFAULT_APP_JVM_FLAGS = "-Xms512m -Xmx512m -XX:+UseG1GC";

    private static final Set<String> BUILD_ARGUMENTS = Set.of("mode", "project");

    /** Parses {@code --name=value} arguments; throws {@link IllegalArgumentException} with one line naming the value. */
    public static Knobs parse(String... args) {
        Map<String, String> given = given(args);
        Mode mode = mode(given.getOrDefault("mode", "compare"));
        KnobValues values = new KnobValues(given, mode.knobName());
        Path projectDir =
                Path.of(given.getOrDefault("project", ".")).toAbsolutePath().normalize();
        List<Target> targets = values.targets("apps");
        Setup setup = new Setup(
                values.loopbackHost("host"),
                Setup.ports(values.raw("ports") == null ? "" : values.raw("ports"), targets),
                projectDir,
                projectDir.resolve(values.raw(mode == Mode.DIFF && values.isGiven("b") ? "b" : "results")),
                List.of(Optional.ofNullable(values.raw("appJvmFlags"))
                        .orElse(DEFAULT_APP_JVM_FLAGS)
                        .split("\\s+")));
        Plan plan = plan(mode, values, targets);
        return new Knobs(mode, plan, setup, diffBase(mode, values, setup));
    }

    private static Map<String, String> given(String... args) {
        Map<String, String> known = new LinkedHashMap<>();
        Knob.all().forEach(knob -> known.put(knob.property(), knob.makeVariable()));
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("argument '" + arg + "' is not of the form --name=value");
            }
            String name = arg.substring(2, arg.indexOf('='));
            if (!known.containsKey(name) && !BUILD_ARGUMENTS.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown knob '" + name + "' (known: " + String.join(", ", known.keySet()) + ")");
            }
            String value = arg.substring(arg.indexOf('=') + 1).trim();
            if (!value.isEmpty()) {
                given.put(name, value);
            }
        }
        return given;
    }

    private static Mode mode(String raw) {
        for (Mode mode : Mode.values()) {
            if (mode.knobName().equalsIgnoreCase(raw)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("mode='" + raw + "' is not one of "
                + java.util.Arrays.stream(Mode.values()).map(Mode::knobName).collect(Collectors.joining(", ")));
    }

    /** Every knob is checked in every mode, so a typo fails fast whichever target was typed. */
    private static Plan plan(Mode mode, KnobValues values, List<Target> targets) {
        int users = values.positiveInt("users", KnobValues.MAX_USERS);
        int runs = values.positiveInt("runs", KnobValues.MAX_RUNS);
        List<Integer> usersList = values.usersList("usersList");
        List<Double> rates = values.rates("rates");
        int maxThreads = values.positiveInt("maxThreads", KnobValues.MAX_USERS);
        Phases phases = new Phases(
                values.duration("rampup", true),
                values.duration("warmup", true),
                values.duration("duration", false),
                values.duration("timeout", false),
                values.onOff("jitWarmup"));
        Backend backend = backend(values);
        Plan.Kind kind = mode.runsLoad() ? mode.kind : Plan.Kind.COMPARISON;
        if (runs > 1 && kind != Plan.Kind.COMPARISON) {
            throw new IllegalArgumentException(
                    "runs=" + runs + " repeats only the comparison (make compare), not " + mode.knobName());
        }
        List<LoadShape> loads = switch (kind) {
            case COMPARISON -> List.of(new LoadShape.Closed(users));
            case SWEEP ->
                usersList.stream().<LoadShape>map(LoadShape.Closed::new).toList();
            case OPEN -> openLoads(rates, maxThreads, phases.timeout());
        };
        return new Plan(kind, phases, backend, loads, runs, targets);
    }

    private static Backend backend(KnobValues values) {
        int delayMin = values.delayMs("delayMin");
        int delayMax = values.delayMs("delayMax");
        if (delayMin > delayMax) {
            throw new IllegalArgumentException("delayMin=" + delayMin + " is greater than delayMax=" + delayMax);
        }
        if (delayMax == 0) {
            throw new IllegalArgumentException(
                    "delayMax=0 leaves no mean delay, so no Little's-law ceiling to compare with");
        }
        return new Backend(delayMin, delayMax, values.optionalLong("seed"));
    }

    /** An open workload's threads live at most about a timeout each, so rate × timeout bounds them. */
    private static List<LoadShape> openLoads(List<Double> rates, int maxThreads, Duration timeout) {
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

    private static Optional<Path> diffBase(Mode mode, KnobValues values, Setup setup) {
        if (mode != Mode.DIFF) {
            return Optional.empty();
        }
        if (!values.isGiven("a") || !values.isGiven("b")) {
            throw new IllegalArgumentException("diff needs a=<results folder> and b=<results folder>");
        }
        return Optional.of(setup.projectDir().resolve(values.raw("a")));
    }
}
