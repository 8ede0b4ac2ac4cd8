package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import loadlab.loadtest.plan.Timeline;

/**
 * How one target went through one disturbance of a timeline, and how long it took to be itself again: its good
 * throughput and p99 per second against what they were in the calm stretch before, what it lost during and after,
 * and the peaks it reached. Computed from the point's per-second series alone, so a report can rebuild it.
 *
 * @param calmGood          good throughput per second in the calm stretch before, its median
 * @param calmP99Ms         p99 in the calm stretch before, the median of its seconds
 * @param recoveredAfter    seconds from the disturbance's end until the target was back within the band and stayed
 *     there to the end of what was watched; empty when it never was
 * @param firstRecoveredAfter seconds until it was first back within the band for {@link Thresholds#RECOVERY_HOLD}
 * @param lowestGood        the least good throughput of a (smoothed) second during the disturbance
 * @param highestP99Ms      the highest p99 of a second during the disturbance and the recovery
 * @param peakInFlight      the most requests in flight at a second's end, during the disturbance and the recovery
 * @param peakNotAccepted   the most connections waiting in the target's accept queue at a reading, during the
 *     disturbance and the recovery; empty when the queue was not read
 * @param errorsDuring      errors by class that completed during the disturbance
 * @param errorsAfter       errors by class that completed after it, to the end of what was watched
 */
public record Recovery(
        Timeline.Segment disturbance,
        double calmGood,
        long calmP99Ms,
        OptionalDouble recoveredAfter,
        OptionalDouble firstRecoveredAfter,
        double lowestGood,
        long highestP99Ms,
        int peakInFlight,
        OptionalInt peakThreads,
        OptionalDouble peakRssMib,
        OptionalDouble peakHeapAfterGcMib,
        OptionalInt peakNotAccepted,
        Map<ErrorClass, Integer> errorsDuring,
        Map<ErrorClass, Integer> errorsAfter) {

    /** Whether it was back within the band once, left it, and came back only later (or never). */
    public boolean relapsed() {
        return firstRecoveredAfter.isPresent()
                && (recoveredAfter.isEmpty() || recoveredAfter.getAsDouble() != firstRecoveredAfter.getAsDouble());
    }

    /**
     * Every disturbance of the timeline, as the target went through it.
     *
     * @param windowStartMillis where the timeline starts: the start of the point's window
     */
    public static List<Recovery> of(Series series, long windowStartMillis, Timeline timeline) {
        List<Recovery> recoveries = new ArrayList<>();
        List<Timeline.Segment> segments = timeline.segments();
        int offset = (int) Math.round(series.secondOf(windowStartMillis));
        for (int i = 0; i < segments.size(); i++) {
            Timeline.Segment disturbance = segments.get(i);
            if (!disturbance.disturbed() || i == 0 || segments.get(i - 1).disturbed()) {
                continue;
            }
            Timeline.Segment calm = segments.get(i - 1);
            // Watched until the next disturbance starts, or the timeline ends.
            long watchedUntil = segments.stream()
                    .skip(i + 1)
                    .filter(Timeline.Segment::disturbed)
                    .findFirst()
                    .map(next -> next.start().toSeconds())
                    .orElse(timeline.total().toSeconds());
            recoveries.add(Watch.of(series, offset, calm, disturbance, (int) watchedUntil)
                    .recovery());
        }
        return recoveries;
    }

    /** Every class present, zeros included, in enum order. */
    static Map<ErrorClass, Integer> tally(List<PerSecond> seconds) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(PerSecond.noErrors());
        seconds.forEach(s -> s.errorsByClass().forEach((c, n) -> byClass.merge(c, n, Integer::sum)));
        return Collections.unmodifiableMap(byClass);
    }
}
