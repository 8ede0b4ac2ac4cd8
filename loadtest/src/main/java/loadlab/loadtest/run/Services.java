package loadlab.loadtest.run;

import static us.abstracta.jmeter.javadsl.JmeterDsl.httpSampler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.RemoteTargets;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.Target;
import us.abstracta.jmeter.javadsl.core.threadgroups.BaseThreadGroup.ThreadGroupChild;

/**
 * What the plan and the setup say about the lab's services, for {@link StartedTarget} to start and load them: where
 * each answers, which ones the lab does not start ({@code TARGETS}: their URL is the remote one, and a remote
 * slow-server is the backend of the apps the lab does start), where each keeps its log and JFR recording in the raw
 * folder, what a load sends, and where JMeter runs.
 */
final class Services {

    private final Plan plan;
    private final Setup setup;
    private final Path raw;
    private final String runId;
    /** One for the run, so that what it says about its engines it says once, not at every load. */
    private final Generator generator;

    /** @param runId the tag every process of the run carries, so that nothing outlives it */
    Services(Plan plan, Setup setup, Path raw, String runId) {
        this.plan = plan;
        this.setup = setup;
        this.raw = raw;
        this.runId = runId;
        this.generator = new Generator(setup.engines());
    }

    String runId() {
        return runId;
    }

    boolean usesDatabase() {
        return plan.request().usesDatabase();
    }

    /** The backend's name: db-server for a database plan, slow-server otherwise. */
    String backendName() {
        return usesDatabase() ? Target.DB_SERVER : Target.SLOW_SERVER;
    }

    /**
     * The modules whose jars the plan runs: the backend's, unless an existing database or a remote slow-server is
     * given, and those of the apps the lab starts.
     */
    List<String> modules() {
        List<String> modules = new ArrayList<>();
        if ((!usesDatabase() || setup.dbUrl().isEmpty()) && remoteBackend().isEmpty()) {
            modules.add(backendName());
        }
        plan.apps().stream().filter(app -> remote(app).isEmpty()).forEach(app -> modules.add(app.module()));
        return modules;
    }

    /** What a load asks for: the plan's request of an app, the backend's own {@code /} for direct. */
    String url(Target target) {
        if (!target.isApp() && usesDatabase()) {
            return setup.database().jdbc();
        }
        return baseUrl(target) + plan.requestOf(target).path();
    }

    /**
     * The target the lab loads but does not start, if this is one: an app of {@code TARGETS}, or for direct a remote
     * slow-server. A database plan has none (the knobs refuse them).
     */
    Optional<RemoteTargets.Remote> remote(Target target) {
        return usesDatabase() ? Optional.empty() : setup.remoteTargets().of(target);
    }

    /** The remote slow-server standing in for the lab's, if one does. */
    Optional<RemoteService> remoteBackend() {
        return usesDatabase()
                ? Optional.empty()
                : setup.remoteTargets()
                        .backend()
                        .map(remote ->
                                RemoteService.backend(Target.SLOW_SERVER, remote, remoteNote(Target.SLOW_SERVER)));
    }

    /** An app of {@code TARGETS}, watched through HTTP; empty for the lab's own targets and for direct. */
    Optional<RemoteService> remoteApp(Target target) {
        return target.isApp()
                ? remote(target).map(remote -> RemoteService.app(target.name(), remote, remoteNote(target.name())))
                : Optional.empty();
    }

    /** Writes the note that stands in for each remote target's log, so that a failed row's log says where it is. */
    void noteRemotes() {
        remoteBackend().ifPresent(Services::writeNote);
        plan.apps().forEach(app -> remoteApp(app).ifPresent(Services::writeNote));
    }

    private static void writeNote(RemoteService remote) {
        Lab.createParent(remote.log());
        try {
            Files.writeString(remote.log(), remote.note());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path remoteNote(String name) {
        return raw.resolve(name).resolve("remote.txt");
    }

    /** The JMeter sampler of a target's load: an HTTP GET of its URL, or the direct row's query through its pool. */
    ThreadGroupChild sampler(Target target, Optional<DirectDatabase> direct) {
        if (direct.isPresent()) {
            return direct.get().sampler();
        }
        Duration timeout = plan.phases().timeout();
        return httpSampler("GET " + plan.requestOf(target).path(), url(target))
                .connectionTimeout(timeout)
                .responseTimeout(timeout);
    }

    /** The direct row's pool for a database plan: the same size and acquire timeout as every app's. */
    Optional<DirectDatabase> direct(Target target) {
        return !target.isApp() && usesDatabase()
                ? Optional.of(new DirectDatabase(
                        setup.database(),
                        plan.dbPool().getAsInt(),
                        Plan.DB_ACQUIRE_TIMEOUT,
                        plan.phases().timeout()))
                : Optional.empty();
    }

    /** The database client a target runs: its jar's driver and pool, or the load generator's for direct. */
    String dbClient(Target target) {
        return target.isApp() ? DbClients.ofBootJar(target.jar(setup.projectDir())) : DbClients.ofThisJvm();
    }

    /**
     * Where a target answers: the URL {@code TARGETS} gave it, else the lab's host and its port; for direct, the
     * backend's (slow-server, remote or not).
     */
    String baseUrl(Target target) {
        return remote(target)
                .map(remote -> remote.base().toString())
                .orElseGet(() -> "http://" + setup.host() + ":" + setup.port(target));
    }

    /** Where JMeter runs a load: here, or on the engines, which send their samples back to the lab's host. */
    Generator generator() {
        return generator;
    }

    /** What begins with each target's window: the backend's schedule, when the plan has one. */
    WindowClock.WindowStart windowStart() {
        return plan.backend().hasSchedule()
                ? new BackendSchedule(setup.host(), setup.backendPort())
                : WindowClock.WindowStart.NOTHING;
    }

    Path backendLog() {
        return remoteBackend().map(RemoteService::log).orElseGet(() -> raw.resolve(backendName() + ".log"));
    }

    Path backendRecording() {
        return raw.resolve(Target.SLOW_SERVER + ".jfr");
    }

    /**
     * Where one run of a target keeps its samples and, for an app, its process's log and recording: the target's folder,
     * or {@code run-2} in it for a repeat, since each repeat is a process of its own.
     */
    Path processDir(Target target, int run) {
        Path targetDir = raw.resolve(target.name());
        return plan.runs() > 1 ? targetDir.resolve(runFolder(run)) : targetDir;
    }

    static String runFolder(int run) {
        return "run-" + run;
    }

    Path logOf(Target target, int run) {
        if (!target.isApp()) {
            return backendLog();
        }
        return remoteApp(target)
                .map(RemoteService::log)
                .orElseGet(() -> processDir(target, run).resolve("app.log"));
    }

    Path recordingOf(Target target, int run) {
        return target.isApp() ? processDir(target, run).resolve("app.jfr") : backendRecording();
    }
}
