package loadlab.loadtest.report;

import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.plan.Plan;

/** The summary's "Resource cost" section: what each target cost the machine over its window, and how that is read. */
final class ResourceTable {

    private ResourceTable() {}

    static void append(StringBuilder md, List<Point> rows, Plan plan, Environment e) {
        md.append("## Resource cost\n\n");
        MarkdownTable table = new MarkdownTable(
                "Target",
                "CPU (s)|r",
                "CPU s / 1000 req|r",
                "Cores (avg)|r",
                "Peak RSS (MiB)|r",
                "Peak threads|r",
                "Heap after GC (MiB)|r",
                "GCs|r",
                "GC pause (ms)|r",
                "Pinned|r",
                "Load gen cores|r");
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            if (row.outcome() instanceof Outcome.Failed) {
                table.failed(List.of(name), Sections.failedShort());
            } else {
                table.row(cells(name, row.cost()));
            }
        }
        table.appendTo(md);
        int window = plan.phases().windowSeconds();
        md.append("Over the same ")
                .append(window)
                .append(" s window: CPU is the change in the process's user + system time (`/proc/<pid>/stat`, "
                        + "sampled every second, so each edge is within a second) and cores = CPU / ")
                .append(window)
                .append(" s; peak RSS and peak threads are the largest per-second samples of `VmRSS` and of OS "
                        + "threads, i.e. platform threads (virtual threads are not OS threads; the JVM's own GC, JIT "
                        + "and JFR threads count); GCs, their pauses, heap in use after the last GC and virtual-thread "
                        + "pinnings (`jdk.VirtualThreadPinned`, threshold 0 ms) come from a JFR recording with default "
                        + "settings that every JVM runs alike; direct's row is slow-server itself; load gen cores is the "
                        + "load generator's own CPU / window, out of ")
                .append(e.cores())
                .append(" cores.\n\n");
    }

    private static List<String> cells(String name, ResourceCost cost) {
        Optional<ResourceUsage> process = cost.process();
        Optional<JfrFigures> jfr = cost.jfr();
        String na = Format.NOT_AVAILABLE;
        return List.of(
                name,
                process.map(p -> Format.tenths(p.cpuSeconds())).orElse(na),
                process.flatMap(p -> SummaryReport.boxed(p.cpuSecondsPer1000Requests()))
                        .map(Format::hundredths)
                        .orElse(na),
                process.map(p -> Format.hundredths(p.averageCores())).orElse(na),
                process.map(p -> Format.whole(p.peakRssMib())).orElse(na),
                process.map(p -> Integer.toString(p.peakThreads())).orElse(na),
                jfr.flatMap(j -> SummaryReport.boxed(j.heapUsedAfterGcMib()))
                        .map(Format::whole)
                        .orElse(na),
                jfr.map(j -> Integer.toString(j.gcCount())).orElse(na),
                jfr.map(j -> Format.fineMs(j.gcPauseMs())).orElse(na),
                jfr.filter(j -> j.pinnedEvents().isPresent())
                        .map(j -> Integer.toString(j.pinnedEvents().getAsInt()))
                        .orElse(na),
                cost.loadGenerator()
                        .map(g -> Format.hundredths(g.averageCores()))
                        .orElse(na));
    }
}
