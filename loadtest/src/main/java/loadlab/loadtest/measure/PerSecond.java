package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * One second of a run, for charts of how throughput and tail latency develop (ramp-up, warm-up, drain).
 * Requests are placed in the second they completed in, like the window counts them.
 *
 * @param offsetSecond seconds since the run started: second 0 is [runStart, runStart + 1000)
 * @param completed    requests that completed in this second, errors included
 * @param errors       of those, how many were errors
 * @param p99Ms        exact nearest-rank p99 of their response times; empty for a second with no completions
 */
public record PerSecond(int offsetSecond, int completed, int errors, OptionalLong p99Ms) {

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
        List<PerSecond> series = new ArrayList<>(seconds);
        for (int second = 0; second < seconds; second++) {
            series.add(of(second, buckets.get(second)));
        }
        return List.copyOf(series);
    }

    private static int secondOf(Sample sample, long runStartMillis) {
        return Math.toIntExact((sample.endMillis() - runStartMillis) / 1000);
    }

    private static PerSecond of(int second, List<Sample> completed) {
        ExactPercentiles elapsed = ExactPercentiles.of(
                completed.stream().mapToLong(Sample::elapsedMillis).toArray());
        int errors = (int) completed.stream()
                .filter(s -> ErrorClass.classify(s).isPresent())
                .count();
        return new PerSecond(
                second,
                completed.size(),
                errors,
                elapsed.isEmpty() ? OptionalLong.empty() : OptionalLong.of(elapsed.at(99)));
    }
}
