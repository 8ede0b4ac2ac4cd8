package loadlab.loadtest.measure;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * An app's CPU by owner over a window: JFR's stack samples, each given to an owner by its stack
 * ({@link OwnerRules#ofStack}), and the GC's and the JIT's threads by their own CPU time ({@link GcAndJitCpu}).
 * <p>
 * Samples are counted, not timed: each stands for an equal slice of the CPU the sampled threads used. With the
 * window's process CPU known, the CPU that is neither GC nor JIT is shared out by the samples' counts. That share
 * includes what no sample sees in that event: JVM threads other than the GC's and the JIT's, and native code
 * ({@link SampleEvent#EXECUTION} samples only threads running Java code, so socket reads and writes are missing and
 * go to the owners in proportion).
 *
 * @param event             which samples were counted
 * @param samples           per owner, the samples in the window that had a stack
 * @param cutShortSamples   of those, the ones whose stack JFR cut at its depth (64 frames by default) before the walk
 *                          met a frame of an own owner: they went to a shared owner or the JDK, though the frames
 *                          below the cut might have named one. Many of these call for a deeper recording
 *                          ({@code -XX:FlightRecorderOptions:stackdepth=})
 * @param unwalkedSamples   samples in the window without a stack (a CPU-time sample whose stack walk failed), left out
 */
public record CpuByOwner(SampleEvent event, Map<Owner, Integer> samples, int cutShortSamples, int unwalkedSamples) {

    /** The JFR event that samples stacks. */
    public enum SampleEvent {
        /**
         * {@code jdk.ExecutionSample}, in JFR's default settings: every 20 ms, up to a few threads that are running
         * Java code at that moment.
         */
        EXECUTION("jdk.ExecutionSample"),
        /**
         * {@code jdk.CPUTimeSample}, JDK 25's CPU-time sampler (experimental, off by default; enabled with
         * {@code jdk.CPUTimeSample#enabled=true}): a sample per slice of each thread's CPU time, native code
         * included, so a socket write counts where it happened.
         */
        CPU_TIME("jdk.CPUTimeSample");

        private final String eventName;

        SampleEvent(String eventName) {
            this.eventName = eventName;
        }

        public String eventName() {
            return eventName;
        }
    }

    /**
     * A row: an owner's samples and its share of them, or, where the window's CPU is known, its share of the
     * process's CPU and its CPU seconds.
     */
    public record OwnerCpu(Owner owner, int samples, double share, OptionalDouble cpuSeconds) {}

    public CpuByOwner {
        samples = Map.copyOf(samples);
    }

    public int totalSamples() {
        return samples.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * The owners' shares of the samples, in {@link Owner}'s order; no GC or JIT rows, since samples never see their
     * threads. Empty when the window had no sample.
     */
    public List<OwnerCpu> shares() {
        int total = totalSamples();
        List<OwnerCpu> rows = new ArrayList<>();
        for (Owner owner : Owner.values()) {
            int count = samples.getOrDefault(owner, 0);
            if (count > 0) {
                rows.add(new OwnerCpu(owner, count, (double) count / total, OptionalDouble.empty()));
            }
        }
        return rows;
    }

    /**
     * The process's CPU over the window by owner, in {@link Owner}'s order: the GC's and the JIT's threads as they
     * used it, the rest by the samples' shares. Each row's share is of the process's CPU. With no sample in the
     * window, only the GC and JIT rows are there, and the rest of the CPU is nobody's.
     *
     * @param processCpuNanos the process's user + system time over the window
     * @param gcAndJit        its GC and JIT threads' over the same window ({@link GcAndJitCpu#since})
     */
    public List<OwnerCpu> shares(long processCpuNanos, GcAndJitCpu gcAndJit) {
        if (processCpuNanos <= 0) {
            throw new IllegalArgumentException("processCpuNanos=" + processCpuNanos + " must be more than 0");
        }
        // The threads' clocks and the process's tick at different moments: the two may overlap by a tick.
        long gc = Math.min(gcAndJit.gcNanos(), processCpuNanos);
        long jit = Math.min(gcAndJit.jitNanos(), processCpuNanos - gc);
        long sampled = processCpuNanos - gc - jit;
        int total = totalSamples();
        List<OwnerCpu> rows = new ArrayList<>();
        for (Owner owner : Owner.values()) {
            int count = samples.getOrDefault(owner, 0);
            long nanos = switch (owner) {
                case GC -> gc;
                case JIT -> jit;
                default -> total == 0 ? 0 : Math.round((double) sampled * count / total);
            };
            if (nanos > 0 || count > 0) {
                rows.add(new OwnerCpu(owner, count, (double) nanos / processCpuNanos, OptionalDouble.of(nanos / 1e9)));
            }
        }
        return rows;
    }

    public static CpuByOwner read(Path jfr, MeasurementWindow window) throws IOException {
        return read(jfr, window, SampleEvent.EXECUTION);
    }

    /**
     * Reads the whole file once; only samples taken inside the window [start, end) count.
     *
     * @throws IOException when the file is missing or unreadable
     */
    public static CpuByOwner read(Path jfr, MeasurementWindow window, SampleEvent event) throws IOException {
        Instant start = Instant.ofEpochMilli(window.startMillis());
        Instant end = Instant.ofEpochMilli(window.endMillis());
        Map<Owner, Integer> samples = new EnumMap<>(Owner.class);
        int cutShort = 0;
        int unwalked = 0;
        try (RecordingFile file = new RecordingFile(jfr)) {
            while (file.hasMoreEvents()) {
                RecordedEvent sample = file.readEvent();
                Instant at = sample.getStartTime();
                if (!sample.getEventType().getName().equals(event.eventName())
                        || at.isBefore(start)
                        || !at.isBefore(end)) {
                    continue;
                }
                RecordedStackTrace stack = sample.getStackTrace();
                if (stack == null || stack.getFrames().isEmpty()) {
                    unwalked++;
                    continue;
                }
                Owner owner = OwnerRules.ofStack(classesTopFirst(stack));
                samples.merge(owner, 1, Integer::sum);
                if (stack.isTruncated() && owner.claim() != Owner.Claim.OWN) {
                    cutShort++;
                }
            }
        }
        return new CpuByOwner(event, samples, cutShort, unwalked);
    }

    /** JFR lists a stack's frames top first, the sampled method first. */
    private static List<String> classesTopFirst(RecordedStackTrace stack) {
        return stack.getFrames().stream()
                .map(RecordedFrame::getMethod)
                .map(method -> method.getType().getName())
                .toList();
    }
}
