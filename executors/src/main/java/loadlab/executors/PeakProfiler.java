package loadlab.executors;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalLong;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * The peak platform threads and peak RSS of the benchmark JVM during each iteration, as JMH secondary results
 * ({@code -prof loadlab.executors.PeakProfiler}); JMH keeps the largest over all measurement iterations and forks.
 *
 * <p>Threads: {@link ThreadMXBean#getPeakThreadCount()}, reset before each iteration. It counts live platform
 * threads, the JVM's own (GC, JIT, JMH) included; virtual threads are not platform threads and never appear in it.
 * RSS: Linux's high-water mark {@code VmHWM} from {@code /proc/self/status}, reset before each iteration by writing
 * 5 to {@code /proc/self/clear_refs}. If the reset is refused the mark covers the whole fork so far, which is still
 * this benchmark's alone: JMH runs each benchmark in forks of its own.
 */
public class PeakProfiler implements InternalProfiler {

    public static final String THREADS = "peak.threads";
    public static final String RSS = "peak.rss";

    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    @Override
    public String getDescription() {
        return "Peak platform threads (ThreadMXBean) and peak RSS (VmHWM) per iteration";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        threads.resetPeakThreadCount();
        resetPeakRss();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        List<Result> peaks = new ArrayList<>();
        peaks.add(new ScalarResult(THREADS, threads.getPeakThreadCount(), "threads", AggregationPolicy.MAX));
        peakRssKib().ifPresent(kib -> peaks.add(new ScalarResult(RSS, kib / 1024.0, "MiB", AggregationPolicy.MAX)));
        return peaks;
    }

    static boolean resetPeakRss() {
        try {
            Files.writeString(CLEAR_REFS, "5");
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** VmHWM in KiB, or empty where there is no /proc (not Linux). */
    static OptionalLong peakRssKib() {
        try {
            return Files.readAllLines(STATUS).stream()
                    .filter(line -> line.startsWith("VmHWM:"))
                    .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
                    .findFirst();
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
