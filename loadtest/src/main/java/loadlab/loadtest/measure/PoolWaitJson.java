package loadlab.loadtest.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.OptionalInt;

/** A point's {@link PoolWait} in the data file and back, field by field, as {@link FiguresJson} does the rest. */
final class PoolWaitJson {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private PoolWaitJson() {}

    static ObjectNode of(PoolWait p) {
        ObjectNode node = JSON.objectNode().put("client", p.client()).put("size", p.size());
        FiguresJson.putOptional(node, "meanPending", p.meanPending());
        if (p.maxPending().isPresent()) {
            node.put("maxPending", p.maxPending().getAsInt());
        } else {
            node.putNull("maxPending");
        }
        FiguresJson.putOptional(node, "meanInUse", p.meanInUse());
        FiguresJson.putOptional(node, "meanWaitMs", p.meanWaitMs());
        return node;
    }

    static PoolWait of(JsonNode n) {
        return new PoolWait(
                n.get("client").asText(),
                n.get("size").asInt(),
                FiguresJson.optionalDouble(n.get("meanPending")),
                FiguresJson.present(n.get("maxPending")).isPresent()
                        ? OptionalInt.of(n.get("maxPending").asInt())
                        : OptionalInt.empty(),
                FiguresJson.optionalDouble(n.get("meanInUse")),
                FiguresJson.optionalDouble(n.get("meanWaitMs")));
    }
}
