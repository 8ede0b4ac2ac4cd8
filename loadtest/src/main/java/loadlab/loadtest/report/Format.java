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

    /** One decimal with its sign, for what a figure added or took away: {@code +12.3}, {@code -4.0}, {@code 0.0}. */
    static String signedTenths(double value) {
        String tenths = tenths(value);
        return value >= 0.05 ? "+" + tenths : tenths;
    }

    /** Three decimals, for a process's idle cores, a few thousandths of one. */
    static String thousandths(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    /** Two decimals, for cores and CPU seconds per 1000 requests, which are often below one. */
    static String hundredths(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }

    /**
     * An end of a ratio's interval: in hundredths, unless hundredths would show a ratio that is not 1 as 1.00. A lead is
     * named when its interval excludes 1, so an interval that ends at 0.998 says 0.998, not 1.00, which reads as even.
     */
    static String ratioBound(double value) {
        String shown = hundredths(value);
        for (int digits = 3; digits <= 6 && value != 1.0 && Double.parseDouble(shown) == 1.0; digits++) {
            shown = String.format(Locale.ROOT, "%." + digits + "f", value);
        }
        return shown;
    }

    static String seconds(double millis) {
        return String.format(Locale.ROOT, "%.1f s", millis / 1000);
    }

    /** A load's level without a needless ".0": 500 users, 80 or 12.5 req/s. */
    static String level(double level) {
        String rate = rate(level);
        return rate.endsWith(".0") ? rate.substring(0, rate.length() - 2) : rate;
    }

    /** A threshold in the unit a reader would say it in: {@code 500 ms}, {@code 10 s}. */
    static String duration(double millis) {
        return millis >= 1000 ? whole(millis / 1000) + " s" : whole(millis) + " ms";
    }

    /** A command's length in whole minutes, or hours and minutes: {@code 31 min}, {@code 1 h 32 min}. */
    static String minutes(java.time.Duration length) {
        long minutes = Math.round(length.toSeconds() / 60.0);
        if (minutes < 1) {
            return length.toSeconds() + " s";
        }
        return minutes < 60 ? minutes + " min" : minutes / 60 + " h " + minutes % 60 + " min";
    }

    static java.util.Optional<Double> boxed(java.util.OptionalDouble value) {
        return value.isPresent() ? java.util.Optional.of(value.getAsDouble()) : java.util.Optional.empty();
    }

    /** {@code timeout 3, non-2xx 1}, only the classes that occurred, or {@code 0}. */
    static String errorsByClass(Map<ErrorClass, Integer> counts) {
        return ErrorClass.summary(counts);
    }
}
