package loadlab.executors;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One benchmark's entry in JMH's JSON result file ({@code -rf json}): its settings as JMH ran them and its metrics.
 *
 * @param benchmark  the full name, e.g. {@code loadlab.executors.BlockingBatch.virtualThreadPerTask}
 * @param jvm        the benchmark JVM, e.g. "OpenJDK 64-Bit Server VM 25.0.3+9-LTS"
 * @param secondary  the profilers' metrics by name ({@code gc.alloc.rate.norm}, {@code peak.threads}, ...)
 */
public record JmhResult(
        String benchmark,
        String mode,
        int threads,
        int forks,
        int warmupIterations,
        String warmupTime,
        int measurementIterations,
        String measurementTime,
        List<String> jvmArgs,
        String jmhVersion,
        String jvm,
        Map<String, String> params,
        Metric primary,
        Map<String, Metric> secondary) {

    /**
     * A score with JMH's error (the half-width of its 99.9% confidence interval; NaN when JMH gives none).
     *
     * @param samples how many measurements JMH aggregated (iterations × forks)
     */
    public record Metric(double score, double error, String unit, int samples) {}

    public static List<JmhResult> read(Path json) throws IOException {
        return parse(Files.readString(json));
    }

    public static List<JmhResult> parse(String json) {
        List<JmhResult> results = new ArrayList<>();
        for (JsonElement element : JsonParser.parseString(json).getAsJsonArray()) {
            JsonObject o = element.getAsJsonObject();
            Map<String, String> params = new LinkedHashMap<>();
            if (o.has("params")) {
                o.getAsJsonObject("params")
                        .entrySet()
                        .forEach(e -> params.put(e.getKey(), e.getValue().getAsString()));
            }
            Map<String, Metric> secondary = new LinkedHashMap<>();
            if (o.has("secondaryMetrics")) {
                o.getAsJsonObject("secondaryMetrics")
                        .entrySet()
                        .forEach(e ->
                                secondary.put(e.getKey(), metric(e.getValue().getAsJsonObject())));
            }
            List<String> jvmArgs = new ArrayList<>();
            if (o.has("jvmArgs")) {
                o.getAsJsonArray("jvmArgs").forEach(a -> jvmArgs.add(a.getAsString()));
            }
            results.add(new JmhResult(
                    o.get("benchmark").getAsString(),
                    o.get("mode").getAsString(),
                    o.get("threads").getAsInt(),
                    o.get("forks").getAsInt(),
                    o.get("warmupIterations").getAsInt(),
                    o.get("warmupTime").getAsString(),
                    o.get("measurementIterations").getAsInt(),
                    o.get("measurementTime").getAsString(),
                    List.copyOf(jvmArgs),
                    o.get("jmhVersion").getAsString(),
                    o.get("vmName").getAsString() + " " + o.get("vmVersion").getAsString(),
                    params,
                    metric(o.getAsJsonObject("primaryMetric")),
                    secondary));
        }
        return results;
    }

    public Optional<Metric> secondary(String name) {
        return Optional.ofNullable(secondary.get(name));
    }

    /** A parameter JMH ran this benchmark with, as a number. */
    public long param(String name) {
        String value = params.get(name);
        if (value == null) {
            throw new IllegalArgumentException(benchmark + " has no parameter " + name + " in the JMH result");
        }
        return Long.parseLong(value);
    }

    /** The primary score as seconds per batch, whatever time unit JMH was told to print in. */
    public double secondsPerBatch() {
        return primary.score() * secondsPer(primary.unit());
    }

    public double secondsPerBatchError() {
        return primary.error() * secondsPer(primary.unit());
    }

    private static double secondsPer(String unit) {
        return switch (unit) {
            case "s/op" -> 1;
            case "ms/op" -> 1e-3;
            case "us/op" -> 1e-6;
            case "ns/op" -> 1e-9;
            default ->
                throw new IllegalArgumentException(
                        "expected average time per batch (mode avgt, e.g. s/op), got a score in " + unit);
        };
    }

    private static Metric metric(JsonObject o) {
        int samples = 0;
        if (o.has("rawData")) {
            for (JsonElement fork : o.getAsJsonArray("rawData")) {
                samples += ((JsonArray) fork).size();
            }
        }
        // JMH writes "NaN" as a string where it has no error bar; Gson parses it to Double.NaN.
        return new Metric(
                o.get("score").getAsDouble(),
                o.get("scoreError").getAsDouble(),
                o.get("scoreUnit").getAsString(),
                samples);
    }
}
