package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import jdk.jfr.consumer.EventStream;

/**
 * What the JVM itself did in each second of a load, from its JFR recording: time its JIT compilers spent compiling and
 * time its collections stopped the application. For a cold start, where a fresh JVM compiles its hot paths while the
 * load already arrives, these say whether a slow second was the JIT's, the collector's, or neither.
 * <p>
 * JIT time comes from {@code jdk.CompilerStatistics}, a periodic event (every second in JFR's default settings) with
 * the JVM's cumulative compilation time ({@code totalTimeSpent}: the wall time of each compilation, summed over all
 * compiler threads, so it can exceed 1000 ms a second on a JVM with several, and on a saturated core it includes the
 * time a compiler thread waited for the CPU: it says when the JIT was at work, not how much CPU it took). The per-compilation event {@code jdk.Compilation} is no use here: the
 * default settings record only compilations longer than 1 s, a few dozen of the thousands a cold start does. Each
 * increase between two readings is spread evenly over the time between them, as a cumulative counter's delta is. GC
 * time is each {@code jdk.GarbageCollection}'s {@code sumOfPauses}, in the second the collection started in, as
 * {@link JfrFigures} counts it. Both events are in the lab's recordings ({@link JfrFigures#recordingFlags}) with no
 * extra setting.
 */
public final class JvmActivity {

    static final String COMPILER_EVENT = "jdk.CompilerStatistics";
    static final String GC_EVENT = "jdk.GarbageCollection";

    private JvmActivity() {}

    /**
     * One second of a load, {@code [second, JIT ms, GC pause ms]} in a data file.
     *
     * @param second    seconds since the run's start, as {@link PerSecond#offsetSecond()}
     * @param jitMs     compilation time in it, summed over compiler threads
     * @param gcPauseMs stop-the-world time of the collections that started in it
     */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    public record Second(int second, double jitMs, double gcPauseMs) {}

    /** One periodic reading of the JVM's cumulative compilation time. */
    public record CompilerReading(long atMillis, double totalMs) {}

    /** One collection: when it started and how long it stopped the application. */
    public record GcPause(long atMillis, double pauseMs) {}

    /**
     * Reads only the two events it needs from the file.
     *
     * @throws IOException when the file is missing or unreadable (a JVM killed before it wrote it)
     */
    public static List<Second> read(Path jfr, long runStartMillis, int seconds) throws IOException {
        List<CompilerReading> readings = new ArrayList<>();
        List<GcPause> pauses = new ArrayList<>();
        try (EventStream stream = EventStream.openFile(jfr)) {
            stream.onEvent(
                    COMPILER_EVENT,
                    e -> readings.add(new CompilerReading(
                            e.getStartTime().toEpochMilli(),
                            e.getDuration("totalTimeSpent").toNanos() / 1e6)));
            stream.onEvent(
                    GC_EVENT,
                    e -> pauses.add(new GcPause(
                            e.getStartTime().toEpochMilli(),
                            e.getDuration("sumOfPauses").toNanos() / 1e6)));
            stream.start();
        }
        return perSecond(readings, pauses, runStartMillis, seconds);
    }

    /**
     * Seconds 0 to {@code seconds - 1} of a run that started at {@code runStartMillis}, every one present (zeros where
     * nothing happened). Compilation time before the first reading is not placed anywhere: there is no earlier reading
     * to tell when it happened.
     */
    public static List<Second> perSecond(
            List<CompilerReading> readings, List<GcPause> pauses, long runStartMillis, int seconds) {
        double[] jit = new double[seconds];
        double[] gc = new double[seconds];
        // A file is in order chunk by chunk, not event by event.
        List<CompilerReading> sorted = readings.stream()
                .sorted(Comparator.comparingLong(CompilerReading::atMillis))
                .toList();
        for (int i = 1; i < sorted.size(); i++) {
            CompilerReading from = sorted.get(i - 1);
            CompilerReading to = sorted.get(i);
            double added = to.totalMs() - from.totalMs();
            long span = to.atMillis() - from.atMillis();
            if (added <= 0 || span <= 0) {
                continue;
            }
            spread(jit, added, from.atMillis() - runStartMillis, to.atMillis() - runStartMillis);
        }
        for (GcPause pause : pauses) {
            long at = pause.atMillis() - runStartMillis;
            if (at >= 0 && at < seconds * 1000L) {
                gc[(int) (at / 1000)] += pause.pauseMs();
            }
        }
        List<Second> out = new ArrayList<>(seconds);
        for (int s = 0; s < seconds; s++) {
            out.add(new Second(s, tenth(jit[s]), tenth(gc[s])));
        }
        return out;
    }

    /** Adds {@code amount}, spread evenly over [fromMs, toMs) since the run's start, to the seconds it overlaps. */
    private static void spread(double[] perSecond, double amount, long fromMs, long toMs) {
        double perMs = amount / (toMs - fromMs);
        long first = Math.max(0, Math.floorDiv(fromMs, 1000));
        long last = Math.min(perSecond.length - 1L, Math.floorDiv(toMs - 1, 1000));
        for (long s = first; s <= last; s++) {
            long overlap = Math.min(toMs, (s + 1) * 1000) - Math.max(fromMs, s * 1000);
            if (overlap > 0) {
                perSecond[(int) s] += perMs * overlap;
            }
        }
    }

    /** A data file keeps a tenth of a millisecond: finer is noise, and a run has hundreds of seconds. */
    private static double tenth(double ms) {
        return Math.round(ms * 10) / 10.0;
    }
}
