package loadlab.loadtest.run;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.Target;

/**
 * One target of the plan from its start to its close, in one place: the process the lab starts for it (its folder, JVM
 * flags, recording and log) or the service it loads without starting ({@code TARGETS}), its contract check, what the
 * health watch watches during its loads, what samples its process, what its probes can reach, and what is added to
 * its points once it has stopped. Two kinds:
 * <ul>
 *   <li>the plan's backend, up for the whole plan: slow-server (or db-server for a database plan) started here, a
 *       slow-server on another host, or an existing database. It is the direct row's target: that row is measured on
 *       it, in every run, and its points are final when the backend stops at the plan's end;
 *   <li>an app in one run: a fresh process of its own each run, or an app the lab did not start, behind the backend.
 * </ul>
 */
final class StartedTarget implements AutoCloseable {

    private final Target target;
    private final Plan plan;
    private final Services services;
    private final PrintStream out;
    private final Optional<LabProcess> process;
    private final Optional<RemoteService> remote;
    /** The JFR recording its JVM writes as it stops: a JVM of the lab's with the recording flags. */
    private final Optional<Path> recording;

    private final Path log;
    /** An app's backend; empty for the backend itself. */
    private final Optional<StartedTarget> backend;
    /** The backend's process sampled for the whole plan: slow-server started here. */
    private final Optional<ProcessSampler> planSampler;
    /** For a database plan, the client its pool is of. */
    private final Optional<String> dbClient;

    private final List<Row> rows = new ArrayList<>();
    private OptionalInt hostCores = OptionalInt.empty();
    private boolean closed;

    private StartedTarget(
            Target target,
            Plan plan,
            Services services,
            PrintStream out,
            Optional<LabProcess> process,
            Optional<RemoteService> remote,
            Optional<Path> recording,
            Path log,
            Optional<StartedTarget> backend,
            Optional<ProcessSampler> planSampler) {
        this.target = target;
        this.plan = plan;
        this.services = services;
        this.out = out;
        this.process = process;
        this.remote = remote;
        this.recording = recording;
        this.log = log;
        this.backend = backend;
        this.planSampler = planSampler;
        this.dbClient = services.usesDatabase() ? Optional.of(services.dbClient(target)) : Optional.empty();
    }

    /**
     * Starts the plan's backend: slow-server with the plan's delays (and schedule), or db-server; nothing for a
     * slow-server on another host, or an existing database, which must be one the plan can use. slow-server started
     * here is sampled from now until the plan's end; PostgreSQL, a process per connection, is not.
     */
    static StartedTarget backend(Plan plan, Setup setup, Services services, PrintStream out)
            throws LabProcess.StartFailure {
        Optional<RemoteService> remote = services.remoteBackend();
        Optional<LabProcess> process = Optional.empty();
        if (services.usesDatabase() && setup.dbUrl().isEmpty()) {
            process = Optional.of(Launches.dbServer(plan, setup, services));
        } else if (!services.usesDatabase() && remote.isEmpty()) {
            process = Optional.of(Launches.slowServer(plan, setup, services));
        }
        boolean slowServerHere = process.isPresent() && !services.usesDatabase();
        StartedTarget backend = new StartedTarget(
                Target.DIRECT,
                plan,
                services,
                out,
                process,
                remote,
                slowServerHere ? Optional.of(services.backendRecording()) : Optional.empty(),
                services.backendLog(),
                Optional.empty(),
                slowServerHere ? Optional.of(ProcessSampler.start(process.get().pid())) : Optional.empty());
        if (process.isPresent()) {
            int port = services.usesDatabase() ? setup.database().port() : setup.backendPort();
            out.printf(
                    "%s up on port %d (pid %d)%n",
                    process.get().name(), port, process.get().pid());
        } else if (remote.isPresent()) {
            out.printf(
                    "%s at %s, not started by the lab%n",
                    Target.SLOW_SERVER, remote.get().remote().base());
        } else {
            try {
                DirectDatabase.checkExisting(setup.database(), plan);
            } catch (LabProcess.StartFailure unusable) {
                backend.close();
                throw unusable;
            }
            out.println("using the existing database " + setup.database().jdbc());
        }
        return backend;
    }

