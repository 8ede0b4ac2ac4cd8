package loadlab.loadtest.plan;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The knobs' values as given, each read and checked by the rule of its kind (a whole number in a range, a duration,
 * a list, a loopback host); a value not given is the knob table's default for the mode. Every failure is an
 * {@link IllegalArgumentException} of one line that names the knob and the value as written.
 */
final class OldKnobValues {

    static final int MAX_USERS = 20_000;
    static final int MAX_RUNS = 10;
    static final int MAX_DELAY_MS = 600_000;
    static final double MAX_RATE = 100_000;

    private static final Pattern DURATION = Pattern.compile("(\\d+)(s|m)?");

    private final Map<String, String> given;
    private final Optional<OldCatalogue.Entry> scenario;
    private final Map<String, OldKnob> table = new LinkedHashMap<>();

    /**
     * @param given    the knobs on the command line
     * @param scenario the scenario whose fields stand in for knobs not given
     */
    OldKnobValues(Map<String, String> given, Optional<OldCatalogue.Entry> scenario) {
        this.given = given;
        this.scenario = scenario;
        OldKnob.all().forEach(knob -> table.put(knob.property(), knob));
    }

    /** The value given, else the scenario's, else the table's default; null when there is none. */
    String raw(String name) {
        String value = given.get(name);
        if (value != null) {
            return value;
        }
        Optional<String> set = scenario.flatMap(entry -> entry.field(name));
        if (set.isPresent()) {
            return set.get();
        }
        OldKnob knob = table.get(name);
        return knob == null ? null : knob.defaultValue().orElse(null);
    }

    boolean isGiven(String name) {
        return given.containsKey(name);
    }

    /** Whether the command line or the scenario sets the knob, as opposed to its default. */
    boolean isSet(String name) {
        return given.containsKey(name)
                || scenario.flatMap(entry -> entry.field(name)).isPresent();
    }

    private String scenarioPrefix(String name) {
        return label(name).equals(name) ? "" : label(name) + ": ";
    }

    /** The knob's name as an error names it: with the scenario's entry when the bad value is the scenario's. */
    String label(String name) {
        return !given.containsKey(name)
                        && scenario.flatMap(entry -> entry.field(name)).isPresent()
                ? OldCatalogue.FILE + " [" + scenario.get().name() + "] " + name
                : name;
    }

    int positiveInt(String name, int max) {
        int value = wholeNumber(name);
        if (value <= 0 || value > max) {
            throw new IllegalArgumentException(label(name) + "=" + value + " must be between 1 and " + max);
        }
        return value;
    }

    int delayMs(String name) {
        int value = wholeNumber(name);
        if (value < 0 || value > MAX_DELAY_MS) {
            throw new IllegalArgumentException(
                    label(name) + "=" + value + " must be between 0 and " + MAX_DELAY_MS + " ms");
        }
        return value;
    }

    /** A whole number, any sign, for a knob whose range is checked where its meaning is known. */
    int wholeNumberOf(String name) {
        return wholeNumber(name);
    }

    private int wholeNumber(String name) {
        String raw = raw(name);
        try {
            return Integer.parseInt(raw);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(label(name) + "='" + raw + "' is not a whole number");
        }
    }

    boolean onOff(String name) {
        String raw = raw(name);
        return switch (raw.toLowerCase(Locale.ROOT)) {
            case "on" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException(label(name) + "='" + raw + "' is not on or off");
        };
    }

    OptionalLong optionalLong(String name) {
        String raw = raw(name);
        if (raw == null) {
            return OptionalLong.empty();
        }
        try {
            return OptionalLong.of(Long.parseLong(raw));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(label(name) + "='" + raw + "' is not a whole number");
        }
    }

