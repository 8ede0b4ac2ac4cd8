package loadlab.loadtest.plan;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The command line of a run, parsed and validated before anything starts: what to do ({@link Mode}), what to measure
 * (the {@link Plan}s of the scenarios it runs) and where ({@link Setup}).
 *
 * <p>Its words are a command ({@code compare} when none is given), the knobs of {@link Knob#ALL}, each either
 * {@code --users=50} or, as {@code make} passes them through, {@code USERS=50}, and {@code --project} (the top of the
 * project, where {@code scenarios.yaml} and the jars are). An empty value means "not given", so a wrapper can pass a
 * knob through unconditionally; of a knob given twice, the last value counts. A knob given beats the scenario's value,
 * which beats the knob's default.
 *
 * @param plans       the scenarios to run, in turn, or for {@link Mode#SCENARIOS} every default one in catalogue order
 * @param compareWith for {@link Mode#DIFF}: the results folder A, which {@link Setup#resultsDir()} (B) is compared with
 */
public record Knobs(Mode mode, List<Plan> plans, Setup setup, Optional<Path> compareWith) {

    /** What a run of the lab does: the runner's command. */
    public enum Mode {
        RUN("compare", "run the scenarios SCENARIO names, in turn (make compare, sweep, open, soak, timelines ...)"),
        SCENARIOS("scenarios", "run every default scenario of scenarios.yaml in turn, then the results index"),
        REPORT("report", "rebuild every report, chart and the index under RESULTS from the data files; start nothing"),
        DIFF("diff", "compare two results folders, A and B, figure by figure into B/diff.md; start nothing");

        /** How the command line names it. */
        public final String command;

        public final String meaning;

        Mode(String command, String meaning) {
            this.command = command;
            this.meaning = meaning;
        }

        public boolean runsLoad() {
            return this == RUN || this == SCENARIOS;
        }
    }

    /** Parses the runner's arguments; throws {@link IllegalArgumentException} with one line naming the value. */
    public static Knobs parse(String... args) {
        Map<String, String> given = new LinkedHashMap<>();
        Mode mode = null;
        Path projectDir = Path.of(".");
        for (String arg : args) {
            int equals = arg.indexOf('=');
            if (equals < 0 && !arg.startsWith("-")) {
                if (mode != null) {
                    throw new IllegalArgumentException(
                            "'" + arg + "' is a second command after '" + mode.command + "'");
                }
                mode = mode(arg);
            } else if (arg.startsWith("--project=")) {
                projectDir = Path.of(arg.substring("--project=".length()));
            } else {
                given(arg, given);
            }
        }
        // Every value given is read before the catalogue is: most bad values need no scenario to be refused.
        given.forEach((name, value) -> Knob.named(name).orElseThrow().read(name, value));
        mode = mode == null ? Mode.RUN : mode;
        projectDir = projectDir.toAbsolutePath().normalize();
        Scenarios catalogue = Scenarios.read(projectDir);
        KnobValues values = new KnobValues(given, Optional.empty());
        List<Scenario> entries = mode == Mode.SCENARIOS
                ? catalogue.defaults()
                : values.get(Knob.SCENARIO).stream().map(catalogue::entry).toList();
        // Every scenario is checked before the first starts, so a bad entry fails in a second, not after an hour.
        List<Plan> plans = entries.stream()
                .map(entry -> Plans.of(entry, new KnobValues(given, Optional.of(entry))))
                .toList();
        // By name: an app is the same process, on the same port, whether a plan's model names its HTTP or its
        // database client (make scenarios runs both kinds).
        List<Target> targets = List.copyOf(plans.stream()
                .flatMap(plan -> plan.targets().stream())
                .collect(Collectors.toMap(Target::name, target -> target, (first, same) -> first, LinkedHashMap::new))
                .values());
        String host = values.get(Knob.HOST);
        Setup setup = new Setup(
                host,
                Setup.ports(Optional.ofNullable(values.raw(Knob.PORTS)).orElse(""), targets),
                projectDir,
                projectDir.resolve(
                        mode == Mode.DIFF && values.isGiven(Knob.B) ? values.raw(Knob.B) : values.raw(Knob.RESULTS)),
                values.find(Knob.DB_URL),
                Engines.of(values, host, projectDir),
                values.find(Knob.TARGETS).orElse(RemoteTargets.NONE),
                values.get(Knob.LAUNCH));
        if (mode.runsLoad()) {
            plans.forEach(plan -> checkEngines(plan, setup.engines()));
            plans.forEach(plan -> checkReach(plan, setup));
            setup.engines().checkKeystore();
            checkRemoteTargets(plans, setup.remoteTargets());
        }
        return new Knobs(mode, plans, setup, diffBase(mode, values, setup));
    }

    /** The runner's usage and every knob, for {@code --help} and {@code make help}. */
    public static String help() {
        return "Usage: java -jar loadtest/target/loadtest.jar [command] [--knob=value | KNOB=value ...] [--check]\n"
                + "Commands (compare when none is given):\n"
                + Arrays.stream(Mode.values())
                        .map(mode -> String.format(Locale.ROOT, "  %-14s %s", mode.command, mode.meaning))
                        .collect(Collectors.joining("\n"))
                + "\n  --check        check the knobs and the scenarios they name, then stop; start nothing\n"
                + "Knobs (make compare USERS=50; java -jar loadtest/target/loadtest.jar compare --users=50;"
                + " ./mvnw -pl loadtest verify -Dusers=50):\n"
                + Knob.help();
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

    /** One knob's word, {@code --users=50} or {@code USERS=50}, into {@code given}; empty means not given. */
    private static void given(String arg, Map<String, String> given) {
        int equals = arg.indexOf('=');
        boolean option = arg.startsWith("--");
        String name = equals < 0 ? arg : arg.substring(option ? 2 : 0, equals);
        if (equals < 0 || !(option || name.equals(name.toUpperCase(Locale.ROOT)))) {
            throw new IllegalArgumentException("argument '" + arg + "' is not of the form --name=value or NAME=value");
        }
        Knob<?> knob = Knob.named(name)
                .filter(k -> name.equals(option ? k.name() : k.makeVariable()))
                .orElseThrow(() -> new IllegalArgumentException("unknown knob '" + name + "' (known: "
                        + Knob.ALL.stream()
                                .map(k -> option ? k.name() : k.makeVariable())
                                .collect(Collectors.joining(", "))
                        + ")"));
        String value = arg.substring(equals + 1).trim();
        // The last value given counts, as with Maven's -D: a wrapper's own value can follow the user's.
        if (!value.isEmpty()) {
            given.put(knob.name(), value);
        }
    }

    private static Mode mode(String command) {
        for (Mode mode : Mode.values()) {
            if (mode.command.equals(command)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("'" + command + "' is not a command: "
                + Arrays.stream(Mode.values()).map(mode -> mode.command).collect(Collectors.joining(", ")));
    }

    private static Optional<Path> diffBase(Mode mode, KnobValues values, Setup setup) {
        if (mode != Mode.DIFF) {
            return Optional.empty();
        }
        if (!values.isGiven(Knob.A) || !values.isGiven(Knob.B)) {
            throw new IllegalArgumentException("diff needs A=<results folder> and B=<results folder>");
        }
        return Optional.of(setup.projectDir().resolve(values.raw(Knob.A)));
    }
}
