package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One second of a run, for charts of how throughput and tail latency develop (ramp-up, warm-up, a disturbance, the
 * drain) and for a target's recovery. Requests are placed in the second they completed in, like the window counts
 * them.
 *
 * @param offsetSecond  seconds since the run started: second 0 is [runStart, runStart + 1000)
 * @param completed     requests that completed in this second, errors included
 * @param errors        of those, how many were errors
 * @param p99Ms         exact nearest-rank p99 of their response times; empty for a second with no completions
 * @param inFlight      requests sent and not yet answered at the end of this second
 * @param errorsByClass the errors by class, every class present (zeros included), in enum order
 */
public record PerSecond(
        int offsetSecond,
        int completed,
        int errors,
        OptionalLong p99Ms,
        int inFlight,
        Map<ErrorClass, Integer> errorsByClass) {

    /** Requests that ended in this second at the response timeout. */
    public int timeouts() {
        return errorsByClass.getOrDefault(ErrorClass.TIMEOUT, 0);
    }

    /**
     * The second as a data file has it, {@code [offset, completed, errors, p99 or null, in flight, errors by class...]}
     * (classes in enum order): a run has hundreds of seconds.
     */
    @JsonValue
    List<Long> row() {
        List<Long> row = new ArrayList<>(List.of((long) offsetSecond, (long) completed, (long) errors));
        row.add(p99Ms.isPresent() ? p99Ms.getAsLong() : null);
        row.add((long) inFlight);
        errorsByClass.values().forEach(count -> row.add((long) count));
        return row;
    }

    /** A second from its row; a data file written before an error class existed has no column for it, and keeps none. */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static PerSecond ofRow(List<Long> row) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(ErrorClass.class);
        ErrorClass[] classes = ErrorClass.values();
        for (int i = 0; i < classes.length && 5 + i < row.size(); i++) {
            byClass.put(classes[i], Math.toIntExact(row.get(5 + i)));
        }
        return new PerSecond(
                Math.toIntExact(row.get(0)),
                Math.toIntExact(row.get(1)),
                Math.toIntExact(row.get(2)),
                row.get(3) == null ? OptionalLong.empty() : OptionalLong.of(row.get(3)),
                Math.toIntExact(row.get(4)),
                Collections.unmodifiableMap(byClass));
    }

    /** Successful requests: what the users got in this second. */
    public int good() {
        return completed - errors;
    }

    /**
     * Every second from 0 to the last completion, gaps included (with zero completions), so a chart's x axis is
     * continuous. Samples that ended before {@code runStartMillis} are ignored.
     */
    public static List<PerSecond> series(List<Sample> samples, long runStartMillis) {
        int seconds = samples.stream()
                .filter(s -> s.endMillis() >= runStartMillis)
                .mapToInt(s -> secondOf(s, runStartMillis) + 1)
                .max()
                .orElse(0);
        List<List<Sample>> buckets = new ArrayList<>(seconds);
        for (int i = 0; i < seconds; i++) {
            buckets.add(new ArrayList<>());
        }
        for (Sample sample : samples) {
            if (sample.endMillis() >= runStartMillis) {
                buckets.get(secondOf(sample, runStartMillis)).add(sample);
            }
        }
        int[] inFlight = inFlight(samples, runStartMillis, seconds);
        List<PerSecond> series = new ArrayList<>(seconds);
        for (int second = 0; second < seconds; second++) {
            series.add(of(second, buckets.get(second), inFlight[second]));
        }
        return List.copyOf(series);
    }

    /** For each second, the samples that started before its end and ended at or after it. */
    private static int[] inFlight(List<Sample> samples, long runStartMillis, int seconds) {
        long[] starts = samples.stream().mapToLong(Sample::startMillis).sorted().toArray();
        long[] ends = samples.stream().mapToLong(Sample::endMillis).sorted().toArray();
        int[] inFlight = new int[seconds];
        int started = 0;
        int ended = 0;
        for (int second = 0; second < seconds; second++) {
            long end = runStartMillis + (second + 1) * 1000L;
            while (started < starts.length && starts[started] < end) {
                started++;
            }
            while (ended < ends.length && ends[ended] < end) {
                ended++;
            }
            inFlight[second] = started - ended;
        }
        return inFlight;
    }

    private static int secondOf(Sample sample, long runStartMillis) {
        return Math.toIntExact((sample.endMillis() - runStartMillis) / 1000);
    }

    private static PerSecond of(int second, List<Sample> completed, int inFlight) {
        ExactPercentiles elapsed = ExactPercentiles.of(
                completed.stream().mapToLong(Sample::elapsedMillis).toArray());
        Map<ErrorClass, Integer> byClass = new EnumMap<>(noErrors());
        int errors = 0;
        for (Sample sample : completed) {
            var error = ErrorClass.classify(sample);
            if (error.isPresent()) {
                byClass.merge(error.get(), 1, Integer::sum);
                errors++;
            }
        }
        return new PerSecond(
                second,
                completed.size(),
                errors,
                elapsed.isEmpty() ? OptionalLong.empty() : OptionalLong.of(elapsed.at(99)),
                Math.max(0, inFlight),
                Collections.unmodifiableMap(byClass));
    }

    static Map<ErrorClass, Integer> noErrors() {
        Map<ErrorClass, Integer> none = new EnumMap<>(ErrorClass.class);
        Arrays.stream(ErrorClass.values()).forEach(c -> none.put(c, 0));
        return Collections.unmodifiableMap(none);
    }
}
