package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.ResourceSamples;

/**
 * The CPU time of one JVM's JIT compiler threads, from {@code /proc/<pid>/task}: HotSpot names them
 * {@code C1 CompilerThread<n>} and {@code C2 CompilerThread<n>} ({@code comm} keeps 15 characters of that). While
 * they are busy the JVM is still compiling what the load runs, and what a request costs is still falling: the lab
 * warms a target up until they are quiet. Threads come and go (the JVM adds compiler threads as needed), so the task
 * list is read every time and a new thread's name once.
 */
final class CompilerThreads {

    private final Path tasks;
    private final Map<String, Boolean> compiler = new HashMap<>();

    CompilerThreads(long pid) {
        this.tasks = Path.of("/proc", Long.toString(pid), "task");
    }

    /** The compiler threads' user + system time so far, or {@link ResourceSamples.Reading#UNKNOWN}. */
    long cpuNanos() {
        long ticks = 0;
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                if (compiler.computeIfAbsent(thread.getFileName().toString(), tid -> isCompiler(thread))) {
                    ticks += threadTicks(thread);
                }
            }
        } catch (IOException | RuntimeException gone) {
            return ResourceSamples.Reading.UNKNOWN;
        }
        return ProcStat.ticksToNanos(ticks);
    }

    private static boolean isCompiler(Path thread) {
        try {
            return GcAndJitCpu.isJitThreadName(Files.readString(thread.resolve("comm"), StandardCharsets.UTF_8));
        } catch (IOException gone) {
            return false;
        }
    }

    /** A thread that ended between the listing and the read counts no more; its past CPU leaves the sum. */
    private static long threadTicks(Path thread) {
        try {
            return ProcStat.parseStat(Files.readString(thread.resolve("stat"), StandardCharsets.UTF_8))
                    .cpuTicks();
        } catch (IOException gone) {
            return 0;
        }
    }
}
