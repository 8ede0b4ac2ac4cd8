package loadlab.loadtest.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.plan.DbUrl;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.Target;

/**
 * The command line of each service the lab starts, for {@link StartedTarget}: slow-server with the plan's delays,
 * db-server, and every app with the same JVM flags (the knob's, plus one JFR recording), bound to the lab's loopback
 * address, each on the CPUs the plan gives it and carrying the run's tag, so that nothing outlives the run.
 */
final class Launches {

    /** What db-server prints once its database is ready, as its readiness check. */
    static final String DB_READY = "db-server listening on ";

    private Launches() {}

    static LabProcess slowServer(Plan plan, Setup setup, Services services) throws LabProcess.StartFailure {
        List<String> args = new ArrayList<>(List.of(
                "--port=" + setup.backendPort(),
                "--bind=" + setup.host(),
                "--min-delay-ms=" + plan.backend().minDelayMs(),
                "--max-delay-ms=" + plan.backend().maxDelayMs()));
        plan.backend().seed().ifPresent(seed -> args.add("--seed=" + seed));
        if (plan.backend().hasSchedule()) {
            args.add("--schedule=" + plan.backend().schedule());
        }
        LaunchedJar jar = LaunchedJar.of(setup.projectDir(), Target.SLOW_SERVER, setup.launch());
        return LabProcess.start(
                Target.SLOW_SERVER,
                Affinity.prefix(plan.cpus().labCpus()),
                jar.jar(),
                jvmFlags(plan, jar, services.backendRecording()),
                args,
                setup.host(),
                setup.backendPort(),
                LabProcess.Readiness.http(setup.host(), setup.backendPort(), "/__admin/health"),
                services.backendLog(),
                services.runId());
    }

    /**
     * db-server with the plan's delay range and PostgreSQL's max_connections at the largest pool the knobs allow; it
     * needs none of the apps' JVM flags (it only watches PostgreSQL, which does the work).
     */
    static LabProcess dbServer(Plan plan, Setup setup, Services services) throws LabProcess.StartFailure {
        DbUrl database = setup.database();
        LaunchedJar jar = LaunchedJar.of(setup.projectDir(), Target.DB_SERVER, setup.launch());
        return LabProcess.start(
                Target.DB_SERVER,
                Affinity.prefix(plan.cpus().labCpus()),
                jar.jar(),
                jar.flags(),
                List.of(
                        "--port=" + database.port(),
                        "--bind=" + setup.host(),
                        "--min-delay-ms=" + plan.backend().minDelayMs(),
                        "--max-delay-ms=" + plan.backend().maxDelayMs(),
                        "--max-connections=" + Plan.MAX_DB_POOL),
                setup.host(),
                database.port(),
                LabProcess.Readiness.logged(setup.host(), database.port(), DB_READY),
                services.backendLog(),
                services.runId());
    }

    static LabProcess app(Target target, int run, Plan plan, Setup setup, Services services)
            throws LabProcess.StartFailure {
        int port = setup.port(target);
        List<String> args = new ArrayList<>(List.of(
                "--server.port=" + port,
                "--server.address=" + setup.host(),
                "--backend.base-url=" + services.baseUrl(Target.DIRECT)));
        // Without a chosen client the app keeps its model's own (what Boot picks), as every run before clients did.
        target.client().ifPresent(client -> args.add("--backend.client=" + client));
        if (services.usesDatabase()) {
            args.addAll(databaseArgs(plan, setup));
        }
        LaunchedJar jar = LaunchedJar.of(setup.projectDir(), target.module(), setup.launch());
        return LabProcess.start(
                target.name(),
                Affinity.prefix(plan.cpus().appCpus()),
                jar.jar(),
                jvmFlags(plan, jar, services.recordingOf(target, run)),
                args,
                setup.host(),
                port,
                LabProcess.Readiness.http(setup.host(), port, "/actuator/health"),
                services.logOf(target, run),
                services.runId());
    }

    /**
     * The only settings that give an app a database pool: both URLs (each app reads the one of its client, JDBC or
     * R2DBC), the one pool size and acquire timeout, and the metrics endpoint the pool's gauges are read through.
     */
    private static List<String> databaseArgs(Plan plan, Setup setup) {
        DbUrl database = setup.database();
        List<String> args = new ArrayList<>();
        for (String prefix : List.of("--spring.datasource.", "--spring.r2dbc.")) {
            args.add(prefix + "url=" + (prefix.contains("r2dbc") ? database.r2dbc() : database.jdbc()));
            args.add(prefix + "username=" + DbUrl.USER);
            args.add(prefix + "password=" + DbUrl.PASSWORD);
        }
        args.add("--db.pool-size=" + plan.dbPool().getAsInt());
        args.add("--db.acquire-timeout=" + Plan.DB_ACQUIRE_TIMEOUT.toMillis() + "ms");
        args.add("--management.endpoints.web.exposure.include=health,metrics");
        return args;
    }

    /**
     * Every service gets the same flags: the knob's, plus a JFR recording for GC and pinning figures, plus its launch's.
     */
    private static List<String> jvmFlags(Plan plan, LaunchedJar jar, Path recording) {
        // The JVM will not start if it cannot create its recording.
        Lab.createParent(recording);
        List<String> flags = new ArrayList<>(plan.appJvmFlags());
        flags.addAll(JfrFigures.recordingFlags(recording));
        flags.addAll(jar.flags());
        return flags;
    }
}
