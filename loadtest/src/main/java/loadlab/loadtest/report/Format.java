package loadlab.loadtest.report;

import java.util.Locale;
import java.util.Map;
import loadlab.loadtest.measure.ErrorClass;

/** Number formats shared by the tables and the plain-reading lines, so a figure reads the same in both. */
final class Format {

    static final String NOT_AVAILABLE = "n/a";

    private Format() {}

    public static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%.1f", perSecond);
    }

    static String percent(double percent) {
        return String.format(Locale.ROOT, "%.1f", percent);
    }

    /** Whole milliseconds: a response of seconds does not need fractions. */
    static String ms(double millis) {
        return String.format(Locale.ROOT, "%.0f", millis);
    }

    static String ms(long millis) {
        return Long.toString(millis);
    }

    /** One decimal, for the few milliseconds an app adds. */
    static String fineMs(double millis) {
        return String.format(Locale.ROOT, "%.1f", millis);
    }

    /** No decimals, for sizes in MiB. */
    static String whole(double value) {
        return String.format(Locale.ROOT, "%.0f", value);
    }

    /** One decimal, for CPU seconds. */
    static String tenths(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** Three decimals, for a process's idle cores, a few thousandths of one. */
    static String thousandths(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    /** Two decimals, for cores and CPU seconds per 1000 requests, which are often below one. */
    static String hundredths(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    static String seconds(double millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }

    /** {@code timeout 3, non-2xx 1}, only the classes that occurred, or {@code 0}. */
    static String errorsByClass(Map<ErrorClass, Integer> counts) {
        return ErrorClass.summary(counts);
    }

    /** Text safe inside a Markdown table cell: one line, no column breaks. */
    static String cell(String text) {
        return text.replaceAll("\\s+", " ").trim().replace("|", "\\|");
    }

    /** Inline code that survives backticks inside it. */
    static String code(String text) {
        String oneLine = text.replaceAll("\\s+", " ").trim();
        return oneLine.contains("`") ? "`` " + oneLine + " ``" : "`" + oneLine + "`";
    }
}
