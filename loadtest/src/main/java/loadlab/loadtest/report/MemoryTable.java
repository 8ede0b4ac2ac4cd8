package loadlab.loadtest.report;

import java.util.List;
import loadlab.loadtest.measure.MemoryPerConnection;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;

/**
 * What each request in flight costs each target in memory, at every level of a sweep: the figures behind "how much
 * memory does each model need when 10,000 clients are connected".
 */
final class MemoryTable {

    private MemoryTable() {}

    /** The section, or nothing when no point has both live-memory readings. */
    static void append(StringBuilder md, ResultSet results) {
        List<Point> points = results.points().stream()
                .filter(p -> MemoryPerConnection.of(p).isPresent())
                .toList();
        if (points.isEmpty()) {
            return;
        }
        md.append("## Memory per 1,000 connections\n\n");
        MarkdownTable table = new MarkdownTable(
                "Target",
                "Users|r",
                "In flight|r",
                "RSS at rest → peak (MiB)|r",
                "RSS per 1,000 (MiB)|r",
                "Heap after full GC, rest → load (MiB)|r",
                "Heap per 1,000 (MiB)|r");
        for (Point point : points) {
            MemoryPerConnection m = MemoryPerConnection.of(point).orElseThrow();
            table.row(
                    Format.cell(point.target().name()),
                    Format.whole(point.load().concurrency()),
                    Format.whole(m.inFlight()),
                    Format.whole(m.restRssMib()) + " → " + Format.whole(m.peakRssMib()),
                    Format.tenths(m.rssMibPer1000()),
                    Format.whole(m.restHeapMib()) + " → " + Format.whole(m.loadedHeapMib()),
                    Format.tenths(m.heapMibPer1000()));
        }
        table.appendTo(md);
        md.append("Each figure under load minus the same process's at rest, just before its load, per 1,000 requests "
                + "in flight as the window ended (with delays of seconds, about one per user). RSS is the largest "
                + "`VmRSS` sampled in the window against the one at rest; heap is what a full collection "
                + "(`jcmd <pid> GC.run`) leaves in use, forced at rest and again as the window ended, under the full "
                + "load, so garbage counts in neither. The JVM keeps heap it once grew into, so RSS is a high-water "
                + "mark; the heap after a full collection is what the connections really hold. A pool model's "
                + "waiting requests sit in its server's accept queue and connection buffers rather than on a "
                + "thread, and cost what those cost.\n\n");
    }
}
