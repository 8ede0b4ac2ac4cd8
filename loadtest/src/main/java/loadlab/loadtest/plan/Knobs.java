package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The command line of a run, parsed and validated before anything starts: what to do ({@link Mode}), what to measure
 * (the {@link Plan}s of the scenarios it runs) and where ({@link Setup}).
 *
 * <p>Arguments are {@code --name=value}, one per knob of {@code knobs.tsv}, plus {@code --mode} and {@code --project}
 * that the build sets; an empty value means "not given", so Maven and Make can pass every knob through
 * unconditionally ({@code --users=${users}}). A knob given beats the scenario's value, which beats the table's default.
 *
 * @param plans       the scenario to run, or for {@link Mode#SCENARIOS} every default scenario in catalogue order
 * @param compareWith for {@link Mode#DIFF}: the results folder A, which {@link Setup#resultsDir()} (B) is compared with
 */
public record Knobs(Mode mode, List<Plan> plans, Setup setup, Optional<Path> compareWith) {

    /** What a run of the lab does. */
    public enum Mode {
        /** One scenario of the catalogue ({@code scenario}): make compare, sweep, open, capacity. */
        RUN,
        /** Every default scenario of the catalogue, then the results index: make scenarios. */
        SCENARIOS,
        /** Rebuilds every report, chart and the index under the results folder from the data files; starts nothing. */
        REPORT,
        /** Compares two results folders (A and B) figure by figure: B/diff.md; starts nothing. */
        DIFF;

        public String knobName() {
            return name().toLowerCase(Locale.ROOT);
        }

        public boolean runsLoad() {
            return this == RUN || this == SCENARIOS;
        }
    }

    private static final Set<String> BUILD_ARGUMENTS = Set.of("mode", "project");

    /** Parses {@code --name=value} arguments; throws {@link IllegalArgumentException} with one line naming the value. */
    public static Knobs parse(String... args) {
        Map<String, String> given = given(args);
        Mode mode = mode(given.getOrDefault("mode", "run"));
        Path projectDir =
                Path.of(given.getOrDefault("project", ".")).toAbsolutePath().normalize();
        Catalogue catalogue = Catalogue.read(projectDir);
        KnobValues values = new KnobValues(given, Optional.empty());
        List<Catalogue.Entry> entries =
                mode == Mode.SCENARIOS ? catalogue.defaults() : List.of(catalogue.entry(values.raw("scenario")));
        // Every scenario is checked before the first starts, so a bad entry fails in a second, not after an hour.
        List<Plan> plans = entries.stream()
                .map(entry -> Plans.of(entry, new KnobValues(given, Optional.of(entry))))
                .toList();
        List<Target> targets = plans.stream()
                .flatMap(plan -> plan.targets().stream())
                .distinct()
                .toList();
        String host = values.loopbackHost("host");
        Setup setup = new Setup(
                host,
                Setup.ports(values.raw("ports") == null ? "" : values.raw("ports"), targets),
                projectDir,
                projectDir.resolve(values.raw(mode == Mode.DIFF && values.isGiven("b") ? "b" : "results")),
                Optional.ofNullable(values.raw("dbUrl")).map(raw -> DbUrl.parse(values.label("dbUrl"), raw)),
                Engines.of(values, host, projectDir),
                RemoteTargets.parse("targets", values.raw("targets")));
        if (mode.runsLoad()) {
            plans.forEach(plan -> checkEngines(plan, setup.engines()));
            plans.forEach(plan -> checkReach(plan, setup));
            setup.engines().checkKeystore();
            checkRemoteTargets(plans, setup.remoteTargets());
        }
        return new Knobs(mode, plans, setup, diffBase(mode, values, setup));
    }

    /** The one plan of {@link Mode#RUN}; the other modes have none or several, and asking for one is a mistake. */
    public Plan plan() {
        if (plans.size() != 1) {
            throw new IllegalStateException(mode + " has " + plans.size() + " plans, not one");
        }
        return plans.getFirst();
    }

    /** Every load of the plan must split evenly across the engines, and its samplers must be able to run there. */
    private static void checkEngines(Plan plan, Engines engines) {
        if (engines.isLocal()) {
            return;
        }
        if (plan.request().usesDatabase()) {
            throw new IllegalArgumentException("engines=" + engines.addresses().getFirst() + "...: scenario '"
                    + plan.name() + "' queries PostgreSQL through a pool in the runner's own JVM for its direct row,"
                    + " which a remote engine cannot run; run it without engines");
        }
        plan.loads().forEach(engines::share);
    }

    /**
     * An engine off loopback is on another host, where this machine's loopback is not: every target of the plan must
     * then be one the lab does not start ({@code targets}), on an address that is not a loopback one either.
     */
    private static void checkReach(Plan plan, Setup setup) {
        Engines engines = setup.engines();
        if (!engines.anyOffLoopback()) {
            return;
        }
        String engine = "engines=" + engines.offLoopback().getFirst() + " is off loopback";
        for (Target target : plan.targets()) {
            String name = target.isApp() ? target.name() : Target.SLOW_SERVER;
            Optional<RemoteTargets.Remote> remote = setup.remoteTargets().of(target);
            if (remote.isEmpty()) {
                throw new IllegalArgumentException(engine + ", and the lab would start " + name + " on " + setup.host()
                        + ", which an engine on another host cannot reach: start " + name + " on an address the"
                        + " engines reach and name it in targets"
                        + (target.isApp() ? ", or leave it out of apps" : ""));
            }
            String remoteHost = remote.get().base().getHost();
            if (Engines.isLoopback(remoteHost)) {
                throw new IllegalArgumentException(engine + ", and targets puts " + name + " at "
                        + remote.get().base()
                        + ", a loopback address, which is the engine's own there: give " + name + "'s address on the"
                        + " network the engines share");
            }
        }
    }

    /**
     * A remote target must be one the plans load, and a plan must be one a target it does not start can serve: a
     * database plan starts db-server and gives every app its database, and a backend schedule is given to the
     * slow-server the lab starts.
     */
    private static void checkRemoteTargets(List<Plan> plans, RemoteTargets remote) {
        if (remote.isEmpty()) {
            return;
        }
        for (Plan plan : plans) {
            if (plan.request().usesDatabase()) {
                throw new IllegalArgumentException("targets="
                        + String.join(",", remote.byName().keySet())
                        + ": scenario '" + plan.name() + "' queries the PostgreSQL the lab starts and gives every app,"
                        + " which a target it does not start cannot use; run it without targets");
            }
            if (remote.backend().isPresent() && plan.backend().hasSchedule()) {
                throw new IllegalArgumentException("targets: scenario '" + plan.name() + "' gives the slow-server the"
                        + " lab starts a schedule, which a slow-server it does not start would not follow; run it"
                        + " without a remote slow-server");
            }
        }
        for (String name : remote.byName().keySet()) {
            if (!name.equals(Target.SLOW_SERVER)
                    && plans.stream().noneMatch(plan -> plan.targetNames().contains(name))) {
                throw new IllegalArgumentException(
                        "targets names " + name + ", which apps= does not run: add it to apps or leave it out");
            }
        }
    }

    private static Map<String, String> given(String... args) {
        Set<String> known = Knob.properties();
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("argument '" + arg + "' is not of the form --name=value");
            }
            String name = arg.substring(2, arg.indexOf('='));
            if (!known.contains(name) && !BUILD_ARGUMENTS.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown knob '" + name + "' (known: " + String.join(", ", known) + ")");
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
                + Arrays.stream(Mode.values()).map(Mode::knobName).collect(Collectors.joining(", ")));
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
