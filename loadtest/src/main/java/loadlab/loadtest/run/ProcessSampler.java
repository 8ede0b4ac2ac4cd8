package loadlab.loadtest.run;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.Timers;

/**
 * Samples one process's CPU time, RSS and OS threads about once a second on a daemon thread, from start until
 * {@link #stop()} or until the process is gone. Which readings count is decided afterwards against the measurement
 * window ({@link ResourceUsage}), just as for requests: the window is only known once the load has run. The readings
 * come from {@code /proc} for a process of this machine, or from whatever source {@link #of} is given (a process on
 * another host, read through its Actuator).
 */
final class ProcessSampler implements AutoCloseable {

    public static final Duration DEFAULT_PERIOD = Duration.ofSeconds(1);

    private final Supplier<Optional<ResourceSamples.Reading>> source;
    private final ScheduledExecutorService timer;
    private final List<ResourceSamples.Reading> readings = new ArrayList<>();
    private boolean ended;
    private String problem;

    private ProcessSampler(String name, Supplier<Optional<ResourceSamples.Reading>> source, Duration period) {
        if (period.isNegative() || period.isZero()) {
            throw new IllegalArgumentException("period must be positive: " + period);
        }
        this.source = source;
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, name);
            thread.setDaemon(true);
            return thread;
        });
        timer.scheduleAtFixedRate(this::sample, 0, period.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A live process's resident set size now, MiB; empty when it is gone or there is no {@code /proc}. */
    public static OptionalDouble rssMibNow(long pid) {
        return ProcStat.readStatus(pid)
                .map(status -> OptionalDouble.of(status.rssKb() / 1024.0))
                .orElse(OptionalDouble.empty());
    }

    /** The CPU time a live process has used so far, ns; empty when it is gone or there is no {@code /proc}. */
    public static OptionalLong cpuNanosNow(long pid) {
        return ProcStat.read(pid)
                .map(reading -> OptionalLong.of(reading.cpuNanos()))
                .orElse(OptionalLong.empty());
    }

    /**
     * Samples what {@code source} reads every second, starting now: empty from it means the process is gone, and an
     * exception that it cannot be read any more; either ends the sampling.
     *
     * @param name what the sampling thread is named after
     */
    public static ProcessSampler of(String name, Supplier<Optional<ResourceSamples.Reading>> source) {
        return new ProcessSampler("loadlab-sampler-" + name, source, DEFAULT_PERIOD);
    }

    /** Samples process {@code pid} from {@code /proc} every second, starting now. */
    public static ProcessSampler start(long pid) {
        return start(pid, DEFAULT_PERIOD);
    }

    public static ProcessSampler start(long pid, Duration period) {
        CompilerThreads compilers = new CompilerThreads(pid);
        return new ProcessSampler("loadlab-sampler-" + pid, () -> ProcStat.read(pid, compilers), period);
    }

    /**
     * Samples process {@code pid} from {@code /proc} every second, starting now, and with each reading the accept
     * queue of the port it serves on ({@link AcceptQueue}): the connections it has not yet taken.
     */
    public static ProcessSampler start(long pid, int port) {
        return start(pid, port, DEFAULT_PERIOD);
    }

    static ProcessSampler start(long pid, int port, Duration period) {
        CompilerThreads compilers = new CompilerThreads(pid);
        return new ProcessSampler(
                "loadlab-sampler-" + pid,
                () -> ProcStat.read(pid, compilers).map(reading -> {
                    OptionalInt queued = AcceptQueue.length(port);
                    return queued.isPresent() ? reading.withNotAccepted(queued.getAsInt()) : reading;
                }),
                period);
    }

    /**
     * Samples this JVM, the load generator: CPU time from {@code OperatingSystemMXBean.getProcessCpuTime()}
     * (nanosecond resolution), RSS and threads from {@code /proc/self}.
     */
    public static ProcessSampler startThisJvm() {
        return startThisJvm(DEFAULT_PERIOD);
    }

    public static ProcessSampler startThisJvm(Duration period) {
        long pid = ProcessHandle.current().pid();
        MemoryMXBean heap = ManagementFactory.getMemoryMXBean();
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)) {
            return start(pid, period);
        }
        return new ProcessSampler(
                "loadlab-sampler-self",
                () -> {
                    long at = System.currentTimeMillis();
                    long cpuNanos = os.getProcessCpuTime();
                    return cpuNanos < 0
                            ? Optional.empty()
                            : ProcStat.readStatus(pid)
                                    .map(status -> new ResourceSamples.Reading(
                                            at,
                                            cpuNanos,
                                            status.rssKb(),
                                            status.threads(),
                                            ResourceSamples.Reading.UNKNOWN,
                                            heap.getHeapMemoryUsage().getUsed() / 1024));
                },
                period);
    }

    /** The readings so far; sampling goes on. */
    public synchronized ResourceSamples samples() {
        return new ResourceSamples(readings);
    }

    /** Whether sampling has ended, by {@link #stop()} or because the process is gone. */
    public synchronized boolean ended() {
        return ended;
    }

    /** Why sampling ended early, if a reading failed rather than the process ending. */
    public synchronized Optional<String> problem() {
        return Optional.ofNullable(problem);
    }

    /** Stops sampling (one last reading first, if the process is still there) and returns every reading. */
    public ResourceSamples stop() {
        Timers.stop(timer);
        sample();
        synchronized (this) {
            ended = true;
            return new ResourceSamples(readings);
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void sample() {
        synchronized (this) {
            if (ended) {
                return;
            }
        }
        Optional<ResourceSamples.Reading> reading;
        String failure = null;
        try {
            reading = source.get();
        } catch (RuntimeException unreadable) {
            // A /proc format this parser does not know, or a source that stopped answering: stop and say why, rather
            // than fail every second.
            reading = Optional.empty();
            failure = unreadable.toString();
        }
        synchronized (this) {
            if (failure != null && problem == null) {
                problem = failure;
            }
            if (reading.isPresent()) {
                ResourceSamples.Reading next = reading.get();
                // One reading per millisecond at most, in order: the last reading of stop() may race the timer's.
                if (readings.isEmpty()
                        || next.atMillis() > readings.getLast().atMillis()
                                && next.cpuNanos() >= readings.getLast().cpuNanos()) {
                    readings.add(next);
                }
            } else {
                ended = true;
                timer.shutdown();
            }
        }
    }
}
