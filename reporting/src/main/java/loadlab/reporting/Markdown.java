package loadlab.reporting;

/** Text made safe for the places a Markdown report puts it; layout, not wording. */
public final class Markdown {

    private Markdown() {}

    /** Text safe inside a table cell: one line, no column breaks. */
    public static String cell(String text) {
        return text.replaceAll("\\s+", " ").trim().replace("|", "\\|");
    }

    /** Inline code that survives backticks inside it. */
    public static String code(String text) {
        String oneLine = text.replaceAll("\\s+", " ").trim();
        return oneLine.contains("`") ? "`` " + oneLine + " ``" : "`" + oneLine + "`";
    }

    /** Inline code inside a table cell, whose pipes would break the row. */
    public static String codeCell(String text) {
        return code(text).replace("|", "\\|");
    }
}
