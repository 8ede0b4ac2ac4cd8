package loadlab.loadtest.measure;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * The requests of a load that completed before its window, in the ramp-up and warm-up: in no figure of the window,
 * yet what the first users of a freshly started service get. Counted in whole seconds of the load's {@link Series}, so
 * the second in which the window begins is left out (the window counts its part of it).
 *
 * @param requests         requests that completed before the window, errors included
 * @param errors           of those, how many were errors
 * @param errorsByClass    the errors by class, every class present
 * @param firstErrorSecond the first second of the load (since its start) in which an error completed; -1 when none
 * @param lastErrorSecond  the last such second; -1 when none
 */
public record BeforeWindow(
        int requests, int errors, Map<ErrorClass, Integer> errorsByClass, int firstErrorSecond, int lastErrorSecond) {

    /** @return empty for a point with no window or no series (a failed load, a data file from before series) */
    public static Optional<BeforeWindow> of(Point point) {
        Series series = point.series();
        if (point.stats().isEmpty() || series.seconds().isEmpty()) {
            return Optional.empty();
        }
        long windowStart = point.stats().orElseThrow().window().startMillis();
        int requests = 0;
        int errors = 0;
        int first = -1;
        int last = -1;
        Map<ErrorClass, Integer> byClass = new EnumMap<>(PerSecond.noErrors());
        for (PerSecond second : series.seconds()) {
            if (series.runStartMillis() + (second.offsetSecond() + 1) * 1000L > windowStart) {
                break;
            }
            requests += second.completed();
            errors += second.errors();
            second.errorsByClass().forEach((errorClass, count) -> byClass.merge(errorClass, count, Integer::sum));
            if (second.errors() > 0) {
                first = first < 0 ? second.offsetSecond() : first;
                last = second.offsetSecond();
            }
        }
        return Optional.of(new BeforeWindow(requests, errors, Collections.unmodifiableMap(byClass), first, last));
    }
}
