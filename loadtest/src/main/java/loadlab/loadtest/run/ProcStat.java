package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.ResourceSamples;

/**
 * Reads one process's CPU time, RSS and OS thread count from Linux's {@code /proc/<pid>/stat} and
 * {@code /proc/<pid>/status}. Cheap enough to call every second: two small files, no fork.
 */
final class ProcStat {

    /** The kernel's default USER_HZ, used when {@code getconf CLK_TCK} cannot be asked. */
    static final long DEFAULT_CLOCK_TICKS = 100;

    private static final Path PROC = Path.of("/proc");

    private ProcStat() {}

    /** What {@code /proc/<pid>/stat} says: the process's state letter and its own CPU time in clock ticks. */
    public record Stat(char state, long userTicks, long systemTicks) {

        public long cpuTicks() {
            return userTicks + systemTicks;
        }
    }

    /** What {@code /proc/<pid>/status} says: resident set size in KiB and the number of OS threads. */
    public record Status(long rssKb, int threads) {}

    /**
     * Parses the one line of {@code /proc/<pid>/stat}. The second field is the command name in parentheses and may
     * itself contain spaces and parentheses ({@code "(my (odd) app)"}), so fields are counted from the text after
     * the LAST ')': state, ppid, ... with utime and stime the 12th and 13th there (fields 14 and 15 of proc(5)).
     * The children's times (cutime, cstime) are not the process's own and are left out.
     */
    public static Stat parseStat(String line) {
        int close = line.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line (no command name): " + abbreviate(line));
        }
        String[] fields = line.substring(close + 1).trim().split("\\s+");
        if (fields.length < 13 || fields[0].length() != 1) {
            throw new IllegalArgumentException("not a /proc/<pid>/stat line (too few fields): " + abbreviate(line));
        }
        try {
            return new Stat(fields[0].charAt(0), Long.parseLong(fields[11]), Long.parseLong(fields[12]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "not a /proc/<pid>/stat line (utime/stime not numbers): " + abbreviate(line));
        }
    }

    /**
     * Parses {@code /proc/<pid>/status}; empty when it has no {@code VmRSS} line, which is the case for a zombie
     * (exited, not yet reaped) and for kernel threads: neither has memory to report.
     */
    public static Optional<Status> parseStatus(String text) {
        long rssKb = -1;
        int threads = -1;
        for (String line : text.split("\n")) {
            if (line.startsWith("VmRSS:")) {
                String value = line.substring("VmRSS:".length()).trim();
                if (!value.endsWith(" kB")) {
                    throw new IllegalArgumentException("VmRSS not in kB: " + line);
                }
                rssKb = Long.parseLong(value.substring(0, value.length() - 3).trim());
            } else if (line.startsWith("Threads:")) {
                threads = Integer.parseInt(line.substring("Threads:".length()).trim());
            }
        }
        if (threads < 0) {
            throw new IllegalArgumentException("no Threads line in /proc/<pid>/status");
        }
        return rssKb < 0 ? Optional.empty() : Optional.of(new Status(rssKb, threads));
    }

    /**
     * One reading of a live process, taken now; empty when the process is gone (or a zombie), or when there is no
     * {@code /proc} (not Linux), so a caller simply stops sampling.
     */
    public static Optional<ResourceSamples.Reading> read(long pid) {
        return read(pid, null);
    }

    /** The same, with the CPU time of the JVM's JIT compiler threads when {@code compilers} is given. */
    static Optional<ResourceSamples.Reading> read(long pid, CompilerThreads compilers) {
        long at = System.currentTimeMillis();
        Path dir = PROC.resolve(Long.toString(pid));
        try {
            Stat stat = parseStat(Files.readString(dir.resolve("stat"), StandardCharsets.UTF_8));
            if (stat.state() == 'Z' || stat.state() == 'X') {
                return Optional.empty();
            }
            return parseStatus(Files.readString(dir.resolve("status"), StandardCharsets.UTF_8))
                    .map(status -> new ResourceSamples.Reading(
                            at,
                            ticksToNanos(stat.cpuTicks()),
                            status.rssKb(),
                            status.threads(),
                            compilers == null ? ResourceSamples.Reading.UNKNOWN : compilers.cpuNanos(),
                            ResourceSamples.Reading.UNKNOWN));
        } catch (IOException gone) {
            return Optional.empty();
        }
    }

    /** Status only (RSS, threads) of a live process; for a caller that has a better CPU clock of its own. */
    static Optional<Status> readStatus(long pid) {
        try {
            return parseStatus(
                    Files.readString(PROC.resolve(Long.toString(pid)).resolve("status"), StandardCharsets.UTF_8));
        } catch (IOException gone) {
            return Optional.empty();
        }
    }

    /**
     * The CPU so far of a live JVM's GC and JIT threads, each known by its name ({@link GcAndJitCpu}); empty when it is
     * gone or there is no {@code /proc} (not Linux).
     */
    static Optional<GcAndJitCpu> gcAndJitCpu(long pid) {
        List<GcAndJitCpu.ThreadCpu> threads = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                threadCpu(task).ifPresent(threads::add);
            }
        } catch (IOException | RuntimeException gone) {
            return Optional.empty();
        }
        return Optional.of(GcAndJitCpu.of(threads));
    }

    /** Empty for a thread that ended between the listing and the read: its time leaves the sum. */
    private static Optional<GcAndJitCpu.ThreadCpu> threadCpu(Path task) {
        try {
            String comm = Files.readString(task.resolve("comm"), StandardCharsets.UTF_8);
            long ticks = parseStat(Files.readString(task.resolve("stat"), StandardCharsets.UTF_8))
                    .cpuTicks();
            return Optional.of(new GcAndJitCpu.ThreadCpu(comm, ticksToNanos(ticks)));
        } catch (IOException gone) {
            return Optional.empty();
        }
    }

    static long ticksToNanos(long ticks) {
        return ticks * (1_000_000_000L / clockTicksPerSecond());
    }

    /** {@code getconf CLK_TCK}, asked once; {@value #DEFAULT_CLOCK_TICKS} if it cannot be asked. */
    public static long clockTicksPerSecond() {
        return ClockTicks.PER_SECOND;
    }

    static long parseClockTicks(String getconfOutput) {
        try {
            long ticks = Long.parseLong(getconfOutput.trim());
            // USER_HZ divides a second evenly on every Linux there is (100, sometimes 250, 1000).
            return ticks > 0 && 1_000_000_000L % ticks == 0 ? ticks : DEFAULT_CLOCK_TICKS;
        } catch (NumberFormatException e) {
            return DEFAULT_CLOCK_TICKS;
        }
    }

    private static final class ClockTicks {
        static final long PER_SECOND = ask();

        private static long ask() {
            try {
                Process getconf = new ProcessBuilder("getconf", "CLK_TCK")
                        .redirectErrorStream(true)
                        .start();
                // Wait first, read after: the answer is a few bytes, and a bounded wait never hangs the runner.
                if (!getconf.waitFor(5, TimeUnit.SECONDS)) {
                    getconf.destroyForcibly();
                    return DEFAULT_CLOCK_TICKS;
                }
                String output = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
                return getconf.exitValue() == 0 ? parseClockTicks(output) : DEFAULT_CLOCK_TICKS;
            } catch (IOException e) {
                return DEFAULT_CLOCK_TICKS;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return DEFAULT_CLOCK_TICKS;
            }
        }
    }

    private static String abbreviate(String text) {
        String oneLine = text.strip();
        return oneLine.length() > 80 ? oneLine.substring(0, 80) + "..." : oneLine;
    }
}
