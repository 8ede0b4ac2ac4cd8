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
        // Files written before the yardstick have no speed, and read as before.
        cost.speed().ifPresent(speed -> node.set("speed", speed(speed)));
        // Only a load sent from remote engines has them; files of other runs, and older files, read as before.
        if (!cost.engines().isEmpty()) {
            ArrayNode engines = node.putArray("engines");
            cost.engines().forEach(engine -> engines.add(engine(engine)));
        }
        // Only an app on another host whose processors were read has them; every other file reads as before.
        cost.hostCores().ifPresent(cores -> node.put("hostCores", cores));
        return node;
    }

    static ResourceCost cost(JsonNode n) {
        return new ResourceCost(
                present(n.get("process")).map(FiguresJson::usage),
                present(n.get("jfr")).map(FiguresJson::jfr),
                present(n.get("loadGenerator")).map(FiguresJson::usage),
                present(n.get("backend")).map(FiguresJson::usage),
                present(n.get("memory")).map(FiguresJson::memory),
                present(n.get("poolWait")).map(PoolWaitJson::of),
                present(n.get("speed")).map(FiguresJson::speed),
                engines(n.get("engines")),
                present(n.get("hostCores")).map(c -> OptionalInt.of(c.asInt())).orElse(OptionalInt.empty()));
    }

    private static ObjectNode engine(EngineUsage e) {
        ObjectNode node = JSON.objectNode().put("engine", e.engine()).put("onThisMachine", e.onThisMachine());
        if (e.processors().isPresent()) {
            node.put("processors", e.processors().getAsInt());
        } else {
            node.putNull("processors");
        }
        putOptional(node, "heapMaxMib", e.heapMaxMib());
        node.set("usage", e.usage().<JsonNode>map(FiguresJson::usage).orElse(JSON.nullNode()));
        return node;
    }

    private static List<EngineUsage> engines(JsonNode n) {
        List<EngineUsage> engines = new ArrayList<>();
        present(n)
                .ifPresent(array -> array.forEach(e -> engines.add(new EngineUsage(
                        e.get("engine").asText(),
                        e.get("onThisMachine").asBoolean(),
                        present(e.get("processors"))
                                .map(p -> OptionalInt.of(p.asInt()))
                                .orElse(OptionalInt.empty()),
                        optionalDouble(e.get("heapMaxMib")),
                        present(e.get("usage")).map(FiguresJson::usage)))));
        return engines;
    }

    private static ObjectNode speed(CpuSpeed speed) {
        return JSON.objectNode()
                .put("yardstick", speed.yardstick().id())
                .put("kernelMs", speed.kernelMs())
                .put("referenceMs", speed.referenceMs())
                .put("timings", speed.timings());
    }

    private static CpuSpeed speed(JsonNode n) {
        // Files from before the yardstick was named were all timed with the 64 KiB walk.
        Yardstick yardstick =
                present(n.get("yardstick")).map(id -> Yardstick.of(id.asText())).orElse(Yardstick.WALK_64_KIB);
        return new CpuSpeed(
                yardstick, n.get("kernelMs").asDouble(), n.get("timings").asInt());
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
        putOptional(node, "peakRssMib", u.peakRssMib());
        node.put("peakThreads", u.peakThreads()).put("sampledThroughout", u.sampledThroughout());
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
                optionalDouble(n.get("peakRssMib")),
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
