package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;

/**
 * Where the summary picks the columns of the probes' figures: one entry per column, in the order they are shown. A
 * column shows when its probe gave figures for any target; a report of data without them stays as it was. The first
 * three probes (live memory, the pool, the CPU's speed) have sections of their own.
 */
final class ProbeColumns {

    /** Every column of a probe's figures that a report shows: add one entry per figure of a new probe. */
    static final List<ProbeColumn<?>> ALL = List.of();

    private ProbeColumns() {}

    /** The section, or nothing when no column's probe gave figures for these rows. */
    static void append(StringBuilder md, List<Point> rows, List<ProbeColumn<?>> columns) {
        List<ProbeColumn<?>> shown = columns.stream()
                .filter(column -> rows.stream().anyMatch(row -> column.has(row.cost())))
                .toList();
        if (shown.isEmpty()) {
            return;
        }
        md.append("## Probes\n\n");
        List<String> header = new ArrayList<>(List.of("Target"));
        shown.forEach(column -> header.add(column.header() + "|r"));
        MarkdownTable table = new MarkdownTable(header);
        for (Point row : rows) {
            String name = Format.cell(row.target().name());
            if (row.outcome() instanceof Outcome.Failed) {
                table.failed(List.of(name), Sections.failedShort());
            } else {
                List<String> cells = new ArrayList<>(List.of(name));
                shown.forEach(column -> cells.add(column.cell(row.cost())));
                table.row(cells);
            }
        }
        table.appendTo(md);
        md.append("Each column is a figure of a probe the runner plugs into every load (`run/Probes`), over the same "
                + "window as the figures above; n/a where the probe did not apply to the target.\n\n");
    }
}
