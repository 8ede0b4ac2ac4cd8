package loadlab.loadtest.measure;

import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import loadlab.loadtest.plan.Timeline;

/**
 * One target watched through one disturbance, second by second: the arithmetic behind {@link Recovery}. A second is
 * "within the band" when its good throughput, averaged over the last {@link Thresholds#RECOVERY_SMOOTHING} seconds,
 * is at least (100 − {@link Thresholds#RECOVERY_BAND_PERCENT})% of the calm median (or less, when chance alone can
 * fall that short at the calm rate: {@link Verdicts#chanceFloor}), and its p99, the median of the
 * same seconds, at most {@link Thresholds#RECOVERY_P99_RATIO} times the calm median; recovered means within the band
 * for {@link Thresholds#RECOVERY_HOLD} seconds in a row.
 */
record Watch(Series series, int offset, Timeline.Segment calm, Timeline.Segment disturbance, int watchedUntil) {

    static Watch of(Series series, int offset, Timeline.Segment calm, Timeline.Segment disturbance, int watchedUntil) {
        return new Watch(series, offset, calm, disturbance, watchedUntil);
    }

    Recovery recovery() {
        List<PerSecond> seconds = series.seconds();
        int calmFrom = offset + (int) calm.start().toSeconds();
        int calmTo = offset + (int) calm.end().toSeconds();
        int from = offset + (int) disturbance.start().toSeconds();
        int end = offset + (int) disturbance.end().toSeconds();
        int until = Math.min(seconds.size(), offset + watchedUntil);
        double[] good = seconds.stream().mapToDouble(PerSecond::good).toArray();
        long[] p99 = seconds.stream().mapToLong(s -> s.p99Ms().orElse(-1)).toArray();
        double calmGood = median(Arrays.copyOfRange(good, clamp(calmFrom), clamp(calmTo)));
        long calmP99 = (long) median(Arrays.stream(Arrays.copyOfRange(p99, clamp(calmFrom), clamp(calmTo)))
                .filter(v -> v >= 0)
                .asDoubleStream()
                .toArray());
        int[] recovered = recovered(good, p99, end, until, calmGood, calmP99);
        List<PerSecond> during = seconds.subList(clamp(from), clamp(end));
        List<PerSecond> after = seconds.subList(clamp(end), clamp(until));
        List<PerSecond> disturbed = seconds.subList(clamp(from), clamp(until));
        return new Recovery(
                disturbance,
                calmGood,
                calmP99,
                recovered[1] < 0 ? OptionalDouble.empty() : OptionalDouble.of(recovered[1] - end),
                recovered[0] < 0 ? OptionalDouble.empty() : OptionalDouble.of(recovered[0] - end),
                smoothed(good, clamp(from), clamp(end)),
                disturbed.stream().mapToLong(s -> s.p99Ms().orElse(0)).max().orElse(0),
                disturbed.stream().mapToInt(PerSecond::inFlight).max().orElse(0),
                peakThreads(from, until),
                peakRss(from, until),
                peakHeap(from, until),
                series.peakNotAccepted(from, until),
                Recovery.tally(during),
                Recovery.tally(after));
    }

    /**
     * The first and the last second from which the target stayed within the band for the hold, the last one only if
     * it then stayed there to {@code until}; -1 for none.
     */
    static int[] recovered(double[] good, long[] p99, int from, int until, double calmGood, long calmP99) {
        int first = -1;
        int last = -1;
        int streak = 0;
        for (int second = Math.max(0, from); second < Math.min(until, good.length); second++) {
            if (within(good, p99, second, calmGood, calmP99)) {
                streak++;
                if (streak == Thresholds.RECOVERY_HOLD_SECONDS) {
                    int start = second - streak + 1;
                    first = first < 0 ? start : first;
                    last = start;
                }
            } else {
                streak = 0;
                last = -1;
            }
        }
        return new int[] {first, last};
    }

    private static boolean within(double[] good, long[] p99, int second, double calmGood, long calmP99) {
        int from = Math.max(0, second - Thresholds.RECOVERY_SMOOTHING_SECONDS + 1);
        double averageGood = Arrays.stream(good, from, second + 1).average().orElse(0);
        double[] tail = Arrays.stream(p99, from, second + 1)
                .filter(v -> v >= 0)
                .asDoubleStream()
                .toArray();
        // At 50 req/s a 5 s average varies by chance more than the band allows: the floor widens to what chance gives.
        boolean enough = averageGood
                >= Verdicts.chanceFloor(
                        calmGood, Thresholds.RECOVERY_SMOOTHING_SECONDS, 100 - Thresholds.RECOVERY_BAND_PERCENT);
        boolean fast = tail.length > 0 && median(tail) <= calmP99 * Thresholds.RECOVERY_P99_RATIO;
        return enough && fast;
    }

    private static double smoothed(double[] good, int from, int to) {
        double lowest = Double.MAX_VALUE;
        for (int second = from; second < to; second++) {
            int start = Math.max(from, second - Thresholds.RECOVERY_SMOOTHING_SECONDS + 1);
            lowest = Math.min(
                    lowest, Arrays.stream(good, start, second + 1).average().orElse(0));
        }
        return lowest == Double.MAX_VALUE ? 0 : lowest;
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return 0;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private int clamp(int second) {
        return Math.max(0, Math.min(second, series.seconds().size()));
    }

    private OptionalInt peakThreads(int from, int until) {
        return series.resources().stream()
                .filter(r -> r.atSecond() >= from && r.atSecond() < until)
                .mapToInt(Series.ResourcePoint::threads)
                .max();
    }

    private OptionalDouble peakRss(int from, int until) {
        return series.resources().stream()
                .filter(r -> r.atSecond() >= from && r.atSecond() < until)
                .map(Series.ResourcePoint::rssMib)
                .filter(OptionalDouble::isPresent)
                .mapToDouble(OptionalDouble::getAsDouble)
                .max();
    }

    private OptionalDouble peakHeap(int from, int until) {
        return series.heapAfterGc().stream()
                .filter(h -> h.atSecond() >= from && h.atSecond() < until)
                .mapToDouble(Series.HeapPoint::mib)
                .max();
    }
}
