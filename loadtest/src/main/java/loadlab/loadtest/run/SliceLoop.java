package loadlab.loadtest.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loadlab.loadtest.measure.SliceFigures;
import loadlab.loadtest.plan.SliceSchedule;
import loadlab.loadtest.plan.Target;

/**
 * The load moving between targets that are all up, slice after slice as the {@link SliceSchedule} orders them. The
 * schedule is laid from the loop's start; each slice is re-anchored where the switch actually happened, lengths kept,
 * so that a late switch shortens no slice's settle and never lets one slice's span overlap the next. A target lost in
 * one of its slices (it died, its load failed) gets no more slices; the others go on.
 */
final class SliceLoop {

    /** Time as the loop reads it: the wall clock in a run, a fake one in a test. */
    interface Clock {
        long nowMillis();
    }

    /** One target's turn with the load, for the whole slice; returns once the slice has ended. */
    interface Turn {
        SliceFigures run(SliceSchedule.Slice slice) throws Lost;
    }

    /** The target of a slice can take no more load, and why. */
    static final class Lost extends Exception {
        Lost(String reason) {
            super(reason);
        }
    }

    /**
     * @param slices the measured slices, in the order the load visited them
     * @param lost   the targets lost on the way, with why
     */
    record Result(List<SliceFigures> slices, Map<Target, String> lost) {}

    private SliceLoop() {}

    static Result run(SliceSchedule schedule, Clock clock, Turn turn) {
        List<SliceFigures> measured = new ArrayList<>();
        Map<Target, String> lost = new LinkedHashMap<>();
        for (SliceSchedule.Slice planned : schedule.slices(clock.nowMillis())) {
            if (lost.containsKey(planned.target())) {
                continue;
            }
            SliceSchedule.Slice slice = planned.startingAt(clock.nowMillis());
            try {
                measured.add(turn.run(slice));
            } catch (Lost e) {
                lost.put(slice.target(), e.getMessage());
            }
        }
        return new Result(List.copyOf(measured), Map.copyOf(lost));
    }
}
