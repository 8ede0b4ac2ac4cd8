package loadlab.loadtest.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import loadlab.loadtest.plan.Backend;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;

/**
 * A run's {@link ResultSet} as one JSON file beside its report ({@code summary.json} beside {@code summary.md}): the
 * boundary between measuring and reporting. {@code make report} renders every report and chart again from these
 * files alone, and {@code make diff} compares two of them. The fields are named as in the records they come from;
 * docs/data-files.md lists them.
 */
public final class DataFile {

    /** Changes when a field changes meaning or goes away; a reader refuses a schema it does not know. */
    public static final String SCHEMA = "loadlab-results/1";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private DataFile() {}

    public static String toJson(ResultSet results) {
        ObjectNode root = JSON.objectNode().put("schema", SCHEMA);
        root.set("plan", plan(results.plan()));
        root.set("environment", MAPPER.valueToTree(results.environment()));
        ArrayNode points = root.putArray("points");
        results.points().forEach(point -> points.add(point(point)));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException("a result set that cannot be written as JSON", e);
        }
    }

    public static ResultSet fromJson(String json) throws IOException {
        JsonNode root = MAPPER.readTree(json);
        String schema = root.path("schema").asText();
        if (!SCHEMA.equals(schema)) {
            throw new IOException("not a loadlab data file of schema " + SCHEMA + " (schema '" + schema + "')");
        }
        Plan plan = plan(root.get("plan"));
        List<Point> points = new ArrayList<>();
        for (JsonNode point : root.get("points")) {
            points.add(point(point, plan));
        }
        return new ResultSet(plan, MAPPER.treeToValue(root.get("environment"), Environment.class), points);
    }

    public static ResultSet read(Path file) throws IOException {
        try {
            return fromJson(Files.readString(file));
        } catch (RuntimeException malformed) {
            throw new IOException(file + ": " + malformed.getMessage(), malformed);
        }
    }

    private static ObjectNode plan(Plan plan) {
        ObjectNode node = JSON.objectNode()
                .put("name", plan.name())
                .put("about", plan.about())
                .put("kind", plan.kind().name())
                .put("request", plan.request().path())
                .put("appCores", plan.appCores())
                .put("folder", plan.folder());
        ArrayNode appCpus = node.putArray("appCpus");
        plan.cpus().appCpus().forEach(appCpus::add);
        ArrayNode labCpus = node.putArray("labCpus");
        plan.cpus().labCpus().forEach(labCpus::add);
        node.put("machineCpus", plan.cpus().machine());
        // Only a database plan has a pool; the other data files keep their fields as they were.
        plan.dbPool().ifPresent(pool -> node.put("dbPool", pool));
        // Likewise the apps' JVM flags, written only where a plan changed them.
        if (!plan.appJvmFlags().equals(Plan.DEFAULT_APP_JVM_FLAGS)) {
            ArrayNode flags = node.putArray("appJvmFlags");
            plan.appJvmFlags().forEach(flags::add);
        }
        node.putObject("phases")
                .put("rampUpSeconds", plan.phases().rampUp().toSeconds())
                .put("warmUpSeconds", plan.phases().warmUp().toSeconds())
                .put("windowSeconds", plan.phases().window().toSeconds())
                .put("timeoutSeconds", plan.phases().timeout().toSeconds())
                .put("warmUpUntilJitSettles", plan.phases().untilJitSettles());
        ObjectNode backend = node.putObject("backend")
                .put("minDelayMs", plan.backend().minDelayMs())
                .put("maxDelayMs", plan.backend().maxDelayMs());
        if (plan.backend().seed().isPresent()) {
            backend.put("seed", plan.backend().seed().getAsLong());
        } else {
            backend.putNull("seed");
        }
        backend.put("schedule", plan.backend().schedule());
        ArrayNode loads = node.putArray("loads");
        plan.loads().forEach(load -> loads.add(load(load)));
        node.put("runs", plan.runs());
        ArrayNode targets = node.putArray("targets");
        for (Target target : plan.targets()) {
            ObjectNode t = targets.addObject()
                    .put("name", target.name())
                    .put("module", target.module())
                    .put("defaultPort", target.defaultPort());
            if (target.threadLimit().isPresent()) {
                t.put("threadLimit", target.threadLimit().getAsInt());
            } else {
                t.putNull("threadLimit");
            }
            t.put("model", target.model());
        }
        return node;
    }

    private static Plan plan(JsonNode n) {
        JsonNode p = n.get("phases");
        JsonNode b = n.get("backend");
        List<LoadShape> loads = new ArrayList<>();
        n.get("loads").forEach(load -> loads.add(load(load)));
        List<Target> targets = new ArrayList<>();
        for (JsonNode t : n.get("targets")) {
            targets.add(new Target(
                    t.get("name").asText(),
                    t.get("module").asText(),
                    t.get("defaultPort").asInt(),
                    t.get("threadLimit").isNull()
                            ? OptionalInt.empty()
                            : OptionalInt.of(t.get("threadLimit").asInt()),
                    t.get("model").asText()));
        }
        return new Plan(
                n.get("name").asText(),
                n.get("about").asText(),
                Plan.Kind.valueOf(n.get("kind").asText()),
                new Phases(
                        Duration.ofSeconds(p.get("rampUpSeconds").asLong()),
                        Duration.ofSeconds(p.get("warmUpSeconds").asLong()),
                        Duration.ofSeconds(p.get("windowSeconds").asLong()),
                        Duration.ofSeconds(p.get("timeoutSeconds").asLong()),
                        p.get("warmUpUntilJitSettles").asBoolean()),
                new Backend(
                        b.get("minDelayMs").asInt(),
                        b.get("maxDelayMs").asInt(),
                        b.get("seed").isNull()
                                ? OptionalLong.empty()
                                : OptionalLong.of(b.get("seed").asLong()),
                        b.get("schedule").asText()),
                Request.parse(n.get("request").asText()),
                loads,
                n.get("runs").asInt(),
                targets,
                cpus(n),
                n.get("folder").asText(),
                n.has("dbPool") ? OptionalInt.of(n.get("dbPool").asInt()) : OptionalInt.empty(),
                appJvmFlags(n));
    }

    private static List<String> appJvmFlags(JsonNode n) {
        if (!n.has("appJvmFlags")) {
            return Plan.DEFAULT_APP_JVM_FLAGS;
        }
        List<String> flags = new ArrayList<>();
        n.get("appJvmFlags").forEach(flag -> flags.add(flag.asText()));
        return flags;
    }

    /** Files written before pinning existed say only how many cores an app had: all of the machine's. */
    private static CpuPinning cpus(JsonNode n) {
        if (!n.has("machineCpus")) {
            return CpuPinning.none(n.get("appCores").asInt());
        }
        List<Integer> app = new ArrayList<>();
        n.get("appCpus").forEach(cpu -> app.add(cpu.asInt()));
        List<Integer> lab = new ArrayList<>();
        n.get("labCpus").forEach(cpu -> lab.add(cpu.asInt()));
        return new CpuPinning(app, lab, n.get("machineCpus").asInt());
    }

    private static ObjectNode load(LoadShape load) {
        return switch (load) {
            case LoadShape.Closed closed -> JSON.objectNode().put("closedUsers", closed.users());
            case LoadShape.Open open ->
                JSON.objectNode().put("openRatePerSecond", open.ratePerSecond()).put("maxThreads", open.maxThreads());
            case LoadShape.Spike spike ->
                JSON.objectNode()
                        .put("spikeUsers", spike.users())
                        .put("factor", spike.factor())
                        .put("beforeSeconds", spike.before().toSeconds())
                        .put("duringSeconds", spike.during().toSeconds())
                        .put("afterSeconds", spike.after().toSeconds());
        };
    }

    private static LoadShape load(JsonNode n) {
        if (n.has("closedUsers")) {
            return new LoadShape.Closed(n.get("closedUsers").asInt());
        }
        if (n.has("spikeUsers")) {
            return new LoadShape.Spike(
                    n.get("spikeUsers").asInt(),
                    n.get("factor").asInt(),
                    Duration.ofSeconds(n.get("beforeSeconds").asLong()),
                    Duration.ofSeconds(n.get("duringSeconds").asLong()),
                    Duration.ofSeconds(n.get("afterSeconds").asLong()));
        }
        return new LoadShape.Open(
                n.get("openRatePerSecond").asDouble(), n.get("maxThreads").asInt());
    }

    private static ObjectNode point(Point point) {
        ObjectNode node = JSON.objectNode().put("target", point.target().name());
        node.set("load", load(point.load()));
        node.put("run", point.run());
        switch (point.outcome()) {
            case Outcome.Measured measured -> node.set("measured", FiguresJson.stats(measured.stats()));
            case Outcome.Failed failed ->
                node.putObject("failed")
                        .put("reason", failed.reason())
                        .put("log", failed.log().toString());
        }
        node.set("cost", FiguresJson.cost(point.cost()));
        node.set("series", SeriesJson.of(point.series()));
        return node;
    }

    private static Point point(JsonNode n, Plan plan) {
        String name = n.get("target").asText();
        Target target = plan.targets().stream()
                .filter(t -> t.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("a point of '" + name + "', not in the plan"));
        Outcome outcome = n.has("measured")
                ? new Outcome.Measured(FiguresJson.stats(n.get("measured")))
                : new Outcome.Failed(
                        n.get("failed").get("reason").asText(),
                        Path.of(n.get("failed").get("log").asText()));
        return new Point(
                target,
                load(n.get("load")),
                n.get("run").asInt(),
                outcome,
                FiguresJson.cost(n.get("cost")),
                SeriesJson.of(n.get("series")));
    }
}
