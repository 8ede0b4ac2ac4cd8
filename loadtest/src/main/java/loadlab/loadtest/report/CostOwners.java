package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.BiFunction;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResultSet;
import loadlab.reporting.Markdown;

/**
 * The "Where the cost goes" section of {@code templates/loadtest/cost-owners.md}: a target's live heap and its CPU by
 * owner ({@link HeapOwners}, {@link CpuOwners}), one column per target, its representative run's. A report of data
 * without these figures has no such section.
 */
final class CostOwners {

    private CostOwners() {}

    /** @param heap empty when no target has a heap by owner; likewise {@code cpu} */
    record View(Optional<Table> heap, Optional<Table> cpu) {}

    /**
     * @param targets one header per target with figures
     * @param rows    one per owner that any target has, in {@link Owner}'s order
     * @param notes   one per target: what its figures stand on ({@link HeapNote}, {@link CpuNote})
     */
    record Table(List<String> targets, List<Row> rows, List<? extends Record> notes) {

        String dashes() {
            return "--:|".repeat(targets.size());
        }
    }

    record Row(String owner, List<String> cells) {}

    static Optional<View> of(ResultSet results) {
        List<Point> points = results.representatives().stream()
                .filter(point -> point.stats().isPresent())
                .toList();
        Optional<Table> heap = table(
                points,
                HeapOwners.KEY,
                (figures, owner) -> figures.owner(owner).isPresent(),
                CostOwners::heapCell,
                CostOwners::heapNote);
        Optional<Table> cpu = table(
                points,
                CpuOwners.KEY,
                (figures, owner) -> figures.owner(owner).isPresent(),
                (point, figures, owner) -> Format.percent(100 * figures.share(owner)),
                CostOwners::cpuNote);
        return heap.isEmpty() && cpu.isEmpty() ? Optional.empty() : Optional.of(new View(heap, cpu));
    }

    @FunctionalInterface
    private interface Cell<F> {
        String of(Point point, F figures, Owner owner);
    }

    @FunctionalInterface
    private interface Note<F> {
        Record of(Point point, F figures);
    }

    /** @param inFlight empty when the requests in flight were not counted */
    record HeapNote(String target, String restMib, String loadedMib, Optional<String> inFlight, String lateSeconds) {}

    /** @param cutShort empty when no stack was cut short before it named an owner */
    record CpuNote(String target, String samples, String event, String cpuSeconds, Optional<String> cutShort) {}

    private static <F extends Record> Optional<Table> table(
            List<Point> points,
            ProbeFigures.Key<F> key,
            BiFunction<F, Owner, Boolean> has,
            Cell<F> cell,
            Note<F> note) {
        List<Point> with = points.stream()
                .filter(point -> point.cost().probes().get(key).isPresent())
                .toList();
        if (with.isEmpty()) {
            return Optional.empty();
        }
        Set<Owner> owners = EnumSet.noneOf(Owner.class);
        for (Point point : with) {
            F figures = point.cost().probes().get(key).orElseThrow();
            for (Owner owner : Owner.values()) {
                if (has.apply(figures, owner)) {
                    owners.add(owner);
                }
            }
        }
        List<Row> rows = new ArrayList<>();
        for (Owner owner : owners) {
            rows.add(new Row(
                    Markdown.cell(owner.label()),
                    with.stream()
                            .map(point -> cell.of(
                                    point, point.cost().probes().get(key).orElseThrow(), owner))
                            .toList()));
        }
        return Optional.of(new Table(
                with.stream().map(point -> Markdown.cell(point.target().name())).toList(),
                rows,
                with.stream()
                        .map(point ->
                                note.of(point, point.cost().probes().get(key).orElseThrow()))
                        .toList()));
    }

    /** MiB under load, and what the owner added per 1,000 requests in flight when they were counted. */
    private static String heapCell(Point point, HeapOwners heap, Owner owner) {
        Optional<HeapOwners.OwnerHeap> row = heap.owner(owner);
        if (row.isEmpty()) {
            return "—";
        }
        OptionalDouble inFlight = heap.inFlightAtHistogram(point);
        String loaded = Format.tenths(row.get().loadedMib());
        return inFlight.isEmpty()
                ? loaded
                : loaded + " ("
                        + Format.signedTenths(HeapOwners.per1000(row.get().addedMib(), (int) inFlight.getAsDouble()))
                        + ")";
    }

    private static CpuNote cpuNote(Point point, CpuOwners cpu) {
        return new CpuNote(
                Markdown.cell(point.target().name()),
                String.format(Locale.ROOT, "%,d", cpu.samples()),
                String.valueOf(cpu.event()),
                Format.tenths(cpu.cpuSeconds()),
                cpu.cutShortSamples() > 0 ? Optional.of(String.valueOf(cpu.cutShortSamples())) : Optional.empty());
    }

    private static HeapNote heapNote(Point point, HeapOwners heap) {
        return new HeapNote(
                Markdown.cell(point.target().name()),
                Format.tenths(heap.restMib()),
                Format.tenths(heap.loadedMib()),
                heap.inFlightAtHistogram(point).stream().mapToObj(Format::whole).findFirst(),
                Format.tenths(heap.loadedSecondsAfterWindow()));
    }
}
