package loadlab.loadtest.measure;

/**
 * What a target holds live, read by forcing a full collection ({@code jcmd <pid> GC.run}, then {@code GC.heap_info}):
 * once at rest just before its load, and once under load as its window ends, with every request of the load still in
 * flight. Garbage does not count in either, so the difference is what the requests in flight hold.
 *
 * @param restHeapMib   heap in use after a full collection at rest
 * @param restRssMib    the process's resident set size at rest, just after that collection
 * @param loadedHeapMib heap in use after a full collection at the window's end, under load
 */
public record LiveMemory(double restHeapMib, double restRssMib, double loadedHeapMib) {

    /** Its probe's place among a point's figures and in the data file. */
    public static final ProbeFigures.Key<LiveMemory> KEY = new ProbeFigures.Key<>("memory", LiveMemory.class);
}
