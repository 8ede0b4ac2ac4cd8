package loadlab.loadtest.plan;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import loadlab.loadtest.report.Format;

/**
 * Every value a comparison can be tuned with, parsed and validated before anything starts.
 * <p>
 * Arguments are {@code --name=value}; an empty value means "the default", so Maven and Make can pass every knob
 * through unconditionally ({@code --users=${users}}) and defaults live only here.
 */
public record Knobs(
        Mode mode,
        int users,
        int runs,
        List<Integer> usersList,
        List<Double> rates,
        int maxThreads,
        Duration rampUp,
        Duration warmUp,
        Duration window,
        Duration timeout,
        List<Target> targets,
        int delayMinMs,
        int delayMaxMs,
        Long seed,
        String host,
        Map<String, Integer> ports,
        Path resultsDir,
        Path projectDir,
        List<String> appJvmFlags) {

    static final int MAX_USERS = 20_000;
    static final int MAX_RUNS = 10;

    /**
     * What a run measures. A sweep (5 user levels x 6 targets) and an open workload (3 rates x 6 targets) take
     * shorter phases by default so that each fits in about 20 minutes; the comparison keeps the full 60 s window.
     */
    public enum Mode {
        COMPARE("10s", "60s", "summary.md", ""),
        SWEEP("5s", "20s", "sweep.md", "sweep"),
        OPEN("5s", "30s", "open-workload.md", "open-workload");

        final String defaultWarmUp;
        final String defaultWindow;
        /** The report this mode publishes in the results folder. */
        public final String report;
        /** Where its raw data and charts go in the results folder (the comparison's are at the top). */
        public final String dataDir;

        Mode(String defaultWarmUp, String defaultWindow, String report, String dataDir) {
            this.defaultWarmUp = defaultWarmUp;
            this.defaultWindow = defaultWindow;
            this.report = report;
            this.dataDir = dataDir;
        }
    }

    static final int MAX_DELAY_MS = 600_000;

    private static final Pattern DURATION = Pattern.compile("(\\d+)(s|m)?");
    private static final List<String> NAMES = List.of(
            "mode",
            "runs",
            "usersList",
            "rates",
            "maxThreads",
            "users",
            "rampup",
            "warmup",
            "duration",
            "timeout",
            "apps",
            "delayMin",
            "delayMax",
            "seed",
            "host",
            "ports",
            "results",
            "project",
            "appJvmFlags");

    /** Same flags for every app: a fixed heap so no model wins by growing it, G1 as the JDK's default collector. */
    public static final String DEFAULT_APP_JVM_FLAGS = "-Xms512m -Xmx512m -XX:+UseG1GC";

    /** Parses {@code --name=value} arguments; throws {@link IllegalArgumentException} with one line naming the value. */
    public static Knobs parse(String... args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String arg : args) {
            if (!arg.startsWith("--") || !arg.contains("=")) {
                throw new IllegalArgumentException("argument '" + arg + "' is not of the form --name=value");
            }
            String name = arg.substring(2, arg.indexOf('='));
            if (!NAMES.contains(name)) {
                throw new IllegalArgumentException(
                        "unknown knob '" + name + "' (known: " + String.join(", ", NAMES) + ")");
            }
            String value = arg.substring(arg.indexOf('=') + 1).trim();
            if (!value.isEmpty()) {
                given.put(name, value);
            }
        }
        Path projectDir =
                Path.of(given.getOrDefault("project", ".")).toAbsolutePath().normalize();
        Mode mode = mode(given.getOrDefault("mode", "compare"));
        int users = positiveInt(given, "users", 500, MAX_USERS);
        int runs = positiveInt(given, "runs", 1, MAX_RUNS);
        List<Integer> usersList = usersList(given.getOrDefault("usersList", "100,250,500,1000,2000"));
        List<Double> rates = rates(given.getOrDefault("rates", "80,150,225"));
        int maxThreads = positiveInt(given, "maxThreads", 2500, MAX_USERS);
        Duration rampUp = duration(given, "rampup", "5s", true);
        Duration warmUp = duration(given, "warmup", mode.defaultWarmUp, true);
        Duration window = duration(given, "duration", mode.defaultWindow, false);
        Duration timeout = duration(given, "timeout", "10s", false);
        // An open workload's threads live at most about a timeout each, so rate × timeout bounds them.
        double highestRate =
                rates.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        if (mode == Mode.OPEN && highestRate * timeout.toSeconds() > maxThreads) {
            throw new IllegalArgumentException("rates up to " + Format.rate(highestRate) + " req/s with a "
                    + timeout.toSeconds() + " s timeout can keep " + Math.round(highestRate * timeout.toSeconds())
                    + " requests in flight, more than maxThreads=" + maxThreads);
        }
        int delayMin = nonNegativeInt(given, "delayMin", 0);
        int delayMax = nonNegativeInt(given, "delayMax", 4000);
        if (delayMin > delayMax) {
            throw new IllegalArgumentException("delayMin=" + delayMin + " is greater than delayMax=" + delayMax);
        }
        if (delayMax == 0) {
            throw new IllegalArgumentException(
                    "delayMax=0 leaves no mean delay, so no Little's-law ceiling to compare with");
        }
        Long seed = null;
        if (given.containsKey("seed")) {
            try {
                seed = Long.parseLong(given.get("seed"));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("seed='" + given.get("seed") + "' is not a whole number");
            }
        }
        String host = loopbackHost(given.getOrDefault("host", "127.0.0.1"));
        List<Target> targets = targets(given.getOrDefault("apps", "all"));
        Map<String, Integer> ports = ports(given.getOrDefault("ports", ""), targets);
        Path results = projectDir.resolve(given.getOrDefault("results", "results"));
        List<String> jvmFlags =
                List.of(given.getOrDefault("appJvmFlags", DEFAULT_APP_JVM_FLAGS).split("\\s+"));
        return new Knobs(
                mode,
                users,
                runs,
                usersList,
                rates,
                maxThreads,
                rampUp,
                warmUp,
                window,
                timeout,
                targets,
                delayMin,
                delayMax,
                seed,
                host,
                ports,
                results,
                projectDir,
                jvmFlags);
    }

    /** Every load each target gets, in order: the repeats of one closed loop, the sweep's levels, or the rates. */
    public List<LoadShape> shapes() {
        return switch (mode) {
            case COMPARE -> java.util.Collections.nCopies(runs, new LoadShape.Closed(users));
            case SWEEP ->
                usersList.stream().<LoadShape>map(LoadShape.Closed::new).toList();
            case OPEN ->
                rates.stream()
                        .<LoadShape>map(rate -> new LoadShape.Open(rate, maxThreads))
                        .toList();
        };
    }

    /** The load in a few words for the run's first progress line, e.g. {@code 500 users x 3 runs}. */
    public String loadDescription() {
        return switch (mode) {
            case COMPARE -> users + " users" + (runs > 1 ? " x " + runs + " runs" : "");
            case SWEEP ->
                "sweep of " + usersList.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " users";
            case OPEN ->
                "open arrivals at " + rates.stream().map(Format::rate).collect(Collectors.joining(", "))
                        + " req/s, at most " + maxThreads + " in flight";
        };
    }

    private static Mode mode(String raw) {
        for (Mode mode : Mode.values()) {
            if (mode.name().equalsIgnoreCase(raw)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("mode='" + raw + "' is not one of compare, sweep, open");
    }

    private static List<Integer> usersList(String raw) {
        List<Integer> levels = new ArrayList<>();
        for (String level : raw.split(",")) {
            int users;
            try {
                users = Integer.parseInt(level.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("usersList entry '" + level.trim() + "' is not a whole number");
            }
            if (users <= 0 || users > MAX_USERS) {
                throw new IllegalArgumentException("usersList entry " + users + " must be between 1 and " + MAX_USERS);
            }
            if (levels.contains(users)) {
                throw new IllegalArgumentException("usersList has " + users + " twice");
            }
            levels.add(users);
        }
        // Ascending, so tables and charts read left to right as "more users", whatever order they were typed in.
        return levels.stream().sorted().toList();
    }

    private static List<Double> rates(String raw) {
        List<Double> rates = new ArrayList<>();
        for (String entry : raw.split(",")) {
            double rate;
            try {
                rate = Double.parseDouble(entry.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "rates entry '" + entry.trim() + "' is not a number of requests per second");
            }
            if (!(rate > 0) || rate > 100_000) {
                throw new IllegalArgumentException(
                        "rates entry " + entry.trim() + " must be above 0 and at most 100000 req/s");
            }
            if (rates.contains(rate)) {
                throw new IllegalArgumentException("rates has " + entry.trim() + " twice");
            }
            rates.add(rate);
        }
        return rates.stream().sorted().toList();
    }

    /** The scenario as the summary reports it. */
    public Scenario scenario() {
        return new Scenario(
                users,
                (int) rampUp.toSeconds(),
                (int) warmUp.toSeconds(),
                (int) window.toSeconds(),
                (int) timeout.toSeconds(),
                delayMinMs,
                delayMaxMs,
                targets.stream().filter(Target::isApp).map(Target::name).toList());
    }

    public SweepScenario sweepScenario() {
        return new SweepScenario(
                usersList,
                (int) rampUp.toSeconds(),
                (int) warmUp.toSeconds(),
                (int) window.toSeconds(),
                (int) timeout.toSeconds(),
                delayMinMs,
                delayMaxMs,
                targets.stream().map(Target::name).toList());
    }

    public OpenScenario openScenario() {
        return new OpenScenario(
                rates,
                maxThreads,
                (int) rampUp.toSeconds(),
                (int) warmUp.toSeconds(),
                (int) window.toSeconds(),
                (int) timeout.toSeconds(),
                delayMinMs,
                delayMaxMs,
                targets.stream().map(Target::name).toList());
    }

    /** The mean of the uniform backend delay, the D of Little's law. */
    public double meanDelayMs() {
        return (delayMinMs + delayMaxMs) / 2.0;
    }

    public int port(String targetName) {
        return ports.get(targetName);
    }

    public int backendPort() {
        return ports.get(Target.SLOW_SERVER);
    }

    private static int positiveInt(Map<String, String> given, String name, int fallback, int max) {
        int value = wholeNumber(given, name, fallback);
        if (value <= 0 || value > max) {
            throw new IllegalArgumentException(name + "=" + value + " must be between 1 and " + max);
        }
        return value;
    }

    private static int nonNegativeInt(Map<String, String> given, String name, int fallback) {
        int value = wholeNumber(given, name, fallback);
        if (value < 0 || value > MAX_DELAY_MS) {
            throw new IllegalArgumentException(name + "=" + value + " must be between 0 and " + MAX_DELAY_MS + " ms");
        }
        return value;
    }

    private static int wholeNumber(Map<String, String> given, String name, int fallback) {
        String raw = given.get(name);
        if (raw == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + "='" + raw + "' is not a whole number");
        }
    }

    /** Accepts 60, 60s, 2m; a bare number is seconds. Whole seconds, as the summary reports them. */
    static Duration duration(Map<String, String> given, String name, String fallback, boolean zeroAllowed) {
        String raw = given.getOrDefault(name, fallback).toLowerCase(Locale.ROOT);
        Matcher m = DURATION.matcher(raw);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    name + "='" + raw + "' is not a duration in whole seconds (e.g. 60s, 2m)");
        }
        long amount = Long.parseLong(m.group(1));
        Duration value = switch (m.group(2) == null ? "s" : m.group(2)) {
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofSeconds(amount);
        };
        if (!zeroAllowed && value.isZero()) {
            throw new IllegalArgumentException(name + "='" + raw + "' must be longer than zero");
        }
        if (value.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException(name + "='" + raw + "' is longer than the one-hour bound of a lab run");
        }
        return value;
    }

    /** The lab only ever talks to this machine: a target elsewhere is refused, not attempted. */
    private static String loopbackHost(String host) {
        try {
            if (InetAddress.getByName(host).isLoopbackAddress()) {
                return host;
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("host='" + host + "' does not resolve");
        }
        throw new IllegalArgumentException(
                "host='" + host + "' is not a loopback address: the lab only loads this machine");
    }

    private static List<Target> targets(String raw) {
        List<Target> targets = new ArrayList<>();
        targets.add(Target.DIRECT);
        if (raw.equals("all")) {
            targets.addAll(Target.APPS);
            return List.copyOf(targets);
        }
        if (raw.equals("none")) {
            return List.copyOf(targets);
        }
        for (String name : raw.split(",")) {
            Target app = Target.app(name.trim())
                    .orElseThrow(() -> new IllegalArgumentException("unknown app '" + name.trim() + "' (known: "
                            + String.join(
                                    ", ", Target.APPS.stream().map(Target::name).toList()) + ", all, none)"));
            if (targets.contains(app)) {
                throw new IllegalArgumentException("app '" + name.trim() + "' is listed twice");
            }
            targets.add(app);
        }
        return List.copyOf(targets);
    }

    /** {@code slow-server:9000,webflux:9083}: overrides of the default ports. */
    private static Map<String, Integer> ports(String raw, List<Target> targets) {
        Map<String, Integer> ports = new LinkedHashMap<>();
        ports.put(Target.SLOW_SERVER, Target.DEFAULT_BACKEND_PORT);
        for (Target app : Target.APPS) {
            ports.put(app.name(), app.defaultPort());
        }
        if (!raw.isBlank()) {
            for (String entry : raw.split(",")) {
                String[] parts = entry.trim().split(":");
                if (parts.length == 2 && !parts[0].equals(Target.SLOW_SERVER)) {
                    parts[0] = Target.app(parts[0]).map(Target::name).orElse(parts[0]);
                }
                if (parts.length != 2 || !ports.containsKey(parts[0])) {
                    throw new IllegalArgumentException("ports entry '" + entry.trim()
                            + "' is not <target>:<port> with a target of " + String.join(", ", ports.keySet()));
                }
                int port;
                try {
                    port = Integer.parseInt(parts[1]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "ports entry '" + entry.trim() + "' has a port that is not a number");
                }
                if (port < 1 || port > 65_535) {
                    throw new IllegalArgumentException(
                            "ports entry '" + entry.trim() + "' has a port outside 1..65535");
                }
                ports.put(parts[0], port);
            }
        }
        List<Integer> used = new ArrayList<>();
        used.add(ports.get(Target.SLOW_SERVER));
        for (Target target : targets) {
            if (target.isApp()) {
                int port = ports.get(target.name());
                if (used.contains(port)) {
                    throw new IllegalArgumentException(
                            "port " + port + " is given to two targets (" + target.name() + ")");
                }
                used.add(port);
            }
        }
        return Map.copyOf(ports);
    }
}