    /** {@code 30s}, {@code 2m} or a bare number of seconds, as a duration knob takes it. */
    static Duration durationOf(String raw) {
        Matcher m = DURATION.matcher(raw.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + raw + "' is not a duration in whole seconds (e.g. 60s, 2m)");
        }
        long amount = Long.parseLong(m.group(1));
        return "m".equals(m.group(2)) ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
    }

    /** Accepts 60, 60s, 2m; a bare number is seconds. Whole seconds, as the reports give them. */
    Duration duration(String name, boolean zeroAllowed) {
        String raw = raw(name).toLowerCase(Locale.ROOT);
        Matcher m = DURATION.matcher(raw);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    label(name) + "='" + raw + "' is not a duration in whole seconds (e.g. 60s, 2m)");
        }
        long amount = Long.parseLong(m.group(1));
        Duration value = "m".equals(m.group(2)) ? Duration.ofMinutes(amount) : Duration.ofSeconds(amount);
        if (!zeroAllowed && value.isZero()) {
            throw new IllegalArgumentException(label(name) + "='" + raw + "' must be longer than zero");
        }
        if (value.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException(
                    label(name) + "='" + raw + "' is longer than the one-hour bound of a lab run");
        }
        return value;
    }

    /** Ascending, so tables and charts read left to right as "more users", whatever order they were typed in. */
    List<Integer> usersList(String name) {
        List<Integer> levels = new ArrayList<>();
        for (String entry : raw(name).split(",")) {
            int users;
            try {
                users = Integer.parseInt(entry.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(label(name) + " entry '" + entry.trim() + "' is not a whole number");
            }
            if (users <= 0 || users > MAX_USERS) {
                throw new IllegalArgumentException(
                        label(name) + " entry " + users + " must be between 1 and " + MAX_USERS);
            }
            if (levels.contains(users)) {
                throw new IllegalArgumentException(label(name) + " has " + users + " twice");
            }
            levels.add(users);
        }
        return levels.stream().sorted().toList();
    }

    List<Double> rates(String name) {
        List<Double> rates = new ArrayList<>();
        for (String entry : raw(name).split(",")) {
            double rate;
            try {
                rate = Double.parseDouble(entry.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        label(name) + " entry '" + entry.trim() + "' is not a number of requests per second");
            }
            if (!(rate > 0) || rate > MAX_RATE) {
                throw new IllegalArgumentException(
                        label(name) + " entry " + entry.trim() + " must be above 0 and at most 100000 req/s");
            }
            if (rates.contains(rate)) {
                throw new IllegalArgumentException(label(name) + " has " + entry.trim() + " twice");
            }
            rates.add(rate);
        }
        return rates.stream().sorted().toList();
    }

    /** The lab only ever talks to this machine: a target elsewhere is refused, not attempted. */
    String loopbackHost(String name) {
        String host = raw(name);
        try {
            if (InetAddress.getByName(host).isLoopbackAddress()) {
                return host;
            }
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(label(name) + "='" + host + "' does not resolve");
        }
        throw new IllegalArgumentException(
                label(name) + "='" + host + "' is not a loopback address: the lab only loads this machine");
    }

    /** Direct first, then the apps named, in the order given. */
    List<Target> targets(String name) {
        String raw = raw(name);
        List<Target> targets = new ArrayList<>();
        targets.add(Target.DIRECT);
        if (raw.equals("all")) {
            targets.addAll(Target.APPS);
            return List.copyOf(targets);
        }
        if (raw.equals("none")) {
            return List.copyOf(targets);
        }
        for (String entry : raw.split(",")) {
            Target app = Target.app(entry.trim())
                    .orElseThrow(() -> new IllegalArgumentException(scenarioPrefix(name) + "unknown app '"
                            + entry.trim()
                            + "' (known: "
                            + String.join(
                                    ", ", Target.APPS.stream().map(Target::name).toList())
                            + ", all, none)"));
            if (targets.contains(app)) {
                throw new IllegalArgumentException(scenarioPrefix(name) + "app '" + entry.trim() + "' is listed twice");
            }
            targets.add(app);
        }
        return List.copyOf(targets);
    }
}
