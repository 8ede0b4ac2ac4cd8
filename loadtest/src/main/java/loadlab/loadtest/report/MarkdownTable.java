package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A Markdown table that knows its width: a row is its cells, and a failed row is its leading cells and the failure,
 * padded with dashes to the width, so no report counts columns by hand.
 */
final class MarkdownTable {

    static final String DASH = "—";

    private final List<String> header;
    private final List<Boolean> numeric;
    private final List<String> rows = new ArrayList<>();

    /** @param columns each column's header; a header ending in {@code |r} is right-aligned (numbers) */
    MarkdownTable(String... columns) {
        this(List.of(columns));
    }

    MarkdownTable(List<String> columns) {
        header = columns.stream()
                .map(c -> c.endsWith("|r") ? c.substring(0, c.length() - 2) : c)
                .toList();
        numeric = columns.stream().map(c -> c.endsWith("|r")).toList();
    }

    MarkdownTable row(List<String> cells) {
        if (cells.size() != header.size()) {
            throw new IllegalArgumentException(
                    "a row of " + cells.size() + " cells in a table of " + header.size() + ": " + cells);
        }
        rows.add("| " + String.join(" | ", cells) + " |");
        return this;
    }

    MarkdownTable row(String... cells) {
        return row(List.of(cells));
    }

    /** The leading cells, the failure, and a dash in every column after it. */
    MarkdownTable failed(List<String> lead, String failure) {
        List<String> cells = new ArrayList<>(lead);
        cells.add(failure);
        while (cells.size() < header.size()) {
            cells.add(DASH);
        }
        return row(cells);
    }

    /** The table and a blank line after it. */
    void appendTo(StringBuilder md) {
        md.append("| ").append(String.join(" | ", header)).append(" |\n|");
        numeric.forEach(right -> md.append(right ? "--:|" : "---|"));
        md.append('\n');
        rows.forEach(row -> md.append(row).append('\n'));
        md.append('\n');
    }
}
