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
     * @param inFlight requests in flight as the window ended ({@link #inFlightAtEnd})
     */
    public static double per1000(double addedMib, int inFlight) {
        if (inFlight <= 0) {
            throw new IllegalArgumentException("inFlight=" + inFlight + " must be more than 0");
        }
        return addedMib * 1000 / inFlight;
    }

    /**
     * The requests a point had in flight as its window ended, measured from its samples (the same count as
     * {@link MemoryPerConnection}'s): not the users of a closed loop, which counts a user between two requests too.
     * Empty when it had none, or no window.
     */
    public static OptionalDouble inFlightAtEnd(Point point) {
        if (point.stats().isEmpty()) {
            return OptionalDouble.empty();
        }
        int inFlight = MemoryPerConnection.inFlightAtEnd(
                point.series(), point.stats().get().window());
        return inFlight > 0 ? OptionalDouble.of(inFlight) : OptionalDouble.empty();
    }
}
