package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * What one run of the lab measures, a scenario of the catalogue: every target in turn, under every load, each load
 * repeated {@code runs} times, with the same phases, backend and request. The comparison, the concurrency sweep and
 * the open workload are all plans; they differ in their loads and in how their report lays them out.
 *
 * @param name     the scenario's name in the catalogue
 * @param about    what the scenario asks, in one line
 * @param request  what each request asks an app for
 * @param loads    ascending by level; a comparison has exactly one
 * @param runs     repeats of each load, taken in turns: every target once per run, each time in a fresh process
 * @param targets  in run order, direct (the backend alone) first when it is run
 * @param cpus     which CPUs an app and the rest of the lab run on: all of the machine's, or apart
 * @param folder   where its results go, relative to the results folder ({@code .} for its top)
 * @param dbPool   for a database request, the connections of every target's pool (the apps' and the direct row's);
 *     empty for the other requests
 * @param appJvmFlags the same JVM flags for every app of the plan (the JFR recording is added to them)
 * @param interleave  for a comparison measured side by side, its rounds and slices; empty for one target after
 *     another
 */
public record Plan(
        String name,
        String about,
        Kind kind,
        Phases phases,
        Backend backend,
        Request request,
        List<LoadShape> loads,
        int runs,
        List<Target> targets,
        CpuPinning cpus,
        String folder,
        OptionalInt dbPool,
        List<String> appJvmFlags,
        Optional<Interleave> interleave) {

    /** A plan that measures its targets one after another. */
    public Plan(
            String name,
            String about,
            Kind kind,
            Phases phases,
            Backend backend,
            Request request,
            List<LoadShape> loads,
            int runs,
            List<Target> targets,
            CpuPinning cpus,
            String folder,
            OptionalInt dbPool,
            List<String> appJvmFlags) {
        this(
                name,
                about,
                kind,
                phases,
                backend,
                request,
                loads,
                runs,
                targets,
                cpus,
                folder,
                dbPool,
                appJvmFlags,
                Optional.empty());
    }

    /**
     * The apps' JVM flags where a plan does not say: a fixed heap so that no model wins by growing it, G1 as the JDK's
     * default collector. The knob table's default for {@code appJvmFlags}, which a test holds it to.
     */
    public static final List<String> DEFAULT_APP_JVM_FLAGS = List.of("-Xms512m", "-Xmx512m", "-XX:+UseG1GC");

    /** A plan whose apps run with the default JVM flags. */
    public Plan(
            String name,
            String about,
            Kind kind,
            Phases phases,
            Backend backend,
            Request request,
            List<LoadShape> loads,
            int runs,
            List<Target> targets,
            CpuPinning cpus,
            String folder,
            OptionalInt dbPool) {
        this(
                name,
                about,
                kind,
                phases,
                backend,
                request,
                loads,
                runs,
                targets,
                cpus,
                folder,
                dbPool,
                DEFAULT_APP_JVM_FLAGS);
    }

    /** A plan of a request that does not use the database. */
    public Plan(
            String name,
            String about,
            Kind kind,
            Phases phases,
            Backend backend,
            Request request,
            List<LoadShape> loads,
            int runs,
            List<Target> targets,
            CpuPinning cpus,
            String folder) {
        this(name, about, kind, phases, backend, request, loads, runs, targets, cpus, folder, OptionalInt.empty());
    }

    /**
     * How long a database request waits for a free connection before it fails as a pool timeout, in every target
     * (the apps' {@code db.acquire-timeout}, the direct row's pool): below the load's 10 s client timeout, so that a
     * starved pool shows as pool timeouts of its own rather than as the users' timeouts, and with room left for the
     * query itself. Hikari's default would be 30 s, r2dbc-pool's none.
     */
    public static final Duration DB_ACQUIRE_TIMEOUT = Duration.ofSeconds(5);

    /**
     * The largest database pool: the max_connections the lab starts PostgreSQL with (db-server's default too), above
     * the largest pool of the catalogue. Every connection is a PostgreSQL process, and a pool the database refuses
     * would fail the run rather than measure it.
     */
    public static final int MAX_DB_POOL = 200;

    /** How a plan's report lays out its points, and where it lives in its results folder. */
    public enum Kind {
        /** One load, maybe repeated: summary.md, with raw data and charts beside it. */
        COMPARISON("comparison", "summary", ""),
        /** Closed-loop user levels: sweep.md, its data under sweep/. */
        SWEEP("sweep", "sweep", "sweep"),
        /** Fixed arrival rates: open-workload.md, its data under open-workload/. */
        OPEN("open", "open-workload", "open-workload"),
        /** One closed load through disturbances (a backend schedule, a spike): timeline.md, data under timeline/. */
        TIMELINE("timeline", "timeline", "timeline");

        /** How the catalogue names it. */
        public final String word;
        /** The report's file name without its extension; the data file has the same name. */
        public final String fileName;
        /** Where its raw data and charts go inside its results folder. */
        public final String dataDir;

        Kind(String word, String fileName, String dataDir) {
            this.word = word;
            this.fileName = fileName;
            this.dataDir = dataDir;
        }
    }

    /** A plan of the default request and the machine's cores, for tests and the classic modes. */
    public Plan(Kind kind, Phases phases, Backend backend, List<LoadShape> loads, int runs, List<Target> targets) {
        this(
                kind.word,
                "",
                kind,
                phases,
                backend,
                Request.PROXY,
                loads,
                runs,
                targets,
                CpuPinning.none(Runtime.getRuntime().availableProcessors()),
                ".");
    }

    public Plan {
        appJvmFlags = List.copyOf(appJvmFlags);
        loads = List.copyOf(loads);
        targets = List.copyOf(targets);
        if (loads.isEmpty() || targets.isEmpty() || runs < 1) {
            throw new IllegalArgumentException("a plan needs a load, a target and at least one run");
        }
        if (request.usesDatabase() != dbPool.isPresent() || (dbPool.isPresent() && dbPool.getAsInt() < 1)) {
            throw new IllegalArgumentException("a pool of at least one connection is for a database request, and only "
                    + "for it: " + request.path() + ", pool " + dbPool);
        }
        if (interleave.isPresent() && (kind != Kind.COMPARISON || runs != 1)) {
            throw new IllegalArgumentException(
                    "only a comparison of one run is interleaved: " + kind.word + ", runs " + runs);
        }
        if ((kind == Kind.COMPARISON || kind == Kind.TIMELINE) && loads.size() != 1) {
            throw new IllegalArgumentException("a " + kind.word + " has one load, not " + loads.size());
        }
        // Ascending, because every table row and chart line reads left to right as "more load".
        List<LoadShape> given = loads;
        if (!IntStream.range(1, given.size())
                .allMatch(i -> given.get(i).level() > given.get(i - 1).level())) {
            throw new IllegalArgumentException("loads must be strictly ascending: " + loads);
        }
        Class<?> shape = loads.getFirst().getClass();
        if (loads.stream().anyMatch(load -> load.getClass() != shape)) {
            throw new IllegalArgumentException("a plan's loads are all closed or all open: " + loads);
        }
    }

    /** What happens during the window of a timeline scenario; {@link Timeline#NONE} for the other kinds. */
    public Timeline timeline() {
        if (load() instanceof LoadShape.Spike spike) {
            return Timeline.ofSpike(spike);
        }
        if (load() instanceof LoadShape.Open open && !open.rates().isConstant()) {
            return Timeline.ofRates(open.rates(), phases.window());
        }
        if (backend.hasSchedule()) {
            return Timeline.ofSchedule(backend.schedule(), backend);
        }
        return kind == Kind.TIMELINE ? Timeline.steady(phases.window()) : Timeline.NONE;
    }

    /** The cores an app may use: the machine's, or those it is pinned to. */
    public int appCores() {
        return cpus.appCores();
    }

    /**
     * What the target is asked for: the plan's request of an app; of direct, the backend's own answer, which for a
     * database plan is the query itself, straight from the load generator through its own pool.
     */
    public Request requestOf(Target target) {
        return target.isApp() || request.usesDatabase() ? request : Request.PROXY;
    }

    /** The mean backend delay, the D of Little's law. */
    public double meanDelayMs() {
        return backend.meanDelayMs();
    }

    public List<String> targetNames() {
        return targets.stream().map(Target::name).toList();
    }

    /** The apps of the plan, in run order, without direct. */
    public List<Target> apps() {
        return targets.stream().filter(Target::isApp).toList();
    }

    /** The loads in a few words for the run's first progress line, e.g. {@code 500 users x 3 runs}. */
    public String describeLoads() {
        return switch (kind) {
            case COMPARISON -> load().concurrency() + " users" + (runs > 1 ? " x " + runs + " runs" : "");
            case SWEEP ->
                "sweep of "
                        + loads.stream()
                                .map(l -> String.valueOf(l.concurrency()))
                                .collect(Collectors.joining(", "))
                        + " users";
            case TIMELINE ->
                load().label() + " through " + timeline().segments().size() + " phases";
            case OPEN ->
                "open arrivals at "
                        + loads.stream()
                                .map(l -> String.format(Locale.ROOT, "%.1f", l.level()))
                                .collect(Collectors.joining(", "))
                        + " req/s, at most " + load().concurrency() + " in flight";
        };
    }

    /** The load of a comparison. */
    public LoadShape load() {
        return loads.getFirst();
    }
}
