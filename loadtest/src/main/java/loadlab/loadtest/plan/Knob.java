package loadlab.loadtest.plan;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One knob of the lab, and in {@link #ALL} every one: the single list that the runner's command line
 * ({@code --users=50}), {@code make} ({@code USERS=50}, passed through as typed), Maven ({@code -Dusers=50}),
 * {@code scenarios.yaml} ({@code users: 50}) and the help are held to. A knob reads its own value, so a bad one is
 * refused in the same words wherever it was written.
 *
 * @param name         the runner's {@code --name=value}, Maven's {@code -Dname}, a scenario's field
 * @param defaultValue where neither the command line nor the scenario sets it; null for none
 * @param inScenario   whether a scenario may set it (what a run measures), or only the command line (where and how
 *     the lab runs)
 * @param reader       reads a value as written, or throws one line that names it
 */
public record Knob<T>(String name, String defaultValue, String meaning, boolean inScenario, Reader<T> reader) {

    /** Reads a value as written; {@code label} is how an error names it: {@code users}, or the scenario's field. */
    @FunctionalInterface
    public interface Reader<T> {
        T read(String label, String raw);
    }

    static final int MAX_USERS = 20_000;
    static final int MAX_RUNS = 10;
    static final int MAX_DELAY_MS = 600_000;
    static final double MAX_RATE = 100_000;
    private static final Pattern SECONDS = Pattern.compile("(\\d{1,9})(s|m)?");

    public static final Knob<List<String>> SCENARIO = setup(
            "scenario",
            "compare",
            "the scenarios of scenarios.yaml that make compare runs, one after the other (make sweep, open, capacity,"
                    + " soak, timelines, db-pools name theirs)",
            Knob::names);
    public static final Knob<Integer> USERS = measured(
            "users",
            "500",
            "a comparison's closed-loop users: each sends a request, waits for the answer, sends again at once",
            wholeNumber(1, MAX_USERS, ""));
    public static final Knob<List<Integer>> USERS_LIST =
            measured("usersList", "100,250,500,1000,2000", "a sweep's user levels", Knob::usersList);
    public static final Knob<List<Double>> RATES =
            measured("rates", "80,150,225", "an open workload's arrival rates, req/s", Knob::rates);
    public static final Knob<Integer> MAX_THREADS = measured(
            "maxThreads",
            "2500",
            "an open workload's bound on requests in flight; the highest rate × TIMEOUT must stay under it",
            wholeNumber(1, MAX_USERS, ""));
    public static final Knob<Duration> RAMPUP = measured("rampup", "5s", "time to start all users", duration(true));
    public static final Knob<Duration> WARMUP =
            measured("warmup", "10s", "after the ramp-up; its samples are thrown away", duration(true));
    public static final Knob<Boolean> JIT_WARMUP = measured(
            "jitWarmup",
            "on",
            "on: the warm-up lasts, past WARMUP, until the target's JIT compiler threads are quiet (at most 180 s), so"
                    + " that cost per request is measured on compiled code",
            Knob::onOff);
    public static final Knob<Duration> DURATION = measured(
            "duration",
            "60s",
            "the measurement window: only requests that complete inside it count (make compare's scenario sets 150 s)",
            duration(false));
    public static final Knob<Duration> TIMEOUT =
            measured("timeout", "10s", "connect and response timeout of each request", duration(false));
    public static final Knob<List<Target>> APPS = measured(
            "apps",
            "all",
            "comma-separated: threadpool,threadpool-400,webflux,coroutines,virtual, or none (direct row only)",
            Knob::apps);
    public static final Knob<List<String>> CLIENT = measured(
            "client",
            null,
            "the HTTP client under every app's backend calls (backend.client), comma-separated: jdk, reactor, apache,"
                    + " jetty, simple (blocking apps only); each app of APPS x each client is a target named"
                    + " app-virtual+jdk; an entry virtual+simple names one app x client; none: each model's own client",
            Knob::clients);
    public static final Knob<Boolean> INTERLEAVE = measured(
            "interleave",
            "off",
            "on: a comparison's targets are all up at once and the load moves between them slice by slice, in an order"
                    + " shuffled each round, so that the host's drift falls on all alike; each cost is then a ratio"
                    + " between targets, with its interval",
            Knob::onOff);
    public static final Knob<Integer> ROUNDS = measured(
            "rounds",
            "8",
            "an interleaved comparison's rounds: each gives every target one slice (a ratio needs at least 8)",
            wholeNumber(1, 1000, ""));
    public static final Knob<Duration> SLICE = measured(
            "slice", "15s", "an interleaved comparison's slice: one target's turn with the load", duration(false));
    public static final Knob<Duration> SETTLE = measured(
            "settle",
            null,
            "the start of each slice no figure counts; at least the longest backend delay plus 1 s (the default), the"
                    + " time the users' first calls and the last target's drain take",
            duration(false));
    public static final Knob<Integer> DELAY_MIN = measured(
            "delayMin", "0", "slow-server's uniform delay range, lower end, ms", wholeNumber(0, MAX_DELAY_MS, " ms"));
    public static final Knob<Integer> DELAY_MAX = measured(
            "delayMax",
            "4000",
            "slow-server's uniform delay range, upper end, ms",
            wholeNumber(0, MAX_DELAY_MS, " ms"));
    public static final Knob<CpuPinning> APP_CPUS = measured(
            "appCpus",
            null,
            "pins each app to these CPUs (taskset list, e.g. 1) and slow-server and the load generator to the others,"
                    + " so that the app's cores are its own (needs taskset); none undoes a scenario's pinning",
            Knob::cpus);
    public static final Knob<Long> SEED =
            measured("seed", null, "makes slow-server's delay sequence reproducible", Knob::wholeLong);
    public static final Knob<Integer> DB_POOL = measured(
            "dbPool",
            "10",
            "a database scenario's pool: connections of every target (Hikari, r2dbc-pool, the direct row's JDBC pool);"
                    + " at most 200, the lab's PostgreSQL max_connections",
            // Every connection of the pool is a PostgreSQL process: a pool the database refuses would fail the run.
            wholeNumber(1, Plan.MAX_DB_POOL, ", PostgreSQL's max_connections"));
    public static final Knob<DbUrl> DB_URL = setup(
            "dbUrl",
            null,
            "an existing PostgreSQL for the database scenarios, jdbc:postgresql://<loopback host>[:<port>]/<database>,"
                    + " set up as db-server sets it up (user and password loadlab, slow_query()); the lab then starts"
                    + " none",
            DbUrl::parse);
    public static final Knob<Integer> RUNS = measured(
            "runs",
            "1",
            "repeats a comparison: every target once per run, in turns, each time in a fresh process with its own"
                    + " ramp-up and warm-up",
            wholeNumber(1, MAX_RUNS, ""));
    public static final Knob<String> HOST = setup(
            "host", "127.0.0.1", "where services bind and load is sent; must be a loopback address", Knob::loopback);
    public static final Knob<String> PORTS = setup(
            "ports",
            null,
            "port overrides, e.g. slow-server:9000,db-server:5433,webflux:9083 (defaults 8000, 5432, 8081..8085)",
            Knob::text);
    public static final Knob<Engines> ENGINES = setup(
            "engines",
            null,
            "JMeter remote engines that send the load (make engine), host:port of each, e.g."
                    + " 127.0.0.2:1099,127.0.0.3:1099; each sends an equal share; an engine off loopback needs every"
                    + " target in TARGETS, CALLBACK and the KEYSTORE; empty: JMeter runs in the runner",
            Engines::parse);
    public static final Knob<Boolean> RMI_SSL = setup(
            "rmiSsl",
            null,
            "on: the runner and its engines talk RMI over SSL with KEYSTORE (engines started with SSL=on); default off"
                    + " when every engine is on loopback, on otherwise, where off is refused",
            Knob::onOff);
    public static final Knob<String> KEYSTORE = setup(
            "keystore",
            "rmi_keystore.jks",
            "the key pair the runner and its engines share for RMI over SSL (make keystore writes it), relative to the"
                    + " project; each engine holds a copy",
            Knob::text);
    public static final Knob<String> CALLBACK = setup(
            "callback",
            null,
            "the address of this host the engines send their samples back to (engines off loopback need one they"
                    + " reach); default HOST",
            Knob::text);
    public static final Knob<Integer> CALLBACK_PORT = setup(
            "callbackPort",
            null,
            "the first of the two ports the runner takes samples on (it and the next), for a firewall to open;"
                    + " default: ports RMI picks for each run",
            // JMeter exports the runner's listeners at client.rmi.localport plus 1 and plus 2: this one and the next.
            wholeNumber(2, 65_534, " (the runner listens on it and on the next port)"));
    public static final Knob<RemoteTargets> TARGETS = setup(
            "targets",
            null,
            "targets the lab loads but does not start, <name>=http://<host>:<port>[+<management port>] each, e.g."
                    + " slow-server=http://192.0.2.10:8000,webflux=http://192.0.2.11:8083+9083; name: slow-server or an"
                    + " app; +port: read the app's figures from its Actuator on that port; empty: the lab starts every"
                    + " target",
            RemoteTargets::parse);
    public static final Knob<String> RESULTS = setup(
            "results",
            "results",
            "where reports, data files and raw samples go (make report: the folder to rebuild)",
            Knob::text);
    public static final Knob<List<String>> APP_JVM_FLAGS = measured(
            "appJvmFlags",
            String.join(" ", Plan.DEFAULT_APP_JVM_FLAGS),
            "the same JVM flags for slow-server and every app (a scenario may set its own, connections gives them all"
                    + " 2 GiB)",
            Knob::jvmFlags);
    public static final Knob<Launch> LAUNCH = setup(
            "launch",
            "jar",
            "how the lab starts slow-server, db-server and the apps: jar, java -jar on the built jar, as the apps ship;"
                    + " cds, an app from its jar extracted beside it with a class-data archive from a start of its own"
                    + " (Spring Boot's training), which starts it with far less CPU (the tests use it; a run's"
                    + " environment says so)",
            Launch::read);
    public static final Knob<String> A = setup("a", null, "make diff: the results folder to compare from", Knob::text);
    public static final Knob<String> B = setup(
            "b", null, "make diff: the results folder to compare with A; the diff is written to B/diff.md", Knob::text);

    /** Every knob, in the order the help lists them. */
    public static final List<Knob<?>> ALL = List.of(
            SCENARIO,
            USERS,
            USERS_LIST,
            RATES,
            MAX_THREADS,
            RAMPUP,
            WARMUP,
            JIT_WARMUP,
            DURATION,
            TIMEOUT,
            APPS,
            CLIENT,
            INTERLEAVE,
            ROUNDS,
            SLICE,
            SETTLE,
            DELAY_MIN,
            DELAY_MAX,
            APP_CPUS,
            SEED,
            DB_POOL,
            DB_URL,
            RUNS,
            HOST,
            PORTS,
            ENGINES,
            RMI_SSL,
            KEYSTORE,
            CALLBACK,
            CALLBACK_PORT,
            TARGETS,
            RESULTS,
            APP_JVM_FLAGS,
            LAUNCH,
            A,
            B);

    private static <T> Knob<T> measured(String name, String defaultValue, String meaning, Reader<T> reader) {
        return new Knob<>(name, defaultValue, meaning, true, reader);
    }

    private static <T> Knob<T> setup(String name, String defaultValue, String meaning, Reader<T> reader) {
        return new Knob<>(name, defaultValue, meaning, false, reader);
    }

    /** The knob of this name ({@code users}) or make variable ({@code USERS}), if there is one. */
    public static java.util.Optional<Knob<?>> named(String name) {
        return ALL.stream()
                .filter(knob -> knob.name.equals(name) || knob.makeVariable().equals(name))
                .findFirst();
    }

    /** {@code make compare USERS=50}: the name in capitals, a word break before each capital ({@code USERS_LIST}). */
    public String makeVariable() {
        return name.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    /** Reads a value as written: the one check of this knob, wherever the value comes from. */
    public T read(String label, String raw) {
        return reader.read(label, raw);
    }

    /** The knobs as a table: make variable, runner option, default, meaning; {@code make help} prints it. */
    public static String help() {
        return ALL.stream()
                .map(knob -> String.format(
                        Locale.ROOT,
                        "  %-14s --%-14s default %-30s %s",
                        knob.makeVariable(),
                        knob.name,
                        knob.defaultValue == null ? "none" : knob.defaultValue,
                        knob.meaning))
                .collect(Collectors.joining("\n"));
    }

    // How each kind of value is read. Every failure names the label and the value as written.

    private static String text(String label, String raw) {
        return raw;
    }

    private static Reader<Integer> wholeNumber(int min, int max, String unit) {
        return (label, raw) -> {
            int value = parseInt(label, raw);
            if (value < min || value > max) {
                throw new IllegalArgumentException(
                        label + "=" + value + " must be between " + min + " and " + max + unit);
            }
            return value;
        };
    }

    private static int parseInt(String label, String raw) {
        try {
            return Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(label + "='" + raw + "' is not a whole number");
        }
    }

    private static Long wholeLong(String label, String raw) {
        try {
            return Long.parseLong(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(label + "='" + raw + "' is not a whole number");
        }
    }

    private static Boolean onOff(String label, String raw) {
        // A YAML boolean (jitWarmup: false) reads as on or off too.
        return switch (raw.toLowerCase(Locale.ROOT)) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default -> throw new IllegalArgumentException(label + "='" + raw + "' is not on or off");
        };
    }

    /** {@code 30s}, {@code 2m} or a bare number of seconds; null when it is none of them. */
    static Duration durationOrNull(String raw) {
        Matcher m = SECONDS.matcher(raw.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return null;
        }
        long amount = Long.parseLong(m.group(1));
        return "m".equals(m.group(2)) ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
    }

    /** Whole seconds, as the reports give them, and at most the hour a lab run is bounded by. */
    private static Reader<Duration> duration(boolean zeroAllowed) {
        return (label, raw) -> {
            Duration value = durationOrNull(raw);
            String written = raw.toLowerCase(Locale.ROOT);
            if (value == null) {
                throw new IllegalArgumentException(
                        label + "='" + written + "' is not a duration in whole seconds (e.g. 60s, 2m)");
            }
            if (!zeroAllowed && value.isZero()) {
                throw new IllegalArgumentException(label + "='" + written + "' must be longer than zero");
            }
            if (value.compareTo(Duration.ofHours(1)) > 0) {
                throw new IllegalArgumentException(
                        label + "='" + written + "' is longer than the one-hour bound of a lab run");
            }
            return value;
        };
    }

    /** Ascending, so tables and charts read left to right as "more users", whatever order they were typed in. */
    private static List<Integer> usersList(String label, String raw) {
        return ascending(label, raw, entry -> {
            int users;
            try {
                users = Integer.parseInt(entry);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(label + " entry '" + entry + "' is not a whole number");
            }
            if (users <= 0 || users > MAX_USERS) {
                throw new IllegalArgumentException(label + " entry " + users + " must be between 1 and " + MAX_USERS);
            }
            return users;
        });
    }

    private static List<Double> rates(String label, String raw) {
        return ascending(label, raw, entry -> {
            double rate;
            try {
                rate = Double.parseDouble(entry);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        label + " entry '" + entry + "' is not a number of requests per second");
            }
            if (!(rate > 0) || rate > MAX_RATE) {
                throw new IllegalArgumentException(
                        label + " entry " + entry + " must be above 0 and at most 100000 req/s");
            }
            return rate;
        });
    }

    private static <N extends Comparable<N>> List<N> ascending(String label, String raw, Function<String, N> entry) {
        List<N> values = new ArrayList<>();
        for (String written : raw.split(",")) {
            N value = entry.apply(written.trim());
            if (values.contains(value)) {
                throw new IllegalArgumentException(label + " has " + written.trim() + " twice");
            }
            values.add(value);
        }
        return values.stream().sorted().toList();
    }

    private static List<String> names(String label, String raw) {
        List<String> names = new ArrayList<>();
        for (String written : raw.split(",")) {
            if (names.contains(written.trim())) {
                throw new IllegalArgumentException(label + " names " + written.trim() + " twice");
            }
            names.add(written.trim());
        }
        return List.copyOf(names);
    }

    /** Direct first, then the apps named, in the order given. */
    private static List<Target> apps(String label, String raw) {
        List<Target> targets = new ArrayList<>();
        targets.add(Target.DIRECT);
        if (raw.equals("all")) {
            targets.addAll(Target.APPS);
            return List.copyOf(targets);
        }
        if (raw.equals("none")) {
            return List.copyOf(targets);
        }
        for (String written : raw.split(",")) {
            String entry = written.trim();
            Target app = Target.app(entry)
                    .orElseThrow(() -> new IllegalArgumentException(label + ": unknown app '" + entry + "' (known: "
                            + String.join(
                                    ", ", Target.APPS.stream().map(Target::name).toList())
                            + ", all, none)"));
            if (targets.contains(app)) {
                throw new IllegalArgumentException(label + ": app '" + entry + "' is listed twice");
            }
            targets.add(app);
        }
        return List.copyOf(targets);
    }

    /** Clients ({@code jdk}) or app x client entries ({@code virtual+simple}), each known, none twice. */
    private static List<String> clients(String label, String raw) {
        List<String> entries = names(label, raw);
        for (String entry : entries) {
            int plus = entry.indexOf('+');
            String client = entry.substring(plus + 1);
            if (!Target.CLIENTS.contains(client)) {
                throw new IllegalArgumentException(
                        label + ": unknown client '" + client + "' (known: " + String.join(", ", Target.CLIENTS) + ")");
            }
            if (plus >= 0 && Target.app(entry.substring(0, plus)).isEmpty()) {
                throw new IllegalArgumentException(label + ": entry '" + entry + "' names no app (known: "
                        + String.join(
                                ", ", Target.APPS.stream().map(Target::name).toList()) + ")");
            }
        }
        return entries;
    }

    /** Where the app and the rest of the lab run: apart when the value names the app's CPUs. */
    private static CpuPinning cpus(String label, String raw) {
        CpuPinning pinning = CpuPinning.parse(label, raw, Runtime.getRuntime().availableProcessors());
        if (pinning.pinned() && !Files.isExecutable(CpuPinning.TASKSET)) {
            throw new IllegalArgumentException(
                    label + "=" + raw + " needs " + CpuPinning.TASKSET + " (util-linux), which this machine lacks");
        }
        return pinning;
    }

    /** The lab only ever talks to this machine: a target elsewhere is refused, not attempted. */
    private static String loopback(String label, String host) {
        try {
            if (InetAddress.getByName(host).isLoopbackAddress()) {
                return host;
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(label + "='" + host + "' does not resolve");
        }
        throw new IllegalArgumentException(
                label + "='" + host + "' is not a loopback address: the lab only loads this machine");
    }

    private static List<String> jvmFlags(String label, String raw) {
        List<String> flags = List.of(raw.strip().split("\\s+"));
        for (String flag : flags) {
            if (!flag.startsWith("-")) {
                throw new IllegalArgumentException(
                        label + "='" + raw + "' has '" + flag + "', which is not a JVM flag");
            }
        }
        return flags;
    }
}
