package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.HeapGrowth;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Recovery;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Timeline;

/**
 * The timeline's generated lines: per target, what the disturbance did to it, how it answered the backend's faults
 * (passed through as 502, timed out), whether it queued, and when it was itself again.
 */
final class TimelineReading {

    private TimelineReading() {}

    static List<String> lines(Plan plan, List<Point> rows) {
        List<String> lines = new ArrayList<>();
        for (Point row : rows) {
            if (row.outcome() instanceof Outcome.Failed failed) {
                lines.add(row.target().name() + " FAILED and has no numbers: " + Sections.failedText(failed) + ".");
                continue;
            }
            for (Timeline.Segment disturbance : plan.timeline().disturbances()) {
                TimelineReport.recovery(plan, row, disturbance).ifPresent(r -> lines.add(line(row, r)));
            }
            row.stats()
                    .flatMap(s -> HeapGrowth.of(row.series(), s.window()))
                    .filter(HeapGrowth::keepsGrowing)
                    .ifPresent(g -> lines.add(row.target().name() + "'s heap after GC kept growing: "
                            + Format.fineMs(g.mibPerMinute()) + " MiB a minute over the window, "
                            + Format.fineMs(g.secondHalfMibPerMinute()) + " over its second half."));
        }
        if (lines.isEmpty()) {
            lines.add("No target was measured, so there is nothing to read.");
        }
        return lines;
    }

    private static String line(Point row, Recovery r) {
        StringBuilder line = new StringBuilder(row.target().name())
                .append(" during ")
                .append(Format.cell(r.disturbance().label()))
                // A spike raises throughput rather than lowering it: the lowest is named as what it is.
                .append(": lowest good throughput ")
                .append(Format.rate(r.lowestGood()))
                .append(" req/s (calm ")
                .append(Format.rate(r.calmGood()))
                .append("), highest p99 ")
                .append(Format.ms(r.highestP99Ms()))
                .append(" ms (calm ")
                .append(Format.ms(r.calmP99Ms()))
                .append("), ")
                .append(r.peakInFlight())
                .append(" requests in flight at the most")
                .append(
                        row.target().threadLimit().isPresent()
                                ? " for its " + row.target().threadLimit().getAsInt() + " threads"
                                : "");
        String during = TimelineReport.phrase(r.errorsDuring());
        line.append(during.isEmpty() ? "; no errors" : "; it answered with " + during);
        faultHandling(r).ifPresent(text -> line.append(" (").append(text).append(')'));
        String after = TimelineReport.phrase(r.errorsAfter());
        if (!after.isEmpty()) {
            line.append(", and ").append(after).append(" after it");
        }
        line.append(". ").append(recovered(r)).append('.');
        return line.toString();
    }

    /** How the errors read: the backend's 5xx or reset passed on as 502s, or requests that waited past the timeout. */
    private static Optional<String> faultHandling(Recovery r) {
        int non2xx = r.errorsDuring().getOrDefault(ErrorClass.NON_2XX, 0);
        int timeouts = r.errorsDuring().getOrDefault(ErrorClass.TIMEOUT, 0);
        if (non2xx > 0 && timeouts == 0) {
            return Optional.of("the backend's failures passed on as errors, none waited past the timeout");
        }
        if (timeouts > 0 && non2xx == 0) {
            return Optional.of("requests waited past the timeout instead of failing");
        }
        if (timeouts > 0) {
            return Optional.of("some failures passed on, others waited past the timeout");
        }
        return Optional.empty();
    }

    private static String recovered(Recovery r) {
        if (r.recoveredAfter().isEmpty()) {
            return r.firstRecoveredAfter().isPresent()
                    ? "It was back after "
                            + Format.whole(r.firstRecoveredAfter().getAsDouble())
                            + " s, then fell out of the band again and had not recovered by the end"
                    : "It had not recovered by the end of what was watched";
        }
        return r.recoveredAfter().getAsDouble() == 0
                ? "It was itself again as soon as the disturbance ended"
                : "It was itself again " + Format.whole(r.recoveredAfter().getAsDouble()) + " s after the disturbance"
                        + " ended"
                        + (r.relapsed()
                                ? " (back once, after "
                                        + Format.whole(r.firstRecoveredAfter().getAsDouble()) + " s, before relapsing)"
                                : "");
    }
}
