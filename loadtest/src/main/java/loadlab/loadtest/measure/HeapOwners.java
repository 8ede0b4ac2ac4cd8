package loadlab.loadtest.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A target's live heap by owner ({@link HeapByOwner}), from two class histograms ({@code jcmd <pid>
 * GC.class_histogram}, each forcing a full collection): one at rest just before its load, one as its window ends while
 * every request of the load is still waiting. Both are outside the window, so neither collection is in the window's
 * figures. What an owner holds at load minus what it held at rest is what the requests in flight made it hold.
 *
 * @param owners                  every owner that held anything in either histogram, in {@link Owner}'s order
 * @param restMib                 the histogram's total at rest
 * @param loadedMib               the histogram's total as the window ended
 * @param loadedSecondsAfterWindow how long after the window's end the histogram under load was in: one that took longer
 *                                 than the load's tail may have seen requests leave
 */
public record HeapOwners(List<OwnerHeap> owners, double restMib, double loadedMib, double loadedSecondsAfterWindow) {

    /** Its probe's place among a point's figures and in the data file. */
    public static final ProbeFigures.Key<HeapOwners> KEY = new ProbeFigures.Key<>("heapOwners", HeapOwners.class);

    /** One owner's live heap, at rest and at load. */
    public record OwnerHeap(Owner owner, double restMib, double loadedMib) {

        /** What it held at load beyond what it held at rest, MiB; negative when it held less. */
        public double addedMib() {
            return loadedMib - restMib;
        }
    }

    public HeapOwners {
        owners = List.copyOf(owners);
    }

    private static final double MIB = 1024.0 * 1024;

    /** The owners of both histograms side by side. */
    public static HeapOwners of(HeapByOwner rest, HeapByOwner loaded, double loadedSecondsAfterWindow) {
        List<OwnerHeap> owners = new ArrayList<>();
        for (Owner owner : Owner.values()) {
            long atRest = rest.bytes(owner);
            long atLoad = loaded.bytes(owner);
            if (atRest > 0 || atLoad > 0) {
                owners.add(new OwnerHeap(owner, atRest / MIB, atLoad / MIB));
            }
        }
        return new HeapOwners(owners, rest.totalBytes() / MIB, loaded.totalBytes() / MIB, loadedSecondsAfterWindow);
    }

    /** The owner's row; empty when it held nothing. */
    public Optional<OwnerHeap> owner(Owner owner) {
        return owners.stream().filter(row -> row.owner() == owner).findFirst();
    }

    /** The owner's share of the heap at load, 0 to 1. */
    public double loadedShare(Owner owner) {
        return loadedMib <= 0 ? 0 : owner(owner).map(OwnerHeap::loadedMib).orElse(0.0) / loadedMib;
    }

    /**
     * What the owner held at load beyond rest per 1,000 requests in flight, MiB.
     *
     * @param inFlight requests in flight when the histogram was taken ({@link #inFlightAtHistogram})
     */
    public static double per1000(double addedMib, int inFlight) {
        if (inFlight <= 0) {
            throw new IllegalArgumentException("inFlight=" + inFlight + " must be more than 0");
        }
        return addedMib * 1000 / inFlight;
    }

    /**
     * The requests a point had in flight when this histogram under load was taken: at the end of the last whole second
     * before it was in, counted from the point's samples as {@link MemoryPerConnection}'s are (not the users of a
     * closed loop, which would count a user between two requests too). On a busy host the histogram can come in after
     * the load's tail, when requests have begun to leave: this count says how many were still there. Empty when none
     * were, or the point has no window or no such second.
     */
    public OptionalDouble inFlightAtHistogram(Point point) {
        if (point.stats().isEmpty()) {
            return OptionalDouble.empty();
        }
        Series series = point.series();
        long at = point.stats().get().window().endMillis() + Math.round(loadedSecondsAfterWindow * 1000);
        int second = (int) Math.floor(series.secondOf(at)) - 1;
        if (second < 0 || second >= series.seconds().size()) {
            return OptionalDouble.empty();
        }
        int inFlight = series.seconds().get(second).inFlight();
        return inFlight > 0 ? OptionalDouble.of(inFlight) : OptionalDouble.empty();
    }
}
