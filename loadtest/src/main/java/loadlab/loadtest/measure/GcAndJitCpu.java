package loadlab.loadtest.measure;

import java.util.List;

/**
 * The CPU time so far of one JVM's garbage-collector threads and of its JIT compiler threads, from
 * {@code /proc/<pid>/task} (read by {@code run/ProcStat}, as the JIT's alone is for the warm-up): a thread's
 * {@code comm} names its role. Neither
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
    public record ThreadCpu(String comm, long cpuNanos) {}

    public static boolean isGcThreadName(String comm) {
        String name = comm.strip();
        return GC_THREAD_PREFIXES.stream().anyMatch(name::startsWith);
    }

    /** HotSpot's C1 and C2 compiler threads, as {@code comm} names them (15 characters). */
    public static boolean isJitThreadName(String comm) {
        String name = comm.strip();
        return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
    }

    /** The GC's and the JIT's threads' CPU among a JVM's threads, each known by its name. */
    public static GcAndJitCpu of(List<ThreadCpu> threads) {
        long gc = 0;
        long jit = 0;
        for (ThreadCpu thread : threads) {
            if (isGcThreadName(thread.comm())) {
                gc += thread.cpuNanos();
            } else if (isJitThreadName(thread.comm())) {
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
}
