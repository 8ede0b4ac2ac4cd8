package loadlab.loadtest.run;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import loadlab.loadtest.measure.HeapByOwner;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.ProbeFigures;

/**
 * Whose the heap a target holds live is ({@link HeapOwners}): {@code jcmd <pid> GC.class_histogram}, which forces a
 * full collection first, once at rest when it starts and once as the window ends. The second is taken by a thread of
 * its own at the window's end, not when the probe is stopped: {@link Probe.Running#stop()} comes once the load has
 * ended and its users have left, whereas the load runs for {@link LoadRun#TAIL} past the window with every user's
 * request still waiting. Both collections are outside the window, as {@link LiveMemoryProbe}'s are (the two run one
 * after the other at the window's end: the target's attach listener takes one command at a time). On a busy host the
 * histogram can come in after that tail (jcmd is a JVM to start, and waits for the other command): the figures keep how
 * long after the window's end it was in, so that a report counts the requests still in flight then
 * ({@link HeapOwners#inFlightAtHistogram}), and the run says so. Only a JVM of the lab on this machine can be asked.
 */
final class HeapByOwnerProbe implements Probe<HeapOwners> {

    private static final Duration WAIT_FOR_END = Duration.ofSeconds(90);

    @Override
    public ProbeFigures.Key<HeapOwners> key() {
        return HeapOwners.KEY;
    }

    @Override
    public Optional<Running<HeapOwners>> start(Probed target) {
        return target.reach() instanceof Probed.Local local
                ? Optional.of(new Histograms(local.pid(), target))
                : Optional.empty();
    }

    /** A histogram, grouped; empty, with a note, when jcmd could not give a whole one. */
    static Optional<HeapByOwner> histogram(long pid, Probed target, String when) {
        Optional<String> output = HeapProbe.jcmd(pid, "GC.class_histogram");
        if (output.isEmpty()) {
            target.note().accept("no class histogram " + when + ": jcmd could not ask the JVM");
            return Optional.empty();
        }
        return grouped(output.get(), target, when);
    }

    /** The jcmd output grouped by owner; empty, with a note, when it is no whole histogram. */
    static Optional<HeapByOwner> grouped(String jcmdOutput, Probed target, String when) {
        try {
            return Optional.of(HeapByOwner.ofHistogram(jcmdOutput));
        } catch (IllegalArgumentException e) {
            target.note().accept("the class histogram " + when + " could not be read: " + e.getMessage());
            return Optional.empty();
        }
    }

    /** One target's histograms: at rest now, under load once the window has run its course. */
    private static final class Histograms implements Running<HeapOwners> {

        private final long pid;
        private final Probed target;
        private final Optional<HeapByOwner> rest;
        private volatile Optional<HeapByOwner> loaded = Optional.empty();
        private volatile double secondsAfterWindow;
        private volatile AtWindowEnd atEnd;

        Histograms(long pid, Probed target) {
            this.pid = pid;
            this.target = target;
            this.rest = histogram(pid, target, "at rest");
        }

        @Override
        public void windowBegan(long startMillis) {
            long end = startMillis + target.window().toMillis();
            atEnd = AtWindowEnd.start("loadlab-heap-owners", startMillis, target.window(), () -> {
                loaded = histogram(pid, target, "under load");
                secondsAfterWindow = (System.currentTimeMillis() - end) / 1000.0;
            });
        }

        @Override
        public Readings<HeapOwners> stop() {
            AtWindowEnd end = atEnd;
            if (end != null) {
                end.await(WAIT_FOR_END);
            }
            Optional<HeapByOwner> underLoad = loaded;
            double after = secondsAfterWindow;
            if (underLoad.isPresent() && after > LoadRun.TAIL.toMillis() / 1000.0) {
                target.note()
                        .accept(String.format(
                                Locale.ROOT,
                                "the class histogram under load was in %.1f s after the window's end, after the load's"
                                        + " %d s tail: requests may have begun to leave (the report counts those left)",
                                after,
                                LoadRun.TAIL.toSeconds()));
            }
            Optional<HeapOwners> owners = rest.isEmpty() || underLoad.isEmpty()
                    ? Optional.empty()
                    : Optional.of(HeapOwners.of(rest.get(), underLoad.get(), after));
            return load -> owners;
        }

        @Override
        public void close() {
            AtWindowEnd end = atEnd;
            if (end != null) {
                end.cancel();
            }
        }
    }
}
