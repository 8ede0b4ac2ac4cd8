package loadlab.loadtest.run;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import loadlab.loadtest.plan.RemoteTargets;

/**
 * A service the lab loads but did not start ({@code TARGETS}), watched as its own are, through HTTP alone: the lab
 * has no handle on the process, so it never sees it exit, never signals it, and knows it is gone only when it stops
 * answering its health check and the load. Its log is on its own host; {@link #log()} is a note in the raw folder that
 * says so, for a failed row to point at.
 *
 * @param health  an app's {@code /actuator/health} (on its management port, if it has one), slow-server's
 *     {@code /__admin/health}
 * @param metrics the app's Actuator metrics, when a management port was given
 */
record RemoteService(String name, RemoteTargets.Remote remote, URI health, Path log, Optional<ActuatorMetrics> metrics)
        implements HealthWatch.Service {

    /** An app on another host: health and figures on its management port when it has one, else health on its own. */
    static RemoteService app(String name, RemoteTargets.Remote remote, Path log) {
        URI actuator = remote.management().orElse(remote.base());
        return new RemoteService(
                name,
                remote,
                URI.create(actuator + "/actuator/health"),
                log,
                remote.management().map(ActuatorMetrics::new));
    }

    /** slow-server on another host: WireMock's own health check, and no figures. */
    static RemoteService backend(String name, RemoteTargets.Remote remote, Path log) {
        return new RemoteService(name, remote, URI.create(remote.base() + "/__admin/health"), log, Optional.empty());
    }

    /** Never: a process the lab did not start cannot be seen to end, only to stop answering. */
    @Override
    public Optional<String> exit() {
        return Optional.empty();
    }

    /** Through its Actuator, so that an app busy past its collapse counts as working, as one of the lab's own does. */
    @Override
    public OptionalLong cpuNanos() {
        return metrics.map(ActuatorMetrics::cpuNanos).orElse(OptionalLong.empty());
    }

    /**
     * An app's figures are read through its Actuator: one that does not answer fails the target's rows before any
     * load, as a missing jar fails one of the lab's own.
     */
    void checkMetrics() throws LabProcess.StartFailure {
        if (metrics.isPresent()) {
            Optional<String> unreadable = metrics.get().unreadable();
            if (unreadable.isPresent()) {
                throw new LabProcess.StartFailure(name + ": its Actuator metrics cannot be read: " + unreadable.get()
                        + " (start it with --management.server.port=<port>"
                        + " --management.endpoints.web.exposure.include=health,metrics)");
            }
        }
    }

    /**
     * How many processors an app has on its own host, read once through its Actuator, and a line saying which count
     * its CPU figures and CPU-bound ceiling are judged against: those, or, when they cannot be read, the cores an app
     * started here may use, as before. Empty without a management port, which gives no figures to judge.
     *
     * @param appCores the cores an app started here may use
     */
    OptionalInt hostCores(PrintStream out, int appCores) {
        if (metrics.isEmpty()) {
            return OptionalInt.empty();
        }
        OptionalInt processors = metrics.get().processors();
        if (processors.isPresent()) {
            out.printf(
                    "[%s] %d cores on its host (%s): its CPU is judged against them%n",
                    name, processors.getAsInt(), ActuatorMetrics.CPU_COUNT);
        } else {
            out.printf(
                    "[%s] its host's cores could not be read (%s): its CPU is judged against the %d an app started"
                            + " here may use%n",
                    name, metrics.get().url(ActuatorMetrics.CPU_COUNT), appCores);
        }
        return processors;
    }

    /** What the note in the raw folder says in place of a log. */
    String note() {
        return name + " ran at " + remote.base() + ", not started by the lab (TARGETS): its log is on its own host\n";
    }
}
