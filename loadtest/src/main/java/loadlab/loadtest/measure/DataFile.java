package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import loadlab.loadtest.plan.Backend;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.RateProfile;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;

/**
 * A run's {@link ResultSet} as one JSON file beside its report ({@code summary.json} beside {@code summary.md}): the
 * boundary between measuring and reporting. {@code make report} renders every report and chart again from these
 * files alone, and {@code make diff} compares two of them. Jackson writes and reads the figure records themselves (a
 * missing figure is {@code null}, never a zero; doubles round-trip exactly); the records below give the plan and the
 * points the shape the files have always had. docs/data-files.md lists the fields.
 */
public final class DataFile {

    /** Changes when a field changes meaning or goes away; a reader refuses a schema it does not know. */
    public static final String SCHEMA = "loadlab-results/1";

    static final ObjectMapper JSON = JsonMapper.builder()
            .addModule(new Jdk8Module())
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private DataFile() {}

    public static String toJson(ResultSet results) {
        try {
            return JSON.writeValueAsString(FileJson.of(results)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a result set that cannot be written as JSON", e);
        }
    }

    public static ResultSet fromJson(String json) throws IOException {
        JsonNode root = JSON.readTree(json);
        String schema = root.path("schema").asText();
        if (!SCHEMA.equals(schema)) {
            throw new IOException("not a loadlab data file of schema " + SCHEMA + " (schema '" + schema + "')");
        }
        return JSON.treeToValue(root, FileJson.class).results();
    }

    public static ResultSet read(Path file) throws IOException {
        try {
            return fromJson(Files.readString(file));
        } catch (RuntimeException malformed) {
            throw new IOException(file + ": " + malformed.getMessage(), malformed);
        }
    }

    /** @param sideBySide an interleaved comparison's slices, only in its files */
    record FileJson(
            String schema,
            PlanJson plan,
            Environment environment,
            List<PointJson> points,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<SideBySide> sideBySide) {

        static FileJson of(ResultSet results) {
            return new FileJson(
                    SCHEMA,
                    PlanJson.of(results.plan()),
                    results.environment(),
                    results.points().stream().map(PointJson::of).toList(),
                    results.sideBySide());
        }

        ResultSet results() {
            Plan read = plan.plan();
            return new ResultSet(
                    read,
                    environment,
                    points.stream().map(p -> p.point(read)).toList(),
                    sideBySide == null ? Optional.empty() : sideBySide);
        }
    }

    /**
     * @param machineCpus empty in files written before pinning existed, which say only how many cores an app had: all
     *     of the machine's
     * @param dbPool      only a database plan has a pool; the other data files keep their fields as they were
     * @param appJvmFlags likewise the apps' JVM flags, written only where a plan changed them
     */
    record PlanJson(
            String name,
            String about,
            Plan.Kind kind,
            String request,
            int appCores,
            String folder,
            List<Integer> appCpus,
            List<Integer> labCpus,
            OptionalInt machineCpus,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalInt dbPool,
            @JsonInclude(JsonInclude.Include.NON_NULL) List<String> appJvmFlags,
            PhasesJson phases,
            BackendJson backend,
            List<LoadJson> loads,
            int runs,
            List<TargetJson> targets) {

        static PlanJson of(Plan plan) {
            return new PlanJson(
                    plan.name(),
                    plan.about(),
                    plan.kind(),
                    plan.request().path(),
                    plan.appCores(),
                    plan.folder(),
                    plan.cpus().appCpus(),
                    plan.cpus().labCpus(),
                    OptionalInt.of(plan.cpus().machine()),
                    plan.dbPool(),
                    plan.appJvmFlags().equals(Plan.DEFAULT_APP_JVM_FLAGS) ? null : plan.appJvmFlags(),
                    PhasesJson.of(plan.phases()),
                    BackendJson.of(plan.backend()),
                    plan.loads().stream().map(LoadJson::of).toList(),
                    plan.runs(),
                    plan.targets().stream().map(TargetJson::of).toList());
        }

        Plan plan() {
            return new Plan(
                    name,
                    about,
                    kind,
                    phases.phases(),
                    backend.backend(),
                    Request.parse(request),
                    loads.stream().map(LoadJson::load).toList(),
                    runs,
                    targets.stream().map(TargetJson::target).toList(),
                    machineCpus.isPresent()
                            ? new CpuPinning(appCpus, labCpus, machineCpus.getAsInt())
                            : CpuPinning.none(appCores),
                    folder,
                    dbPool,
                    appJvmFlags == null ? Plan.DEFAULT_APP_JVM_FLAGS : appJvmFlags);
        }
    }

    record PhasesJson(
            long rampUpSeconds,
            long warmUpSeconds,
            long windowSeconds,
            long timeoutSeconds,
            boolean warmUpUntilJitSettles) {

        static PhasesJson of(Phases p) {
            return new PhasesJson(
                    p.rampUp().toSeconds(),
                    p.warmUp().toSeconds(),
                    p.window().toSeconds(),
                    p.timeout().toSeconds(),
                    p.untilJitSettles());
        }

        Phases phases() {
            return new Phases(
                    Duration.ofSeconds(rampUpSeconds),
                    Duration.ofSeconds(warmUpSeconds),
                    Duration.ofSeconds(windowSeconds),
                    Duration.ofSeconds(timeoutSeconds),
                    warmUpUntilJitSettles);
        }
    }

    record BackendJson(int minDelayMs, int maxDelayMs, OptionalLong seed, String schedule) {

        static BackendJson of(Backend b) {
            return new BackendJson(b.minDelayMs(), b.maxDelayMs(), b.seed(), b.schedule());
        }

        Backend backend() {
            return new Backend(minDelayMs, maxDelayMs, seed, schedule);
        }
    }

    /** One of three shapes, told apart by which fields it has. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record LoadJson(
            Integer closedUsers,
            Double openRatePerSecond,
            Integer maxThreads,
            Integer spikeUsers,
            Integer factor,
            Long beforeSeconds,
            Long duringSeconds,
            Long afterSeconds,
            List<RateStepJson> rateSteps,
            LoadShape.Open.Connections connections) {

        /** A rate step of an open load whose rate is not constant: from its second of the window on. */
        record RateStepJson(double fromSeconds, double ratePerSecond) {}

        static LoadJson of(LoadShape load) {
            return switch (load) {
                case LoadShape.Closed closed ->
                    new LoadJson(closed.users(), null, null, null, null, null, null, null, null, null);
                case LoadShape.Open open ->
                    new LoadJson(
                            null,
                            open.ratePerSecond(),
                            open.maxThreads(),
                            null,
                            null,
                            null,
                            null,
                            null,
                            // Left out for a constant rate and pooled connections: what every file held before.
                            open.rates().isConstant()
                                    ? null
                                    : open.rates().steps().stream()
                                            .map(step -> new RateStepJson(
                                                    step.from().toMillis() / 1000.0, step.ratePerSecond()))
                                            .toList(),
                            open.connections() == LoadShape.Open.Connections.POOLED ? null : open.connections());
                case LoadShape.Spike spike ->
                    new LoadJson(
                            null,
                            null,
                            null,
                            spike.users(),
                            spike.factor(),
                            spike.before().toSeconds(),
                            spike.during().toSeconds(),
                            spike.after().toSeconds(),
                            null,
                            null);
            };
        }

        LoadShape load() {
            if (closedUsers != null) {
                return new LoadShape.Closed(closedUsers);
            }
            if (spikeUsers != null) {
                return new LoadShape.Spike(
                        spikeUsers,
                        factor,
                        Duration.ofSeconds(beforeSeconds),
                        Duration.ofSeconds(duringSeconds),
                        Duration.ofSeconds(afterSeconds));
            }
            RateProfile rates = rateSteps == null
                    ? RateProfile.constant(openRatePerSecond)
                    : new RateProfile(rateSteps.stream()
                            .map(step -> new RateProfile.Step(
                                    Duration.ofMillis(Math.round(step.fromSeconds() * 1000)), step.ratePerSecond()))
                            .toList());
            return new LoadShape.Open(
                    rates, maxThreads, connections == null ? LoadShape.Open.Connections.POOLED : connections);
        }
    }

