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
import java.util.OptionalLong;

/** A point's {@link Series} in the data file and back, as {@link FiguresJson} does its figures. */
final class SeriesJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private SeriesJson() {}

    /**
     * Each second as {@code [offset, completed, errors, p99 or null, in flight, errors by class...]} (classes in
     * enum order), each resource reading as {@code [second, RSS MiB or null, threads]} and each heap after a collection as
     * {@code [second, MiB]}: compact, since a run has hundreds of them.
     */
    static ObjectNode of(Series series) {
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
        for (Series.ResourcePoint r : series.resources()) {
            ArrayNode row = resources.addArray().add(r.atSecond());
            if (r.rssMib().isPresent()) {
                row.add(r.rssMib().getAsDouble());
            } else {
                row.addNull();
            }
            row.add(r.threads());
        }
        ArrayNode heap = node.putArray("heapAfterGc");
        series.heapAfterGc().forEach(h -> heap.addArray().add(h.atSecond()).add(h.mib()));
        return node;
    }

    static Series of(JsonNode n) {
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
                        r.get(0).asDouble(),
                        FiguresJson.optionalDouble(r.get(1)),
                        r.get(2).asInt())));
        List<Series.HeapPoint> heap = new ArrayList<>();
        n.get("heapAfterGc")
                .forEach(h -> heap.add(
                        new Series.HeapPoint(h.get(0).asDouble(), h.get(1).asDouble())));
        return new Series(n.get("runStartMillis").asLong(), seconds, resources, heap);
    }
}