    /**
     * Starts an app for one run, in a fresh process with the plan's JVM flags and a recording of its own, or finds one
     * of {@code TARGETS} (whose Actuator must answer, when it has a management port); then checks its contract.
     *
     * @throws LabProcess.StartFailure when it does not start, does not speak the contract, or its Actuator does not
     *     answer; nothing of it is left running
     */
    static StartedTarget app(
            Target target, int run, StartedTarget backend, Plan plan, Setup setup, Services services, PrintStream out)
            throws LabProcess.StartFailure {
        Optional<RemoteService> remote = services.remoteApp(target);
        Optional<LabProcess> process = Optional.empty();
        if (remote.isPresent()) {
            out.printf(
                    "[%s] at %s, not started by the lab%n",
                    target.name(), remote.get().remote().base());
        } else {
            process = Optional.of(Launches.app(target, run, plan, setup, services));
            out.printf(
                    "[%s] up on port %d (pid %d)%n",
                    target.name(), setup.port(target), process.get().pid());
        }
        StartedTarget app = new StartedTarget(
                target,
                plan,
                services,
                out,
                process,
                remote,
                process.map(started -> services.recordingOf(target, run)),
                services.logOf(target, run),
                Optional.of(backend),
                Optional.empty());
        try {
            app.checkContract();
            if (remote.isPresent()) {
                remote.get().checkMetrics();
                app.hostCores = remote.get().hostCores(out, plan.appCores());
            }
        } catch (LabProcess.StartFailure failure) {
            app.close();
            throw failure;
        }
        return app;
    }

    /**
     * One request before the loads: a target that does not speak the contract is not worth measuring. The direct row of
     * a database plan runs the apps' query once through its own pool.
     */
    void checkContract() throws LabProcess.StartFailure {
        Optional<DirectDatabase> direct = services.direct(target);
        if (direct.isPresent()) {
            try (DirectDatabase check = direct.get()) {
                ContractCheck.check(target, check);
            }
        } else {
            ContractCheck.check(target, services.url(target), plan);
        }
    }

    /**
     * @param rows  the target's rows of one run, final once it has stopped
     * @param lost  why its later runs cannot be measured: it did not start, or a service died during its load
     * @param death the service that died during one of its loads, when one did: the loads after it were not run
     */
    record Measured(List<Row> rows, Optional<String> lost, Optional<Death> death) {

        static Measured notStarted(List<Row> rows, String reason) {
            return new Measured(rows, Optional.of(reason), Optional.empty());
        }
    }

    /** Every load of the plan on this target in one run, in turn; after a death the rest are failed, not run. */
    Measured measure(int run, PointRun loads) {
        List<Row> measured = new ArrayList<>();
        Optional<Death> death = Optional.empty();
        for (LoadShape load : plan.loads()) {
            if (death.isPresent()) {
                measured.add(Row.failed(Point.failed(
                        target,
                        load,
                        run,
                        new Outcome.Failed("not run: " + death.get().failure(), log))));
                continue;
            }
            PointRun.Measured point = loads.measure(this, load, run);
            measured.add(point.row());
            death = point.death();
        }
        rows.addAll(measured);
        return new Measured(measured, death.map(Death::failure), death);
    }

    Target target() {
        return target;
    }

    /** Where its log is: its process's output, or for a target on another host a note that says so. */
    Path log() {
        return log;
    }

    /** The processors of its own host, for an app on another host whose count was read. */
    OptionalInt hostCores() {
        return hostCores;
    }

    /** Whether it runs on another host, measured through its Actuator (GC included) rather than {@code /proc}. */
    boolean remote() {
        return remote.isPresent();
    }