    /** A target as written; {@code client} only when a plan chose it, so files from before clients still match. */
    record TargetJson(
            String name,
            String module,
            int defaultPort,
            OptionalInt threadLimit,
            String model,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<String> client) {

        static TargetJson of(Target t) {
            return new TargetJson(t.name(), t.module(), t.defaultPort(), t.threadLimit(), t.model(), t.client());
        }

        Target target() {
            return new Target(
                    name, module, defaultPort, threadLimit, model, client == null ? Optional.empty() : client);
        }
    }

    /** A point names its target, which the plan describes; it was either measured or failed. */
    record PointJson(
            String target,
            LoadJson load,
            int run,
            @JsonInclude(JsonInclude.Include.NON_NULL) RunStats measured,
            @JsonInclude(JsonInclude.Include.NON_NULL) FailedJson failed,
            CostJson cost,
            Series series) {

        static PointJson of(Point point) {
            return new PointJson(
                    point.target().name(),
                    LoadJson.of(point.load()),
                    point.run(),
                    point.outcome() instanceof Outcome.Measured measured ? measured.stats() : null,
                    point.outcome() instanceof Outcome.Failed failed
                            ? new FailedJson(failed.reason(), failed.log().toString())
                            : null,
                    CostJson.of(point.cost()),
                    point.series());
        }

        Point point(Plan plan) {
            Target named = plan.targets().stream()
                    .filter(t -> t.name().equals(target))
                    .findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("a point of '" + target + "', not in the plan"));
            Outcome outcome = measured != null
                    ? new Outcome.Measured(measured)
                    : new Outcome.Failed(failed.reason, Path.of(failed.log));
            return new Point(named, load.load(), run, outcome, cost.cost(), series);
        }
    }

    record FailedJson(String reason, String log) {}

    /**
     * What a point cost. The fields that came after the first files are left out where they have nothing to say, so
     * that files of runs without them, and older files, read and write as before: a pool (a database request only), the
     * CPU's speed (files written before the yardstick have none), remote engines (a load sent from them only), the cores
     * of another host (an app on another host whose processors were read) and the figures of every probe added since
     * the first three, each under its id in {@code probes}.
     */
    record CostJson(
            Optional<ResourceUsage> process,
            Optional<JfrFigures> jfr,
            Optional<ResourceUsage> loadGenerator,
            Optional<ResourceUsage> backend,
            Optional<LiveMemory> memory,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<PoolWait> poolWait,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) Optional<CpuSpeed> speed,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) List<EngineUsage> engines,
            @JsonInclude(JsonInclude.Include.NON_ABSENT) OptionalInt hostCores,
            @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, JsonNode> probes) {

        /** The probes whose figures have had a field of their own since before there were plug-in probes. */
        private static final Set<String> OWN_FIELDS = Set.of(LiveMemory.KEY.id(), PoolWait.KEY.id(), CpuSpeed.KEY.id());

        static CostJson of(ResourceCost c) {
            Map<String, JsonNode> others = new LinkedHashMap<>(c.probes().json());
            others.keySet().removeAll(OWN_FIELDS);
            return new CostJson(
                    c.process(),
                    c.jfr(),
                    c.loadGenerator(),
                    c.backend(),
                    c.memory(),
                    c.poolWait(),
                    c.speed(),
                    c.engines(),
                    c.hostCores(),
                    others);
        }

        ResourceCost cost() {
            Map<String, JsonNode> others = probes == null ? Map.of() : probes;
            Set<String> clash = new HashSet<>(others.keySet());
            clash.retainAll(OWN_FIELDS);
            if (!clash.isEmpty()) {
                throw new IllegalArgumentException("probes " + clash + " have fields of their own in a point's cost");
            }
            ProbeFigures figures = ProbeFigures.NONE
                    .with(LiveMemory.KEY, memory)
                    .with(PoolWait.KEY, poolWait)
                    .with(CpuSpeed.KEY, speed)
                    .and(ProbeFigures.ofJson(others));
            return new ResourceCost(
                    process, jfr, loadGenerator, backend, engines == null ? List.of() : engines, hostCores, figures);
        }
    }
}
