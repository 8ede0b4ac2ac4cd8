package loadlab.loadtest.engine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryUsage;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * This JVM's figures, as {@link EngineFigures} answers them: CPU from the JVM's own counter (nanosecond resolution,
 * where {@code /proc/self/stat} counts in clock ticks), threads and RSS from {@code /proc/self/status} as the runner
 * reads its own, so that an engine's row and the runner's count the same things.
 */
final class OwnFigures implements EngineFigures {

    private static final Path STATUS = Path.of("/proc/self/status");

    private final MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    @Override
    public Reading read() {
        long at = System.currentTimeMillis();
        long cpu = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? Math.max(0, os.getProcessCpuTime())
                : 0;
        String status = status();
        MemoryUsage heap = memory.getHeapMemoryUsage();
        return new Reading(
                at,
                cpu,
                (int) field(status, "Threads:").orElse(threads.getThreadCount()),
                heap.getUsed(),
                heap.getCommitted(),
                heap.getMax(),
                field(status, "VmRSS:").orElse(-1),
                Runtime.getRuntime().availableProcessors());
    }

    private static String status() {
        try {
            return Files.readString(STATUS);
        } catch (IOException | RuntimeException noProc) {
            return "";
        }
    }

    /** The number after {@code name} on its line of {@code /proc/self/status}, e.g. {@code VmRSS:  123456 kB}. */
    static OptionalLong field(String status, String name) {
        return status.lines()
                .filter(line -> line.startsWith(name))
                .map(line -> line.substring(name.length()).trim().split("\\s+")[0])
                .filter(value -> value.matches("\\d+"))
                .mapToLong(Long::parseLong)
                .findFirst();
    }
}
