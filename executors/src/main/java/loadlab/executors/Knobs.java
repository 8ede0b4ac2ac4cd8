package loadlab.executors;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import java.util.stream.Collectors;

/**
 * The knobs of {@code make executors}, validated before anything starts. An empty value means the default, and the
 * defaults live here only (the benchmarks' annotations refer to them).
 *
 * <p>The defaults keep a full run near 10 minutes on 2 cores: 13 benchmarks × 2 forks × 7 iterations of 2 s, where
 * the fixed pool of 200 needs 10 s per batch and so 10 s per iteration whatever the iteration time.
 */
public record Knobs(
        int tasks,
        int taskMs,
        int hashRounds,
        int forks,
        int warmupIterations,
        int iterations,
        int iterationSeconds,
        List<Variant> variants,
        Path projectDir,
        Path resultsDir) {

    public static final int DEFAULT_TASKS = 10_000;
    public static final String DEFAULT_TASKS_TEXT = "10000";
    public static final int DEFAULT_TASK_MS = 200;
    public static final String DEFAULT_TASK_MS_TEXT = "200";
    /**
     * 100 rounds of SHA-256 over 1 KiB, about 60 µs per task on this machine: 10,000 tasks are about 0.6 s of CPU,
     * long enough to dwarf an executor's overhead, short enough to keep the run near 10 minutes.
     */
    public static final int DEFAULT_HASH_ROUNDS = 100;

    public static final String DEFAULT_HASH_ROUNDS_TEXT = "100";
    public static final int DEFAULT_FORKS = 2;
    public static final int DEFAULT_WARMUP_ITERATIONS = 2;
    public static final int DEFAULT_ITERATIONS = 5;
    public static final int DEFAULT_ITERATION_SECONDS = 2;

    /**
     * The benchmark JVMs' flags: the apps' fixed 512 MiB heap, touched up front, so that peak RSS is the same heap
     * for every row plus what differs: thread stacks and other native memory.
     */
    public static final String FORK_HEAP_MIN = "-Xms512m";

    public static final String FORK_HEAP_MAX = "-Xmx512m";
    public static final String FORK_GC = "-XX:+UseG1GC";
    public static final String FORK_PRE_TOUCH = "-XX:+AlwaysPreTouch";
    public static final List<String> FORK_JVM_ARGS = List.of(FORK_HEAP_MIN, FORK_HEAP_MAX, FORK_GC, FORK_PRE_TOUCH);

    private static final List<String> NAMES = List.of(
            "tasks",
            "taskMs",
            "hashRounds",
            "forks",
            "warmupIterations",
            "iterations",
            "iterationTime",
            "bench",
            "project",
            "results");

    /** A knob with a bad value: its message is the whole one-line error. */
    public static final class BadKnob extends RuntimeException {
        BadKnob(String message) {
            super(message);
        }
    }

    /**
     * Parses {@code --name=value} arguments, or {@code NAME=value} as {@code make executors} passes them; unknown names
     * and bad values are a {@link BadKnob}.
     */
    public static Knobs parse(String... args) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            boolean makeStyle = !arg.startsWith("--")
                    && eq > 0
                    && MAKE_VARIABLE.matcher(arg.substring(0, eq)).matches();
            if (!(arg.startsWith("--") || makeStyle) || eq < 0) {
                throw new BadKnob("executors: argument '" + arg + "' is not --name=value or NAME=value");
            }
            String name = makeStyle ? camelCase(arg.substring(0, eq)) : arg.substring(2, eq);
            if (!NAMES.contains(name)) {
                throw new BadKnob("executors: unknown knob '" + arg.substring(makeStyle ? 0 : 2, eq) + "' (known: "
                        + NAMES.stream()
                                .map(known -> makeStyle ? makeVariable(known) : known)
                                .collect(Collectors.joining(", "))
                        + ")");
            }
            values.put(name, arg.substring(eq + 1).trim());
        }
        Path project = Path.of(values.getOrDefault("project", "").isEmpty() ? "." : values.get("project"));
        String results = values.getOrDefault("results", "");
        int forks = whole(values, "forks", DEFAULT_FORKS, 1);
        int iterations = whole(values, "iterations", DEFAULT_ITERATIONS, 1);
        if (forks * iterations < 3) {
            // JMH reports no error bar (NaN) from fewer than three measurements.
            throw new BadKnob("executors: forks=" + forks + " × iterations=" + iterations + " gives "
                    + forks * iterations + " measurements; JMH's error bar needs at least 3");
        }
        return new Knobs(
                whole(values, "tasks", DEFAULT_TASKS, 1),
                whole(values, "taskMs", DEFAULT_TASK_MS, 1),
                whole(values, "hashRounds", DEFAULT_HASH_ROUNDS, 1),
                forks,
                whole(values, "warmupIterations", DEFAULT_WARMUP_ITERATIONS, 0),
                iterations,
                seconds(values, "iterationTime"),
                variants(values.getOrDefault("bench", "")),
                project,
                results.isEmpty() ? project.resolve("results") : project.resolve(results));
    }

    /** {@code make executors TASK_MS=100} passes {@code TASK_MS=100}: the knob's name in capitals, words split by _. */
    private static final Pattern MAKE_VARIABLE = Pattern.compile("[A-Z][A-Z0-9]*(_[A-Z0-9]+)*");

    private static String camelCase(String makeVariable) {
        StringBuilder name = new StringBuilder();
        for (String word : makeVariable.toLowerCase(java.util.Locale.ROOT).split("_")) {
            name.append(name.isEmpty() ? word : Character.toUpperCase(word.charAt(0)) + word.substring(1));
        }
        return name.toString();
    }

    private static String makeVariable(String name) {
        return name.replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase(java.util.Locale.ROOT);
    }

    /** The JMH command line these knobs stand for: {@code java -jar executors/target/benchmarks.jar <these>}. */
    public List<String> jmhArguments(Path resultJson) {
        String time = iterationSeconds + "s";
        List<String> args = new ArrayList<>();
        args.add(includeRegex());
        args.addAll(List.of("-p", "tasks=" + tasks, "-p", "delayMs=" + taskMs, "-p", "hashRounds=" + hashRounds));
        args.addAll(List.of("-bm", "avgt", "-tu", "s", "-t", "1"));
        args.addAll(List.of("-f", String.valueOf(forks), "-wi", String.valueOf(warmupIterations), "-w", time));
        args.addAll(List.of("-i", String.valueOf(iterations), "-r", time));
        args.addAll(List.of("-jvmArgsAppend", String.join(" ", FORK_JVM_ARGS)));
        // A failed benchmark ends the run: a partial result must never replace the last good report.
        args.addAll(List.of("-foe", "true"));
        args.addAll(List.of("-prof", "gc", "-prof", PeakProfiler.class.getName()));
        args.addAll(List.of("-rf", "json", "-rff", resultJson.toString()));
        return args;
    }

    /** Exactly the selected benchmarks, anchored, so that {@code fixedPool200} never also picks a longer name. */
    String includeRegex() {
        return "^" + dotsEscaped(Variant.class.getPackageName() + ".") + "("
                + variants.stream().map(v -> dotsEscaped(v.benchmark())).collect(Collectors.joining("|"))
                + ")$";
    }

    /** Java names hold letters, digits, '_', '$' and '.': only the dots (and a '$') mean something in a regex. */
    private static String dotsEscaped(String name) {
        return name.replace(".", "\\.").replace("$", "\\$");
    }

    private static List<Variant> variants(String bench) {
        if (bench.isEmpty()) {
            return List.of(Variant.values());
        }
        Pattern pattern;
        try {
            pattern = Pattern.compile(bench);
        } catch (PatternSyntaxException e) {
            throw new BadKnob("executors: bench='" + bench + "' is not a regular expression: " + e.getDescription());
        }
        List<Variant> chosen = Arrays.stream(Variant.values())
                .filter(v -> pattern.matcher(v.benchmark()).find())
                .toList();
        if (chosen.isEmpty()) {
            throw new BadKnob("executors: bench='" + bench + "' matches no benchmark (they are "
                    + Arrays.stream(Variant.values()).map(Variant::benchmark).collect(Collectors.joining(", "))
                    + ")");
        }
        // The hashing group's floor is derived from its serial row: any hashing variant brings it along.
        if (chosen.stream().anyMatch(v -> v.group() == Variant.Group.HASHING)
                && !chosen.contains(Variant.HASHING_SERIAL)) {
            List<Variant> withSerial = new ArrayList<>(chosen);
            withSerial.add(Variant.HASHING_SERIAL);
            withSerial.sort(null);
            return List.copyOf(withSerial);
        }
        return chosen;
    }

    private static int whole(Map<String, String> values, String name, int defaultValue, int min) {
        String text = values.getOrDefault(name, "");
        if (text.isEmpty()) {
            return defaultValue;
        }
        int value;
        try {
            value = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            throw new BadKnob("executors: " + name + "='" + text + "' is not a whole number");
        }
        if (value < min) {
            throw new BadKnob("executors: " + name + "='" + text + "' must be at least " + min);
        }
        return value;
    }

    private static int seconds(Map<String, String> values, String name) {
        String text = values.getOrDefault(name, "");
        String bare = text.endsWith("s") ? text.substring(0, text.length() - 1) : text;
        if (bare.isEmpty() && !text.isEmpty()) {
            throw new BadKnob("executors: " + name + "='" + text + "' is not a number of seconds (e.g. 2 or 2s)");
        }
        try {
            return whole(Map.of(name, bare), name, DEFAULT_ITERATION_SECONDS, 1);
        } catch (BadKnob e) {
            throw new BadKnob(
                    "executors: " + name + "='" + text + "' is not a whole number of seconds >= 1 (e.g. 2 or 2s)");
        }
    }
}
