package loadlab.workload;

import java.util.regex.Pattern;

/** Strict parsing of a whole-number request parameter, with one-line reasons that name the value. */
final class Parameters {

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]+");
    /** Longer values are cut in the message, so that it stays one short line whatever a client sends. */
    private static final int SHOWN_CHARACTERS = 40;

    private Parameters() {}

    static long wholeNumber(String name, String raw, long min, long max, String meaning) {
        if (raw == null) {
            throw new BadParameterException(name + " is missing: " + meaning + ", " + min + ".." + max);
        }
        if (!WHOLE_NUMBER.matcher(raw).matches()) {
            throw new BadParameterException(name + "='" + shown(raw) + "' is not a whole number");
        }
        long value;
        try {
            value = Long.parseLong(raw);
        } catch (NumberFormatException tooLong) {
            throw new BadParameterException(name + "=" + shown(raw) + " is out of range " + min + ".." + max);
        }
        if (value < min || value > max) {
            throw new BadParameterException(name + "=" + value + " is out of range " + min + ".." + max);
        }
        return value;
    }

    private static String shown(String raw) {
        String oneLine = raw.replaceAll("\\p{Cntrl}", "?");
        return oneLine.length() <= SHOWN_CHARACTERS ? oneLine : oneLine.substring(0, SHOWN_CHARACTERS) + "...";
    }
}
