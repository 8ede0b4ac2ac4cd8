package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import loadlab.loadtest.measure.CpuByOwner;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResourceSamples;

/**
 * Whose a target's CPU over its window is ({@link CpuOwners}): the process's CPU and its GC's and JIT's threads' read
 * from {@code /proc} as the window begins and as it ends, and the recording its JVM wrote as it stopped for the stack
 * samples in between. The recording's CPU-time samples ({@code jdk.CPUTimeSample}, which every lab JVM records: see
 * {@code JfrFigures.recordingFlags}) are counted when it has them in the window; else its execution samples. Only a
 * JVM of the lab on this machine has a recording and a {@code /proc} the lab can read.
 */
final class CpuByOwnerProbe implements Probe<CpuOwners> {

    private static final Duration WAIT_FOR_END = Duration.ofSeconds(10);

    @Override
    public ProbeFigures.Key<CpuOwners> key() {
        return CpuOwners.KEY;
    }

    @Override
    public Optional<Running<CpuOwners>> start(Probed target) {
        return target.reach() instanceof Probed.Local local
                ? Optional.of(new Clocks(local.pid(), target))
                : Optional.empty();
    }

    /** The process's and its GC's and JIT's threads' CPU so far, read at one moment. */
    record Clock(long processNanos, GcAndJitCpu gcAndJit) {

        static Optional<Clock> read(long pid) {
            Optional<ResourceSamples.Reading> process = ProcStat.read(pid);
            Optional<GcAndJitCpu> threads = ProcStat.gcAndJitCpu(pid);
            return process.isEmpty() || threads.isEmpty()
                    ? Optional.empty()
                    : Optional.of(new Clock(process.get().cpuNanos(), threads.get()));
        }
    }

    /**
     * The figures of a recording over a window, between two clock readings; empty when the process used no CPU in
     * between.
     *
     * @throws IOException when the recording cannot be read
     */
    static Optional<CpuOwners> figures(Path recording, MeasurementWindow window, Clock start, Clock end)
            throws IOException {
        long processNanos = end.processNanos() - start.processNanos();
        if (processNanos <= 0) {
            return Optional.empty();
        }
        CpuByOwner cpu = CpuByOwner.read(recording, window, CpuByOwner.SampleEvent.CPU_TIME);
        if (cpu.totalSamples() == 0) {
            cpu = CpuByOwner.read(recording, window, CpuByOwner.SampleEvent.EXECUTION);
        }
        return Optional.of(CpuOwners.of(cpu, processNanos, end.gcAndJit().since(start.gcAndJit())));
    }

    /** One target's clocks, read at the window's two ends. */
    private static final class Clocks implements Running<CpuOwners> {

        private final long pid;
        private final Probed target;
        private volatile Optional<Clock> atStart = Optional.empty();
        private volatile Optional<Clock> atEnd = Optional.empty();
        private volatile AtWindowEnd reader;

        Clocks(long pid, Probed target) {
            this.pid = pid;
            this.target = target;
        }

        @Override
        public void windowBegan(long startMillis) {
            atStart = Clock.read(pid);
            reader = AtWindowEnd.start(
                    "loadlab-cpu-owners", startMillis, target.window(), () -> atEnd = Clock.read(pid));
        }

        @Override
        public Readings<CpuOwners> stop() {
            AtWindowEnd end = reader;
            if (end != null) {
                end.await(WAIT_FOR_END);
            }
            Optional<Clock> start = atStart;
            Optional<Clock> finish = atEnd;
            return load -> {
                if (start.isEmpty() || finish.isEmpty() || load.recording().isEmpty()) {
                    return Optional.empty();
                }
                try {
                    return figures(load.recording().get(), load.window(), start.get(), finish.get());
                } catch (IOException e) {
                    target.note().accept("no CPU by owner: the recording could not be read: " + e.getMessage());
                    return Optional.empty();
                }
            };
        }

        @Override
        public void close() {
            AtWindowEnd end = reader;
            if (end != null) {
                end.cancel();
            }
        }
    }
}
