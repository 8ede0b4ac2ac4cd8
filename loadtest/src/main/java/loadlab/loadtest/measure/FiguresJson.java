package loadlab.loadtest.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The figures of a point as JSON and back, field by field, so a data file says in plain names what it holds and a
 * report rebuilt from it shows exactly the numbers it showed when it was measured (doubles round-trip exactly). A
 * missing figure is {@code null}, never a zero.
 */
final class FiguresJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private FiguresJson() {}

    static ObjectNode stats(RunStats s) {
        ObjectNode node = JSON.objectNode()
                .put("windowStartMillis", s.window().startMillis())
                .put("windowEndMillis", s.window().endMillis())
                .put("requests", s.requests())
                .put("throughputPerSecond", s.throughputPerSecond());
        node.set(
                "responseTimes",
                s.responseTimes().<JsonNode>map(FiguresJson::times).orElse(JSON.nullNode()));
        node.put("errors", s.errors()).put("errorPercent", s.errorPercent());
        ObjectNode byClass = node.putObject("errorsByClass");
        s.errorsByClass().forEach((errorClass, count) -> byClass.put(errorClass.name(), count));
        node.put("ceilingPerSecond", s.ceilingPerSecond()).put("efficiencyPercent", s.efficiencyPercent());
        node.set(
                "addedLatency",
                s.addedLatency()
                        .<JsonNode>map(a -> JSON.objectNode()
                                .put("requests", a.requests())
                                .put("meanMs", a.meanMs())
                                .put("p99Ms", a.p99Ms()))
                        .orElse(JSON.nullNode()));
        return node;
    }

    static RunStats stats(JsonNode n) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
        n.get("errorsByClass")
                .properties()
                .forEach(e ->
                        byClass.put(ErrorClass.valueOf(e.getKey()), e.getValue().asInt()));
        JsonNode added = n.get("addedLatency");
        return new RunStats(
                new MeasurementWindow(
                        n.get("windowStartMillis").asLong(),
                        n.get("windowEndMillis").asLong()),
                n.get("requests").asInt(),
                n.get("throughputPerSecond").asDouble(),
                present(n.get("responseTimes")).map(FiguresJson::times),
                n.get("errors").asInt(),
                n.get("errorPercent").asDouble(),
                Collections.unmodifiableMap(byClass),
                n.get("ceilingPerSecond").asDouble(),
                n.get("efficiencyPercent").asDouble(),
                present(added)
                        .map(a -> new AddedLatency(
                                a.get("requests").asInt(),
                                a.get("meanMs").asDouble(),
                                a.get("p99Ms").asLong())));
    }

    private static ObjectNode times(ResponseTimes t) {
        return JSON.objectNode()
                .put("meanMs", t.meanMs())
                .put("minMs", t.minMs())
                .put("p50Ms", t.p50Ms())
                .put("p90Ms", t.p90Ms())
                .put("p95Ms", t.p95Ms())
                .put("p99Ms", t.p99Ms())
                .put("maxMs", t.maxMs());
    }

    private static ResponseTimes times(JsonNode t) {
        return new ResponseTimes(
                t.get("meanMs").asDouble(),
                t.get("minMs").asLong(),
                t.get("p50Ms").asLong(),
                t.get("p90Ms").asLong(),
                t.get("p95Ms").asLong(),
                t.get("p99Ms").asLong(),
                t.get("maxMs").asLong());
    }

    static ObjectNode cost(ResourceCost cost) {
        ObjectNode node = JSON.objectNode();
        node.set("process", cost.process().<JsonNode>map(FiguresJson::usage).orElse(JSON.nullNode()));
        node.set("jfr", cost.jfr().<JsonNode>map(FiguresJson::jfr).orElse(JSON.nullNode()));
        node.set(
                "loadGenerator",
                cost.loadGenerator().<JsonNode>map(FiguresJson::usage).orElse(JSON.nullNode()));
        node.set("backend", cost.backend().<JsonNode>map(FiguresJson::usage).orElse(JSON.nullNode()));
        node.set("memory", cost.memory().<JsonNode>map(FiguresJson::memory).orElse(JSON.nullNode()));
        // Only a database request has a pool; the other data files keep their fields as they were.
        cost.poolWait().ifPresent(pool -> node.set("poolWait", PoolWaitJson.of(pool)));
        return node;
    }

    static ResourceCost cost(JsonNode n) {
        return new ResourceCost(
                present(n.get("process")).map(FiguresJson::usage),
                present(n.get("jfr")).map(FiguresJson::jfr),
                present(n.get("loadGenerator")).map(FiguresJson::usage),
                present(n.get("backend")).map(FiguresJson::usage),
                present(n.get("memory")).map(FiguresJson::memory),
                present(n.get("poolWait")).map(PoolWaitJson::of));
    }

    private static ObjectNode memory(LiveMemory m) {
        return JSON.objectNode()
                .put("restHeapMib", m.restHeapMib())
                .put("restRssMib", m.restRssMib())
                .put("loadedHeapMib", m.loadedHeapMib());
    }

    private static LiveMemory memory(JsonNode n) {
        return new LiveMemory(
                n.get("restHeapMib").asDouble(),
                n.get("restRssMib").asDouble(),
                n.get("loadedHeapMib").asDouble());
    }

    private static ObjectNode usage(ResourceUsage u) {
        ObjectNode node = JSON.objectNode().put("cpuSeconds", u.cpuSeconds()).put("averageCores", u.averageCores());
        putOptional(node, "cpuSecondsPer1000Requests", u.cpuSecondsPer1000Requests());
        node.put("peakRssMib", u.peakRssMib())
                .put("peakThreads", u.peakThreads())
                .put("sampledThroughout", u.sampledThroughout());
        putOptional(node, "idleCores", u.idleCores());
        putOptional(node, "jitCpuSeconds", u.jitCpuSeconds());
        putOptional(node, "peakHeapMib", u.peakHeapMib());
        return node;
    }

    private static ResourceUsage usage(JsonNode n) {
        return new ResourceUsage(
                n.get("cpuSeconds").asDouble(),
                n.get("averageCores").asDouble(),
                optionalDouble(n.get("cpuSecondsPer1000Requests")),
                n.get("peakRssMib").asDouble(),
                n.get("peakThreads").asInt(),
                n.get("sampledThroughout").asBoolean(),
                optionalDouble(n.get("idleCores")),
                optionalDouble(n.get("jitCpuSeconds")),
                optionalDouble(n.get("peakHeapMib")));
    }

    private static ObjectNode jfr(JfrFigures j) {
        ObjectNode node = JSON.objectNode().put("gcCount", j.gcCount()).put("gcPauseMs", j.gcPauseMs());
        putOptional(node, "heapUsedAfterGcMib", j.heapUsedAfterGcMib());
        if (j.pinnedEvents().isPresent()) {
            node.put("pinnedEvents", j.pinnedEvents().getAsInt());
        } else {
            node.putNull("pinnedEvents");
        }
        return node;
    }

    private static JfrFigures jfr(JsonNode n) {
        JsonNode pinned = n.get("pinnedEvents");
        return new JfrFigures(
                n.get("gcCount").asInt(),
                n.get("gcPauseMs").asDouble(),
                optionalDouble(n.get("heapUsedAfterGcMib")),
                present(pinned).isPresent() ? OptionalInt.of(pinned.asInt()) : OptionalInt.empty());
    }

    /**
     * Each second as {@code [offset, completed, errors, p99 or null, in flight, errors by class...]} (classes in
     * enum order), each resource reading as {@code [second, RSS MiB, threads]} and each heap after a collection as
     * {@code [second, MiB]}: compact, since a run has hundreds of them.
     */
    static ObjectNode series(Series series) {
        ObjectNode node = JSON.objectNode().put("runStartMillis", series.runStartMillis());
        ArrayNode seconds = node.putArray("seconds");
        for (PerSecond s : series.seconds()) {
            ArrayNode row =
                    seconds.addArray().add(s.offsetSecond()).add(s.completed()).add(s.errors());
            if (s.p99Ms().isPresent()) {
                row.add(s.p99Ms().getAsLong());
            } else {
                row.addNull();
            }
            row.add(s.inFlight());
            s.errorsByClass().values().forEach(row::add);
        }
        ArrayNode resources = node.putArray("resources");
        series.resources()
                .forEach(r ->
                        resources.addArray().add(r.atSecond()).add(r.rssMib()).add(r.threads()));
        ArrayNode heap = node.putArray("heapAfterGc");
        series.heapAfterGc().forEach(h -> heap.addArray().add(h.atSecond()).add(h.mib()));
        return node;
    }

    static Series series(JsonNode n) {
        List<PerSecond> seconds = new ArrayList<>();
        for (JsonNode row : n.get("seconds")) {
            Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
            ErrorClass[] classes = ErrorClass.values();
            // A data file written before a class existed has no column for it, and keeps none.
            for (int i = 0; i < classes.length && 5 + i < row.size(); i++) {
                byClass.put(classes[i], row.get(5 + i).asInt());
            }
            seconds.add(new PerSecond(
                    row.get(0).asInt(),
                    row.get(1).asInt(),
                    row.get(2).asInt(),
                    row.get(3).isNull()
                            ? OptionalLong.empty()
                            : OptionalLong.of(row.get(3).asLong()),
                    row.get(4).asInt(),
                    Collections.unmodifiableMap(byClass)));
        }
        List<Series.ResourcePoint> resources = new ArrayList<>();
        n.get("resources")
                .forEach(r -> resources.add(new Series.ResourcePoint(
                        r.get(0).asDouble(), r.get(1).asDouble(), r.get(2).asInt())));
        List<Series.HeapPoint> heap = new ArrayList<>();
        n.get("heapAfterGc")
                .forEach(h -> heap.add(
                        new Series.HeapPoint(h.get(0).asDouble(), h.get(1).asDouble())));
        return new Series(n.get("runStartMillis").asLong(), seconds, resources, heap);
    }

    static Optional<JsonNode> present(JsonNode node) {
        return node == null || node.isNull() ? Optional.empty() : Optional.of(node);
    }

    static void putOptional(ObjectNode node, String name, OptionalDouble value) {
        if (value.isPresent()) {
            node.put(name, value.getAsDouble());
        } else {
            node.putNull(name);
        }
    }

    static OptionalDouble optionalDouble(JsonNode node) {
        return present(node).isPresent() ? OptionalDouble.of(node.asDouble()) : OptionalDouble.empty();
    }
}
