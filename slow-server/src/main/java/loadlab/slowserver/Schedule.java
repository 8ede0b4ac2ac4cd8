package loadlab.slowserver;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Phases that follow each other from the moment the schedule is started (see {@link Answers#start()}); before
 * it and after the last phase the base delay range applies, without faults.
 *
 * <p>Written {@code phase[,phase...]}, a phase {@code duration:delays[:fault=share%...]}:
 *
 * <ul>
 *   <li>duration: a whole number of {@code ms}, {@code s}, {@code m} or {@code h}, e.g. {@code 500ms}, {@code 30s},
 *       {@code 2m}, at most a day;
 *   <li>delays: {@code min..max} ms, both included, or one number for a fixed delay;
 *   <li>faults: {@code 5xx=10%}, {@code reset=5%}, {@code hang=2.5%}, each at most once, adding up to at most
 *       100%.
 * </ul>
 *
 * For example {@code 30s:0..4000,20s:0..16000,30s:0..4000} (a slowdown) or {@code 20s:0..4000:5xx=10%:reset=5%}.
 * Commas separate phases and colons the fields of a phase, so no field needs quoting in a shell or a Makefile.
 */
public record Schedule(List<Phase> phases) {

    public static final Schedule NONE = new Schedule(List.of());

    /** A phase longer than a day is a typing error, and the bound keeps every sum of durations far from overflow. */
    public static final long LONGEST_PHASE_MS = 86_400_000;

    private static final Pattern DURATION = Pattern.compile("([0-9]{1,12})(ms|s|m|h)");
    private static final Pattern DELAYS = Pattern.compile("([0-9]{1,12})(?:\\.\\.([0-9]{1,12}))?");
    private static final Pattern FAULT = Pattern.compile("([^=]*)=([0-9]{1,3}(?:\\.[0-9]{1,4})?)%");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    public Schedule {
        phases = List.copyOf(phases);
    }

    /**
     * Parses the text of {@code --schedule}; an empty text is no schedule.
     *
     * @throws IllegalArgumentException one line naming the phase (by number and as written) and the bad field
     */
    public static Schedule parse(String text) {
        if (text.isEmpty()) {
            return NONE;
        }
        List<Phase> phases = new ArrayList<>();
        String[] specs = text.split(",", -1);
        for (int i = 0; i < specs.length; i++) {
            phases.add(phase(i + 1, specs[i]));
        }
        return new Schedule(phases);
    }

    public boolean isEmpty() {
        return phases.isEmpty();
    }

    /** From the start to the end of the last phase. */
    public long totalMs() {
        return phases.stream().mapToLong(Phase::durationMs).sum();
    }

    /** The index of the phase running {@code elapsedMs} after the start, or -1 before it and after the last. */
    public int phaseIndexAt(long elapsedMs) {
        if (elapsedMs < 0) {
            return -1;
        }
        long end = 0;
        for (int i = 0; i < phases.size(); i++) {
            end += phases.get(i).durationMs();
            if (elapsedMs < end) {
                return i;
            }
        }
        return -1;
    }

    /** How far into the schedule a phase starts, in ms. */
    public long startOf(int index) {
        return phases.subList(0, index).stream().mapToLong(Phase::durationMs).sum();
    }

    /** The longest delay any phase can draw, 0 without phases. */
    public int longestDelayMs() {
        return phases.stream().mapToInt(Phase::maxDelayMs).max().orElse(0);
    }

    public boolean hangs() {
        return phases.stream().anyMatch(phase -> phase.share(FaultKind.HANG) > 0);
    }

    /** The schedule as written, phases joined by commas. */
    public String spec() {
        return String.join(",", phases.stream().map(Phase::spec).toList());
    }

    private static Phase phase(int number, String spec) {
        String where = "--schedule phase " + number + " (" + SlowServerConfig.oneLine(spec) + "): ";
        if (spec.isEmpty()) {
            throw new IllegalArgumentException(
                    "--schedule phase " + number + " is empty (phases are separated by one comma)");
        }
        String[] fields = spec.split(":", -1);
        if (fields.length < 2) {
            throw new IllegalArgumentException(
                    where + "needs a duration and delays, written duration:min..max, e.g. 30s:0..4000");
        }
        long durationMs = durationMs(where, fields[0]);
        if (fields[1].isEmpty()) {
            throw new IllegalArgumentException(where + "delays are missing, written min..max, e.g. 0..4000");
        }
        Matcher delays = DELAYS.matcher(fields[1]);
        if (!delays.matches()) {
            throw new IllegalArgumentException(where + "delays " + SlowServerConfig.oneLine(fields[1])
                    + " are not min..max or one number of ms, e.g. 0..4000");
        }
        long min = Long.parseLong(delays.group(1));
        long max = delays.group(2) == null ? min : Long.parseLong(delays.group(2));
        for (long delay : new long[] {min, max}) {
            if (delay > SlowServerConfig.LONGEST_DELAY_MS) {
                throw new IllegalArgumentException(where + "delay " + delay + " is more than "
                        + SlowServerConfig.LONGEST_DELAY_MS + " (one hour)");
            }
        }
        if (min > max) {
            throw new IllegalArgumentException(where + "delays " + fields[1] + " have min greater than max");
        }
        Map<FaultKind, BigDecimal> faults = new EnumMap<>(FaultKind.class);
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 2; i < fields.length; i++) {
            String field = SlowServerConfig.oneLine(fields[i]);
            if (field.isEmpty()) {
                throw new IllegalArgumentException(where + "a fault is empty (faults are separated by one colon)");
            }
            Matcher fault = FAULT.matcher(fields[i]);
            if (!fault.matches()) {
                throw new IllegalArgumentException(
                        where + "fault " + field + " is not written kind=share%, e.g. 5xx=10% or hang=2.5%");
            }
            FaultKind kind = FaultKind.ofLabel(fault.group(1));
            if (kind == null) {
                throw new IllegalArgumentException(
                        where + "fault " + field + " is of no known kind (5xx, reset, hang)");
            }
            BigDecimal percent = new BigDecimal(fault.group(2));
            if (percent.compareTo(HUNDRED) > 0) {
                throw new IllegalArgumentException(where + "fault " + field + " is more than 100%");
            }
            if (faults.put(kind, percent) != null) {
                throw new IllegalArgumentException(where + "fault " + kind.label() + " is given more than once");
            }
            total = total.add(percent);
        }
        if (total.compareTo(HUNDRED) > 0) {
            throw new IllegalArgumentException(
                    where + "faults add up to " + total.toPlainString() + "%, more than 100%");
        }
        return new Phase(spec, durationMs, (int) min, (int) max, faults);
    }

    private static long durationMs(String where, String text) {
        Matcher duration = DURATION.matcher(text);
        if (!duration.matches()) {
            throw new IllegalArgumentException(where + "duration " + SlowServerConfig.oneLine(text)
                    + " is not a whole number of ms, s, m or h, e.g. 500ms, 30s, 2m");
        }
        long amount = Long.parseLong(duration.group(1));
        long ms = switch (duration.group(2)) {
            case "ms" -> amount;
            case "s" -> amount * 1000;
            case "m" -> amount * 60_000;
            default -> amount * 3_600_000;
        };
        if (ms == 0) {
            throw new IllegalArgumentException(where + "duration " + text + " must be more than zero");
        }
        if (ms > LONGEST_PHASE_MS) {
            throw new IllegalArgumentException(where + "duration " + text + " is more than a day");
        }
        return ms;
    }
}
