package loadlab.loadtest.measure;

import java.util.List;
import java.util.OptionalInt;
import loadlab.loadtest.plan.Timeline;

/**
 * The queue a disturbance built under open arrivals, which keep coming whatever the target does, and what it cost:
 * when the requests in flight were back at their calm level, and how many requests the target lost to the response
 * timeout on the way. A closed loop builds no such backlog (its users wait), so this is an open timeline's figure.
 * Computed from the per-second series alone, as {@link Recovery} is.
 *
 * @param calmInFlight   the most requests in flight at a second's end in the calm stretch before: the calm level,
 *     which random arrivals reach by chance
 * @param peakInFlight   the most in flight from the disturbance's start to the end of what was watched
 * @param drainedAfter   seconds from the disturbance's end until in flight was at or below the calm level for
 *     {@link Thresholds#RECOVERY_HOLD_SECONDS} seconds in a row (0 when it already was); empty when it never was,
 *     and when the calm stretch already lost requests to the timeout: a target over its capacity before the
 *     disturbance has no calm level to drain back to (its in flight sits at the generator's bound, and being "back"
 *     there would read as draining at once)
 * @param lostToTimeouts requests that completed as timeouts from the disturbance's start to the end of what was watched
 */
public record Backlog(int calmInFlight, int peakInFlight, OptionalInt drainedAfter, int lostToTimeouts) {

    /**
     * The backlog of one disturbance of a timeline, watched to the next disturbance or the timeline's end.
     *
     * @param windowStartMillis where the timeline starts: the start of the point's window
     */
    public static Backlog of(
            Series series,
            long windowStartMillis,
            Timeline timeline,
            Timeline.Segment calm,
            Timeline.Segment disturbance) {
        List<PerSecond> seconds = series.seconds();
        int offset = (int) Math.round(series.secondOf(windowStartMillis));
        long watchedUntil = timeline.segments().stream()
                .filter(s -> s.disturbed() && s.start().compareTo(disturbance.end()) >= 0)
                .findFirst()
                .map(next -> next.start().toSeconds())
                .orElse(timeline.total().toSeconds());
        int calmFrom = clamp(offset + (int) calm.start().toSeconds(), seconds);
        int calmTo = clamp(offset + (int) calm.end().toSeconds(), seconds);
        int from = clamp(offset + (int) disturbance.start().toSeconds(), seconds);
        int end = clamp(offset + (int) disturbance.end().toSeconds(), seconds);
        int until = clamp(offset + (int) watchedUntil, seconds);
        int calmLevel = seconds.subList(calmFrom, calmTo).stream()
                .mapToInt(PerSecond::inFlight)
                .max()
                .orElse(0);
        int peak = seconds.subList(from, until).stream()
                .mapToInt(PerSecond::inFlight)
                .max()
                .orElse(0);
        int lost = seconds.subList(from, until).stream()
                .mapToInt(s -> s.timeouts())
                .sum();
        boolean overloadedBefore = seconds.subList(calmFrom, calmTo).stream().anyMatch(s -> s.timeouts() > 0);
        OptionalInt drained = OptionalInt.empty();
        int held = 0;
        for (int second = end; second < until && !overloadedBefore; second++) {
            held = seconds.get(second).inFlight() <= calmLevel ? held + 1 : 0;
            if (held == Thresholds.RECOVERY_HOLD_SECONDS) {
                drained = OptionalInt.of(second + 1 - held - end);
                break;
            }
        }
        return new Backlog(calmLevel, peak, drained, lost);
    }

    private static int clamp(int second, List<PerSecond> seconds) {
        return Math.max(0, Math.min(second, seconds.size()));
    }
}