    /** What the health watch watches during a load, the target last: the backend, when it has one to watch, then the app. */
    List<HealthWatch.Service> watched() {
        List<HealthWatch.Service> watched = new ArrayList<>();
        backend.flatMap(StartedTarget::service).ifPresent(watched::add);
        service().ifPresent(watched::add);
        return watched;
    }

    /** What the health watch sees of it: its process, or the service on another host; none for an existing database. */
    private Optional<HealthWatch.Service> service() {
        return process.<HealthWatch.Service>map(started -> started).or(() -> remote);
    }

    /** A service's death during a load, as a value: whether the backend died, or has exited by now. */
    Death death(HealthWatch.Died died) {
        return new Death(died.reason(), backendDied(Optional.of(died.service())));
    }

    /** A failure of the load that is not a service's: the backend's only if it has exited by now. */
    Death death(String reason) {
        return new Death(reason, backendDied(Optional.empty()));
    }

    private boolean backendDied(Optional<HealthWatch.Service> died) {
        Optional<HealthWatch.Service> backendService = backend.orElse(this).service();
        return backendService.isPresent()
                && (backendService.get().exit().isPresent()
                        || died.filter(service -> service == backendService.get())
                                .isPresent());
    }

    /**
     * Samples its process over one load: an app's through {@code /proc} when the lab started it, with the accept queue
     * of its port, its Actuator when it did not and has a management port; none for direct, whose process {@link
     * #backendSampler()} reads for the whole plan.
     */
    Optional<ProcessSampler> startSampler() {
        if (!target.isApp()) {
            return Optional.empty();
        }
        if (process.isPresent()) {
            return Optional.of(ProcessSampler.start(
                    process.get().pid(), URI.create(services.baseUrl(target)).getPort()));
        }
        return remote.flatMap(RemoteService::metrics).map(metrics -> ProcessSampler.of(target.name(), metrics::read));
    }

    /** slow-server's sampler for the whole plan, when the lab started it: direct's process, and the backend behind an app. */
    Optional<ProcessSampler> backendSampler() {
        return backend.orElse(this).planSampler;
    }

    /**
     * What a probe can reach of it during one load.
     *
     * @param direct the direct row's own pool during a database plan's load
     */
    Probed probed(String label, Optional<DirectDatabase> direct) {
        return new Probed(
                target,
                label,
                reach(),
                plan.phases().window(),
                dbClient.map(client -> new Probed.Pool(
                        client,
                        plan.dbPool().getAsInt(),
                        direct.isPresent() ? direct.get()::read : PoolWatch.actuator(services.baseUrl(target)))),
                line -> out.println("[" + label + "] " + line),
                // The direct row of a database plan sends JDBC from the generator's pool, not HTTP to a port.
                target.isApp() || !services.usesDatabase()
                        ? OptionalInt.of(URI.create(services.baseUrl(target)).getPort())
                        : OptionalInt.empty());
    }

    /**
     * Its JVM here when it has one with a recording (an app the lab started, slow-server for direct), on the CPUs it is
     * pinned to; an app on another host through its Actuator; nothing for PostgreSQL, a remote slow-server or a remote
     * app without a management port.
     */
    private Probed.Reach reach() {
        if (process.isPresent() && recording.isPresent()) {
            List<Integer> cpus =
                    target.isApp() ? plan.cpus().appCpus() : plan.cpus().labCpus();
            return new Probed.Local(process.get().pid(), cpus, recording.get());
        }
        if (target.isApp() && remote.isPresent()) {
            Optional<Probed.Reach> actuator = remote.get().remote().management().map(Probed.Remote::new);
            return actuator.orElseGet(Probed.Unreachable::new);
        }
        return new Probed.Unreachable();
    }

    /** Stops it (its JVM writes its recording on the way out), then makes its points final. Once only. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        planSampler.ifPresent(ProcessSampler::close);
        process.ifPresent(LabProcess::close);
        rows.forEach(row -> row.finish(recording, out));
    }
}
