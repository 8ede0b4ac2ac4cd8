package loadlab.loadtest.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The CPU time so far of one JVM's garbage-collector threads and of its JIT compiler threads, from
 * {@code /proc/<pid>/task}, as {@link CompilerThreads} reads the JIT's: a thread's {@code comm} names its role. Neither
 * kind is a Java thread running Java code, so JFR's execution samples never see them, and
 * {@code jdk.ThreadCPULoad} covers Java threads only (the compiler threads, not the GC's workers); their own clocks
 * are the one source for both. Read at a window's start and end; the difference is the window's ({@link #since}).
 * <p>
 * The collectors' names, as HotSpot 25 gives them: G1's and Parallel's workers {@code GC Thread#n}; G1's
 * {@code G1 Main Marker}, {@code G1 Conc#n}, {@code G1 Refine#n}, {@code G1 Service}; ZGC's {@code ZWorker...},
 * {@code ZDriver...}, {@code ZDirector}, {@code ZStat}, {@code ZUncommitter#n}, {@code RuntimeWorker#n}; Shenandoah's
 * {@code Shenandoah ...}. Serial collects on the {@code VM Thread}, which also runs every other safepoint operation,
 * so with Serial the GC's CPU is not told apart (0 here); with G1, what the {@code VM Thread} itself does in a pause
 * is left out likewise.
 *
 * @param gcNanos  user + system time of the GC threads alive at the reading
 * @param jitNanos user + system time of the JIT compiler threads alive at the reading
 */
public record GcAndJitCpu(long gcNanos, long jitNanos) {

    private static final List<String> GC_THREAD_PREFIXES = List.of(
            "GC Thread#",
            "G1 ",
            "ZWorker",
            "ZDriver",
            "ZDirector",
            "ZStat",
            "ZUncommitter",
            "RuntimeWorker#",
            "Shenandoah");

    /** One OS thread of the JVM at a reading: its name and its CPU time so far. */
    record ThreadCpu(String comm, long cpuNanos) {}

    static boolean isGcThreadName(String comm) {
        String name = comm.strip();
        return GC_THREAD_PREFIXES.stream().anyMatch(name::startsWith);
    }

    static GcAndJitCpu of(List<ThreadCpu> threads) {
        long gc = 0;
        long jit = 0;
        for (ThreadCpu thread : threads) {
            if (isGcThreadName(thread.comm())) {
                gc += thread.cpuNanos();
            } else if (CompilerThreads.isCompilerName(thread.comm())) {
                jit += thread.cpuNanos();
            }
        }
        return new GcAndJitCpu(gc, jit);
    }

    /**
     * What was used between {@code earlier} and this reading. Never negative: HotSpot ends compiler threads it no
     * longer needs, and an ended thread's time leaves the sum; the window then loses at most that thread's share.
     */
    public GcAndJitCpu since(GcAndJitCpu earlier) {
        return new GcAndJitCpu(Math.max(0, gcNanos - earlier.gcNanos), Math.max(0, jitNanos - earlier.jitNanos));
    }

    /** A reading of a live JVM, now; empty when it is gone or there is no {@code /proc} (not Linux). */
    public static Optional<GcAndJitCpu> read(long pid) {
        List<ThreadCpu> threads = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                threadCpu(task).ifPresent(threads::add);
            }
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
        return Optional.of(of(threads));
    }

    /** Empty for a thread that ended between the listing and the read: its time leaves the sum. */
    private static Optional<ThreadCpu> threadCpu(Path task) {
        try {
            String comm = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8);
            long ticks = ProcStat.parseStat(Files.readString(task.resolve("stat"), StandardCharsets.UTF_8))
                    .cpuTicks();
            return Optional.of(new ThreadCpu(comm, ProcStat.ticksToNanos(ticks)));
        } catch (IOException gone) {
            return Optional.empty();
        }
    }
}
