package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.ConnectionFigures;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.plan.Target;

/**
 * Where the summary picks the columns of the probes' figures: one entry per column, in the order they are shown. A
 * column shows when its probe gave figures for any target; a report of data without them stays as it was. The first
 * three probes (live memory, the pool, the CPU's speed) have sections of their own.
 */
final class ProbeColumns {

    /** Every column of a probe's figures that a report shows: add one entry per figure of a new probe. */
    static final List<ProbeColumn<?>> ALL = List.of(new ProbeColumn<>(
            ConnectionFigures.KEY,
            "Client connections opened",
            figures -> OptionalDouble.of(figures.opened()),
            Format::whole));

    private ProbeColumns() {}

    /**
     * The "Probes" section of {@code templates/loadtest/probes.md}: a row per target, a cell per column.
     *
     * @param dashes one per column, for a failed row
     */
    record View(List<String> headers, List<Tables.Row<Figures>> rows, List<String> dashes) {}

    /** A target's figures, one per column, each over its runs as every cell of the summary is. */
    record Figures(List<String> values) {}

    /** The section, or none when no column's probe gave figures for these targets. */
    static Optional<View> view(Map<Target, List<Point>> byTarget, List<ProbeColumn<?>> columns) {
        List<ProbeColumn<?>> shown = columns.stream()
                .filter(column ->
                        byTarget.values().stream().flatMap(List::stream).anyMatch(point -> column.has(point.cost())))
                .toList();
        if (shown.isEmpty()) {
            return Optional.empty();
        }
        List<Tables.Row<Figures>> rows = new ArrayList<>();
        byTarget.forEach((target, runs) -> rows.add(Tables.row(
                target,
                "",
                runs,
                measured -> new Figures(shown.stream()
                        .map(column -> Cells.of(measured, point -> column.of(point.cost()), column.format()))
                        .toList()))));
        return Optional.of(new View(
                shown.stream().map(ProbeColumn::header).toList(), rows, Collections.nCopies(shown.size() - 1, "—")));
    }
}
