package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.EngineUsage;
import loadlab.loadtest.measure.Environment;
import loadlab.loadtest.measure.JfrFigures;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.Yardstick;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;

/** The summary's "Resource cost" section: what each target cost the machine over its window, and how that is read. */
final class ResourceTable {

    private ResourceTable() {}

    static void append(StringBuilder md, List<Point> rows, Plan plan, Environment e) {
        md.append("## Resource cost\n\n");
        // Data written before the CPU yardstick has no speed: its report keeps the columns it had.
        List<ResourceCost> costs = rows.stream().map(Point::cost).toList();
        boolean speedTimed = Figure.speedTimed(costs);
        // Only data with slow-server sampled beside an app has the cost in its units.
        boolean backendSampled = Figure.backendSampled(costs);
        List<String> header = new ArrayList<>(List.of("Target", "CPU (s)|r", "Idle cores|r", "JIT (s)|r"));
        header.add("CPU s / 1000 req|r");
        if (speedTimed) {
            header.addAll(List.of("Yardstick (ms)|r", Figure.NORMALISED_CPU.header() + "|r"));
        }
        if (backendSampled) {
            header.add(Figure.CPU_OVER_BACKEND.header() + "|r");
        }
        header.addAll(List.of(
                "Req/s per core|r",
                "Cores (avg)|r",
                "Peak RSS (MiB)|r",
                "Peak threads|r",
                "Heap after GC (MiB)|r",
                "GCs|r",
                "GC pause (ms)|r",
                "Pinned|r"));
        MarkdownTable table = new MarkdownTable(header);
        // Only a load sent from remote engines has their rows, and the column that tells them from the runner's.
        boolean engines = EngineRows.used(rows);
        List<String> generatorHeader = new ArrayList<>(List.of("Load generator during"));
        if (engines) {
            generatorHeader.add(EngineRows.COLUMN);
        }
        generatorHeader.addAll(List.of("Cores (avg)|r", "Peak threads|r", "Peak heap (MiB)|r", "Peak RSS (MiB)|r"));
        MarkdownTable generator = new MarkdownTable(generatorHeader);
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            if (row.outcome() instanceof Outcome.Failed) {
                table.failed(List.of(name), Sections.failedShort());
                generator.failed(List.of(name), Sections.failedShort());
            } else {
                table.row(cells(name, row.cost(), speedTimed, backendSampled));
                List<String> runner = new ArrayList<>(generatorCells(name, row.cost()));
                if (engines) {
                    runner.add(1, EngineRows.RUNNER);
                }
                generator.row(runner);
                for (EngineUsage engine : row.cost().engines()) {
                    List<String> cells = new ArrayList<>(List.of(name, Format.cell(engine.engine())));
                    cells.addAll(EngineRows.cells(engine));
                    generator.row(cells);
                }
            }
        }
        table.appendTo(md);
        int window = plan.phases().windowSeconds();
        md.append("Over the same ")
                .append(window)
                .append(" s window: CPU is the change in the process's user + system time (`/proc/<pid>/stat`, "
                        + "sampled every second, so each edge is within a second) and cores = CPU / ")
                .append(window)
                .append(" s. CPU s / 1000 req is what the requests cost: CPU minus the process's idle CPU × ")
                .append(window)
                .append(" s minus JIT (s), per 1000 requests, where idle cores are measured over ")
                .append(Phases.IDLE_SPAN.toSeconds())
                .append(" s with no load just before, the JIT compiler threads left out, and JIT (s) is what the JIT "
                        + "compiler threads used inside the window (compiling is paid once, not per request; near 0 "
                        + "once the warm-up has let the JIT settle). Req/s per core is its inverse, 1000 / CPU s per "
                        + "1000 req: how many requests a second one core serves in this model, the figure that "
                        + "separates the models when the app's CPU, not the backend, is the limit. "
                        + "Peak RSS and peak threads are the largest per-second samples of `VmRSS` and of OS threads, "
                        + "i.e. platform threads (virtual threads are not OS threads; the JVM's own GC, JIT and JFR "
                        + "threads count); GCs, their pauses, heap in use after the last GC and virtual-thread pinnings "
                        + "(`jdk.VirtualThreadPinned`, threshold 0 ms) come from a JFR recording with default settings "
                        + "that every JVM runs alike; direct's row is slow-server itself.\n\n");
        if (speedTimed) {
            Yardstick yardstick = rows.stream()
                    .flatMap(row -> row.cost().speed().stream())
                    .findFirst()
                    .orElseThrow()
                    .yardstick();
            double reference = yardstick.referenceMs();
            md.append("The machine's speed is taken out of the normalised CPU s / 1000 req: a fixed piece of work ("
                            + yardstick.description()
                            + ") is timed four times a second on the target's own CPUs during its load, and Yardstick "
                            + "(ms) is the median CPU time it took inside the window; normalised = CPU s / 1000 req × ")
                    .append(Format.hundredths(reference))
                    .append(" ms / Yardstick, i.e. what the requests would have cost on a CPU on which the work takes ")
                    .append(Format.hundredths(reference))
                    .append(" ms. On a virtual machine the same work takes more or less CPU time from one minute to "
                            + "the next, and every CPU figure moves with it; the normalised figure takes out what the "
                            + "yardstick sees of that, the raw one is what this machine spent.\n\n");
        }
        if (backendSampled) {
            // Data written before slow-server's idle CPU was taken off behind an app has its whole CPU there.
            boolean backendIdleOff = costs.stream()
                    .flatMap(cost -> cost.backend().stream())
                    .allMatch(backend -> backend.idleCores().isPresent());
            md.append("CPU / slow-server's is an app's CPU s / 1000 req over slow-server's over the same window (the "
                            + "backend's ")
                    .append(
                            backendIdleOff
                                    ? "CPU less its idle CPU, measured as for direct's row over the app's quiet span"
                                    : "whole CPU")
                    .append(", per 1000 of the app's requests): how many of the backend's requests one of the "
                            + "app's costs. slow-server does the same work for each of an app's requests in every "
                            + "run, on the other core at the same time, so much of what the host's other work does to "
                            + "the CPU time of both in that window cancels out in the ratio, which moves less from "
                            + "run to run than either. It compares an app with itself from run to run, and apps that "
                            + "serve the same rate with each other: behind an app that serves fewer requests a "
                            + "second, fewer requests share slow-server's wake-ups")
                    .append(backendIdleOff ? "" : " and its idle CPU")
                    .append(", so slow-server's CPU per request is higher and the app's ratio lower for it. direct is "
                            + "slow-server itself (n/a).\n\n");
        }
        if (!e.remoteTargets().isEmpty()) {
            md.append("A target the lab did not start (see Environment) has no `/proc` or recording here. With a "
                    + "management port, its figures are read from its Actuator (Micrometer) every second: CPU is "
                    + "`process.cpu.time`, threads are `jvm.threads.live` (the JVM's live threads; its own GC and JIT "
                    + "threads are not among them), JIT (s) is `jvm.compilation.time` (time spent compiling, standing "
                    + "in for the compiler threads' CPU), and GCs and their pauses are the change in `jvm.gc.pause` "
                    + "over the window (stop-the-world pauses only, no concurrent cycles); its RSS, heap after GC and "
                    + "pinnings are not read (n/a). Without a management port it has no figures. Its CPU is judged "
                    + "against its own host's cores, `system.cpu.count` read once from the same Actuator (the processors "
                    + "its JVM may use there), and a ceiling set by CPU work counts them too; where that count could not be read, "
                    + "against the cores an app started here may use, as the environment says.\n\n");
        }
        md.append("The load generator (JMeter, one platform thread per user) over each target's window, out of ")
                .append(e.cores())
                .append(" cores and ")
                .append(e.loadGeneratorJvm())
                .append(":\n\n");
        generator.appendTo(md);
        if (engines) {
            md.append(EngineRows.explanation());
        }
    }

    private static List<String> cells(String name, ResourceCost cost, boolean speedTimed, boolean backendSampled) {
        Optional<ResourceUsage> process = cost.process();
        Optional<JfrFigures> jfr = cost.jfr();
        String na = Format.NOT_AVAILABLE;
        List<String> cells = new ArrayList<>(List.of(
                name,
                process.map(p -> Format.tenths(p.cpuSeconds())).orElse(na),
                process.flatMap(p -> SummaryReport.boxed(p.idleCores()))
                        .map(Format::thousandths)
                        .orElse(na),
                process.flatMap(p -> SummaryReport.boxed(p.jitCpuSeconds()))
                        .map(Format::tenths)
                        .orElse(na),
                process.flatMap(p -> SummaryReport.boxed(p.cpuSecondsPer1000Requests()))
                        .map(Format::hundredths)
                        .orElse(na)));
        if (speedTimed) {
            cells.add(cost.speed()
                    .map(speed -> Format.hundredths(speed.kernelMs()))
                    .orElse(na));
            cells.add(SummaryReport.boxed(cost.normalisedCpuPer1000Requests())
                    .map(Format::hundredths)
                    .orElse(na));
        }
        if (backendSampled) {
            cells.add(SummaryReport.boxed(cost.cpuOverBackend())
                    .map(Format::hundredths)
                    .orElse(na));
        }
        cells.addAll(List.of(
                process.flatMap(p -> SummaryReport.boxed(p.cpuSecondsPer1000Requests()))
                        .filter(cpu -> cpu > 0)
                        .map(cpu -> Format.whole(1000 / cpu))
                        .orElse(na),
                process.map(p -> Format.hundredths(p.averageCores())).orElse(na),
                process.flatMap(p -> SummaryReport.boxed(p.peakRssMib()))
                        .map(Format::whole)
                        .orElse(na),
                process.map(p -> Integer.toString(p.peakThreads())).orElse(na),
                jfr.flatMap(j -> SummaryReport.boxed(j.heapUsedAfterGcMib()))
                        .map(Format::whole)
                        .orElse(na),
                jfr.map(j -> Integer.toString(j.gcCount())).orElse(na),
                jfr.map(j -> Format.fineMs(j.gcPauseMs())).orElse(na),
                jfr.filter(j -> j.pinnedEvents().isPresent())
                        .map(j -> Integer.toString(j.pinnedEvents().getAsInt()))
                        .orElse(na)));
        return cells;
    }

    private static List<String> generatorCells(String name, ResourceCost cost) {
        Optional<ResourceUsage> generator = cost.loadGenerator();
        String na = Format.NOT_AVAILABLE;
        return List.of(
                name,
                generator.map(g -> Format.hundredths(g.averageCores())).orElse(na),
                generator.map(g -> Integer.toString(g.peakThreads())).orElse(na),
                generator
                        .flatMap(g -> SummaryReport.boxed(g.peakHeapMib()))
                        .map(Format::whole)
                        .orElse(na),
                generator
                        .flatMap(g -> SummaryReport.boxed(g.peakRssMib()))
                        .map(Format::whole)
                        .orElse(na));
    }
}
