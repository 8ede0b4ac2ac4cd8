package loadlab.loadtest.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Setup;
import loadlab.loadtest.plan.Target;

/**
 * How the lab starts its services, slow-server and the apps, and where each keeps its log and JFR recording: every
 * service gets the same JVM flags (the knob's, plus one JFR recording), binds to the lab's loopback address, and
 * carries the run's tag so that nothing outlives the run.
 */
final class Services {

    private final Plan plan;
    private final Setup setup;
    private final Path raw;
    private final String runId;

    Services(Plan plan, Setup setup, Path raw, String runId) {
        this.plan = plan;
        this.setup = setup;
        this.raw = raw;
        this.runId = runId;
    }

    /** What a load asks for: the plan's request of an app, the backend's own {@code /} for direct. */
    String url(Target target) {
        return "http://" + setup.host() + ":" + setup.port(target)
                + (target.isApp() ? plan.request().path() : "/");
    }

    /** What begins with each target's window: the backend's schedule, when the plan has one. */
    WindowClock.WindowStart windowStart() {
        return plan.backend().hasSchedule()
                ? new BackendSchedule(setup.host(), setup.backendPort())
                : WindowClock.WindowStart.NOTHING;
    }

    Path backendLog() {
        return raw.resolve(Target.SLOW_SERVER + ".log");
    }

    Path backendRecording() {
        return raw.resolve(Target.SLOW_SERVER + ".jfr");
    }

    Path logOf(Target target) {
        return target.isApp() ? raw.resolve(target.name()).resolve("app.log") : backendLog();
    }

    Path recordingOf(Target target) {
        return target.isApp() ? raw.resolve(target.name()).resolve("app.jfr") : backendRecording();
    }

    LabProcess startBackend() throws LabProcess.StartFailure {
        List<String> args = new ArrayList<>(List.of(
                "--port=" + setup.backendPort(),
                "--bind=" + setup.host(),
                "--min-delay-ms=" + plan.backend().minDelayMs(),
                "--max-delay-ms=" + plan.backend().maxDelayMs()));
        plan.backend().seed().ifPresent(seed -> args.add("--seed=" + seed));
        if (plan.backend().hasSchedule()) {
            args.add("--schedule=" + plan.backend().schedule());
        }
        return LabProcess.start(
                Target.SLOW_SERVER,
                Affinity.prefix(plan.cpus().labCpus()),
                Target.DIRECT.jar(setup.projectDir()),
                jvmFlags(backendRecording()),
                args,
                setup.host(),
                setup.backendPort(),
                "/__admin/health",
                backendLog(),
                runId);
    }

    LabProcess startApp(Target target, Path targetDir) throws LabProcess.StartFailure {
        int port = setup.port(target);
        return LabProcess.start(
                target.name(),
                Affinity.prefix(plan.cpus().appCpus()),
                target.jar(setup.projectDir()),
                jvmFlags(recordingOf(target)),
                List.of(
                        "--server.port=" + port,
                        "--server.address=" + setup.host(),
                        "--backend.base-url=http://" + setup.host() + ":" + setup.backendPort()),
                setup.host(),
                port,
                "/actuator/health",
                targetDir.resolve("app.log"),
                runId);
    }

    /** Every service gets the same flags: the knob's, plus a JFR recording for GC and pinning figures. */
    private List<String> jvmFlags(Path recording) {
        // The JVM will not start if it cannot create its recording.
        Lab.createParent(recording);
        List<String> flags = new ArrayList<>(setup.appJvmFlags());
        flags.addAll(JfrFigures.recordingFlags(recording));
        return flags;
    }
}
