package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import jdk.jfr.EventType;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * What an app's JDK Flight Recorder file says about its memory and GC, and about virtual-thread pinning, over a
 * measurement window. Every JVM of the lab records with the same {@link #recordingFlags(Path)}, so JFR's own small
 * cost is paid by every target alike; the JVM writes the file when it exits (SIGTERM included).
 * <p>
 * Only events that START inside the window [start, end) count, so every figure is a count or sum over the window
 * itself, never a cumulative counter read at the end.
 * <p>
 * A target on another host has no recording the lab could read: its GC count and pauses come from its Actuator instead
 * ({@link #ofGcCounters}), Micrometer's {@code jvm.gc.pause}, and its heap after GC and pinning are empty.
 *
 * @param gcCount            collections that started in the window ({@code jdk.GarbageCollection}: young, mixed,
 *                           full, and G1's concurrent cycles, each counted once as JFR reports them)
 * @param gcPauseMs          the stop-the-world time of those collections, the sum of their {@code sumOfPauses}
 * @param heapUsedAfterGcMib heap in use right after the last collection at or before the window's end
 *                           ({@code jdk.GCHeapSummary}, when = "After GC"): what the app retains, garbage collected;
 *                           empty if the JVM never collected. With no collection in the window it is an earlier one's
 * @param pinnedEvents       {@code jdk.VirtualThreadPinned} events in the window: a virtual thread that blocked
 *                           while pinned to its carrier; empty when the recording did not have the event enabled
 *                           (an old JDK, or a setting that did not take), so that 0 always means "none happened"
 */
public record JfrFigures(
        int gcCount,
        double gcPauseMs,
        OptionalDouble heapUsedAfterGcMib,
        OptionalInt pinnedEvents,
        @JsonIgnore List<HeapAfterGc> heapAfterGc) {

    /** The heap in use right after one collection, anywhere in the recording. */
    public record HeapAfterGc(long atMillis, double usedMib) {}

    /**
     * Figures of the window alone, without the heap's history: as a data file has them (it keeps the history in the
     * point's series).
     */
    @JsonCreator
    public JfrFigures(
            @JsonProperty("gcCount") int gcCount,
            @JsonProperty("gcPauseMs") double gcPauseMs,
            @JsonProperty("heapUsedAfterGcMib") OptionalDouble heapUsedAfterGcMib,
            @JsonProperty("pinnedEvents") OptionalInt pinnedEvents) {
        this(gcCount, gcPauseMs, heapUsedAfterGcMib, pinnedEvents, List.of());
    }

    public JfrFigures {
        heapAfterGc = List.copyOf(heapAfterGc);
    }

    /** The same figures without the heap's history, which the data file keeps in the series instead. */
    public JfrFigures withoutHistory() {
        return new JfrFigures(gcCount, gcPauseMs, heapUsedAfterGcMib, pinnedEvents);
    }

    public static final String PINNED_EVENT = "jdk.VirtualThreadPinned";

    /**
     * JDK 25's CPU-time sampler, off in the default settings: a stack sample per 20 ms of each thread's CPU time,
     * native code included, for the CPU by owner ({@code CpuByOwner}). The default execution sampler sees only threads
     * running Java code, so an HTTP client's socket reads and writes never show in it: on a recorded app-virtual the
     * JDK HttpClient had 18% of the execution samples and 34% of the CPU-time samples over the same 12 s. About 50
     * samples a second per busy core, the same for every target.
     */
    public static final String CPU_TIME_SAMPLING = "jdk.CPUTimeSample#enabled=true,jdk.CPUTimeSample#throttle=20ms";

    private static final String GC_EVENT = "jdk.GarbageCollection";
    private static final String HEAP_EVENT = "jdk.GCHeapSummary";
    private static final String SETTING_EVENT = "jdk.ActiveSetting";

    /**
     * The flags every lab JVM gets, apps and slow-server alike: JFR's low-overhead default settings, the file
     * written on exit, and every pinning recorded however short (the default threshold, 20 ms, would hide the
     * short ones an app under load may pin for thousands of times). JDK 17+ accept event settings inline, so no
     * .jfc file is needed. JFR's repository, where the recording's chunks wait until the exit writes the file, is the
     * file's own folder: a JVM that exits removes it, and one that is killed leaves its chunks with its run rather
     * than in the temporary folder.
     *
     * @param jfrFile where the JVM writes the recording when it exits; must not contain a comma, which separates
     *                the options of {@code -XX:StartFlightRecording}
     */
    public static List<String> recordingFlags(Path jfrFile) {
        Path file = jfrFile.toAbsolutePath();
        if (file.toString().contains(",")) {
            throw new IllegalArgumentException("a JFR file name cannot contain a comma: " + file);
        }
        return List.of(
                "-XX:StartFlightRecording=filename=" + file + ",dumponexit=true,settings=default," + PINNED_EVENT
                        + "#threshold=0ms," + CPU_TIME_SAMPLING,
                "-XX:FlightRecorderOptions=repository=" + file.getParent());
    }

    /**
     * The collections of a target read through its Actuator: Micrometer's cumulative {@code jvm.gc.pause} count and
     * total time, as each reading took them ({@link ResourceSamples.Reading#gcCount()}), taken as the difference
     * between the last reading at or before the window's end and the last at or before its start, as CPU is. Within a
     * reading period of each edge, as CPU is. {@code jvm.gc.pause} counts stop-the-world pauses only: unlike the
     * recording's count, G1's concurrent cycles are not in it. Heap after GC and pinning are not read (empty).
     *
     * @return empty when the readings have no collections, or none at or before the window's start
     */
    public static Optional<JfrFigures> ofGcCounters(ResourceSamples samples, MeasurementWindow window) {
        Optional<ResourceSamples.Reading> start =
                ResourceUsage.lastAtOrBefore(samples.readings(), window.startMillis());
        Optional<ResourceSamples.Reading> end = ResourceUsage.lastAtOrBefore(samples.readings(), window.endMillis());
        if (start.isEmpty()
                || start.get().gcCount() == ResourceSamples.Reading.UNKNOWN
                || end.get().gcCount() == ResourceSamples.Reading.UNKNOWN) {
            return Optional.empty();
        }
        return Optional.of(new JfrFigures(
                (int) Math.max(0, end.get().gcCount() - start.get().gcCount()),
                Math.max(0, end.get().gcPauseNanos() - start.get().gcPauseNanos()) / 1e6,
                OptionalDouble.empty(),
                OptionalInt.empty()));
    }

    public static JfrFigures read(Path jfr, MeasurementWindow window) throws IOException {
        return read(jfr, Instant.ofEpochMilli(window.startMillis()), Instant.ofEpochMilli(window.endMillis()));
    }

    /**
     * Reads the whole file once.
     *
     * @throws IOException when the file is missing or unreadable, e.g. the JVM was killed (SIGKILL) before it could
     *                     write it
     */
    public static JfrFigures read(Path jfr, Instant windowStart, Instant windowEnd) throws IOException {
        if (!windowEnd.isAfter(windowStart)) {
            throw new IllegalArgumentException(
                    "window must end after it starts: [" + windowStart + ", " + windowEnd + ")");
        }
        try (RecordingFile file = new RecordingFile(jfr)) {
            long pinnedTypeId = file.readEventTypes().stream()
                    .filter(type -> type.getName().equals(PINNED_EVENT))
                    .mapToLong(EventType::getId)
                    .findFirst()
                    .orElse(-1);
            Tally tally = new Tally(windowStart, windowEnd, pinnedTypeId);
            while (file.hasMoreEvents()) {
                tally.add(file.readEvent());
            }
            return tally.figures();
        }
    }

    /** The figures of one window, added up event by event as the file is read. */
    private static final class Tally {
        private final Instant windowStart;
        private final Instant windowEnd;
        private final long pinnedTypeId;
        private int gcCount;
        private Duration pauses = Duration.ZERO;
        private Instant lastAfterGcAt;
        private long lastAfterGcUsed;
        private int pinned;
        private Instant pinnedSettingAt;
        private boolean pinnedEnabled;
        private final List<HeapAfterGc> history = new ArrayList<>();

        Tally(Instant windowStart, Instant windowEnd, long pinnedTypeId) {
            this.windowStart = windowStart;
            this.windowEnd = windowEnd;
            this.pinnedTypeId = pinnedTypeId;
        }

        void add(RecordedEvent event) {
            Instant at = event.getStartTime();
            boolean inside = !at.isBefore(windowStart) && at.isBefore(windowEnd);
            switch (event.getEventType().getName()) {
                case GC_EVENT -> {
                    if (inside) {
                        gcCount++;
                        pauses = pauses.plus(event.getDuration("sumOfPauses"));
                    }
                }
                case HEAP_EVENT -> {
                    if ("After GC".equals(event.getString("when"))) {
                        history.add(new HeapAfterGc(at.toEpochMilli(), event.getLong("heapUsed") / (1024.0 * 1024)));
                    }
                    // Files are in order chunk by chunk, not event by event: keep the latest by time.
                    if ("After GC".equals(event.getString("when"))
                            && !at.isAfter(windowEnd)
                            && (lastAfterGcAt == null || !at.isBefore(lastAfterGcAt))) {
                        lastAfterGcAt = at;
                        lastAfterGcUsed = event.getLong("heapUsed");
                    }
                }
                case PINNED_EVENT -> {
                    if (inside) {
                        pinned++;
                    }
                }
                case SETTING_EVENT -> {
                    // Written at the start of the recording and of every chunk; the lab's recordings never change
                    // their settings, so the latest one says how the whole file was recorded.
                    if (event.getLong("id") == pinnedTypeId
                            && "enabled".equals(event.getString("name"))
                            && (pinnedSettingAt == null || !at.isBefore(pinnedSettingAt))) {
                        pinnedSettingAt = at;
                        pinnedEnabled = "true".equals(event.getString("value"));
                    }
                }
                default -> {}
            }
        }

        JfrFigures figures() {
            return new JfrFigures(
                    gcCount,
                    pauses.toNanos() / 1e6,
                    lastAfterGcAt == null
                            ? OptionalDouble.empty()
                            : OptionalDouble.of(lastAfterGcUsed / (1024.0 * 1024)),
                    pinnedEnabled ? OptionalInt.of(pinned) : OptionalInt.empty(),
                    history.stream()
                            .sorted(Comparator.comparingLong(HeapAfterGc::atMillis))
                            .toList());
        }
    }
}
