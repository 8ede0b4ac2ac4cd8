import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * For the lead's analysis of a cold start (issue 36), not part of the product: what a JVM did in each second of a time
 * range of its JFR recording. Run with JDK 25 as a source file:
 *
 * <pre>
 * java scripts/JfrSeconds.java RECORDING.jfr FROM TO [EVENT-LOOP-THREAD-REGEX]
 * java scripts/JfrSeconds.java /tmp/webflux-cold.jfr 13:32:20 13:32:50
 * </pre>
 *
 * FROM and TO are UTC times of day on the recording's first day (HH:MM:SS[.fff]) or ISO instants. Per second:
 * <ul>
 *   <li>jvm_cpu: the JVM's CPU load (jdk.CPULoad jvmUser + jvmSystem, a fraction of the machine's CPUs as the JVM
 *       counts them), the reading taken in that second;
 *   <li>jit_ms: compilation time, the rise of jdk.CompilerStatistics.totalTimeSpent spread over the time between two
 *       readings (wall time of compilations, summed over compiler threads: on a saturated core it includes the time
 *       a compiler thread waited for the CPU);
 *   <li>gc_ms: jdk.GarbageCollection.sumOfPauses of the collections that started in it; gc_n their count;
 *   <li>loop_cpu_ms: CPU time of the event-loop threads (jdk.CPUTimeSample, one per samplingPeriod of a thread's CPU,
 *       20 ms in the lab's recordings); cpu_lost: CPU-time samples the JVM dropped in it (all threads), which make
 *       loop_cpu_ms a floor; loop_exec: their jdk.ExecutionSample count (running Java code, one per 20 ms at most);
 *   <li>stall: the longest blocking event on an event-loop thread that started in it (jdk.ThreadPark,
 *       JavaMonitorEnter/Wait, SocketRead/Write, FileRead/Write, ClassLoad if enabled; the default settings record
 *       these only above 20 ms, ClassLoad not at all), with its top frame;
 *   <li>loop_top: the event-loop threads' most frequent top frame in their execution samples, and its count.
 * </ul>
 */
public class JfrSeconds {

    static final String DEFAULT_LOOPS = "reactor-http-.*|reactor-tcp-.*|.*[Ee]vent[Ll]oop.*|.*-epoll-.*|.*-nio-.*";
    static final Set<String> BLOCKING = Set.of(
            "jdk.ThreadPark",
            "jdk.JavaMonitorEnter",
            "jdk.JavaMonitorWait",
            "jdk.SocketRead",
            "jdk.SocketWrite",
            "jdk.FileRead",
            "jdk.FileWrite",
            "jdk.ClassLoad",
            "jdk.ThreadSleep");

    static final class Sec {
        double jit;
        double gc;
        int gcN;
        double loopCpuMs;
        double jvmCpu = Double.NaN;
        int cpuLost;
        int loopExec;
        long stallMs = -1;
        String stall = "";
        final Map<String, Integer> tops = new HashMap<>();
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: java JfrSeconds.java RECORDING.jfr FROM TO [EVENT-LOOP-THREAD-REGEX]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        Pattern loops = Pattern.compile(args.length > 3 ? args[3] : DEFAULT_LOOPS);
        List<RecordedEvent> events = new ArrayList<>();
        Instant first = null;
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                RecordedEvent e = recording.readEvent();
                events.add(e);
                if (first == null || e.getStartTime().isBefore(first)) {
                    first = e.getStartTime();
                }
            }
        }
        LocalDate day = first.atZone(ZoneOffset.UTC).toLocalDate();
        long from = parse(args[1], day);
        long to = parse(args[2], day);
        int n = (int) ((to - from + 999) / 1000);
        Sec[] secs = new Sec[n];
        for (int i = 0; i < n; i++) {
            secs[i] = new Sec();
        }
        TreeMap<Long, Double> compiler = new TreeMap<>();
        for (RecordedEvent e : events) {
            String type = e.getEventType().getName();
            long at = e.getStartTime().toEpochMilli();
            if (type.equals("jdk.CompilerStatistics")) {
                compiler.put(at, e.getDuration("totalTimeSpent").toNanos() / 1e6);
                continue;
            }
            if (at < from || at >= to) {
                continue;
            }
            Sec s = secs[(int) ((at - from) / 1000)];
            switch (type) {
                case "jdk.GarbageCollection" -> {
                    s.gc += e.getDuration("sumOfPauses").toNanos() / 1e6;
                    s.gcN++;
                }
                case "jdk.CPUTimeSample" -> {
                    if (isLoop(e, "eventThread", loops)) {
                        s.loopCpuMs += e.getDuration("samplingPeriod").toNanos() / 1e6;
                    }
                }
                case "jdk.CPUTimeSamplesLost" -> s.cpuLost += e.getInt("lostSamples");
                case "jdk.CPULoad" -> s.jvmCpu = e.getFloat("jvmUser") + e.getFloat("jvmSystem");
                case "jdk.ExecutionSample" -> {
                    if (isLoop(e, "sampledThread", loops)) {
                        s.loopExec++;
                        s.tops.merge(top(e), 1, Integer::sum);
                    }
                }
                default -> {
                    if (BLOCKING.contains(type) && isLoop(e, "eventThread", loops)) {
                        long ms = e.getDuration().toMillis();
                        if (ms > s.stallMs) {
                            s.stallMs = ms;
                            s.stall = type.substring(4) + " " + ms + "ms " + top(e);
                        }
                    }
                }
            }
        }
        Map.Entry<Long, Double> previous = null;
        for (Map.Entry<Long, Double> reading : compiler.entrySet()) {
            if (previous != null && reading.getValue() > previous.getValue()) {
                double perMs = (reading.getValue() - previous.getValue()) / (reading.getKey() - previous.getKey());
                for (int i = 0; i < n; i++) {
                    long lo = Math.max(previous.getKey(), from + i * 1000L);
                    long hi = Math.min(reading.getKey(), from + (i + 1) * 1000L);
                    if (hi > lo) {
                        secs[i].jit += perMs * (hi - lo);
                    }
                }
            }
            previous = reading;
        }
        System.out.printf("# %s, from %s, loop threads /%s/%n", file, Instant.ofEpochMilli(from), loops);
        System.out.println("sec\tutc\tjvm_cpu\tjit_ms\tgc_ms\tgc_n\tloop_cpu_ms\tcpu_lost\tloop_exec\tstall\tloop_top");
        for (int i = 0; i < n; i++) {
            Sec s = secs[i];
            String top = s.tops.entrySet().stream()
                    .max(Map.Entry.comparingByValue())
                    .map(t -> t.getKey() + " x" + t.getValue())
                    .orElse("");
            System.out.printf(
                    "%d\t%s\t%s\t%.0f\t%.1f\t%d\t%.0f\t%d\t%d\t%s\t%s%n",
                    i,
                    LocalTime.ofInstant(Instant.ofEpochMilli(from + i * 1000L), ZoneOffset.UTC),
                    Double.isNaN(s.jvmCpu) ? "-" : String.format("%.2f", s.jvmCpu),
                    s.jit,
                    s.gc,
                    s.gcN,
                    s.loopCpuMs,
                    s.cpuLost,
                    s.loopExec,
                    s.stall.isEmpty() ? "-" : s.stall,
                    top.isEmpty() ? "-" : top);
        }
    }

    static long parse(String time, LocalDate day) {
        return time.contains("T")
                ? Instant.parse(time).toEpochMilli()
                : LocalTime.parse(time).atDate(day).toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    static boolean isLoop(RecordedEvent e, String field, Pattern loops) {
        if (!e.hasField(field)) {
            return false;
        }
        RecordedThread t = e.getValue(field);
        return t != null && t.getJavaName() != null && loops.matcher(t.getJavaName()).matches();
    }

    static String top(RecordedEvent e) {
        if (e.getStackTrace() == null || e.getStackTrace().getFrames().isEmpty()) {
            return "?";
        }
        RecordedFrame f = e.getStackTrace().getFrames().getFirst();
        String type = f.getMethod().getType().getName();
        return type.substring(type.lastIndexOf('.') + 1) + "." + f.getMethod().getName();
    }
}
