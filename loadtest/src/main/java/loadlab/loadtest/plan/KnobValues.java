package loadlab.loadtest.plan;

import java.util.Map;
import java.util.Optional;

/**
 * The knobs' values for one plan: the command line's, else the scenario's, else the knob's default, each read by its
 * knob. A bad value is named where it was written: {@code users='abc'} on the command line,
 * {@code scenarios.yaml [db] users='abc'} in a scenario.
 *
 * @param given    the knobs given on the command line, by name
 * @param scenario the scenario whose fields stand in for knobs not given
 */
record KnobValues(Map<String, String> given, Optional<Scenario> scenario) {

    /** The value as written: given, else the scenario's, else the default; null when there is none. */
    String raw(Knob<?> knob) {
        String value = given.get(knob.name());
        if (value != null) {
            return value;
        }
        return fromScenario(knob).orElse(knob.defaultValue());
    }

    /** The knob's value, which it must have (a default, at least). */
    <T> T get(Knob<T> knob) {
        return find(knob).orElseThrow(() -> new IllegalStateException(knob.name() + " has no default"));
    }

    /** The knob's value; empty when neither the command line nor the scenario sets it and it has no default. */
    <T> Optional<T> find(Knob<T> knob) {
        String raw = raw(knob);
        return raw == null ? Optional.empty() : Optional.of(knob.read(label(knob), raw));
    }

    boolean isGiven(Knob<?> knob) {
        return given.containsKey(knob.name());
    }

    /** Whether the command line or the scenario sets the knob, as opposed to its default. */
    boolean isSet(Knob<?> knob) {
        return isGiven(knob) || fromScenario(knob).isPresent();
    }

    /** The knob's name as an error names it: with the scenario and its file when the value is the scenario's. */
    String label(Knob<?> knob) {
        return !isGiven(knob) && fromScenario(knob).isPresent()
                ? Scenarios.FILE + " [" + scenario.get().name() + "] " + knob.name()
                : knob.name();
    }

    private Optional<String> fromScenario(Knob<?> knob) {
        return scenario.flatMap(entry -> Optional.ofNullable(entry.knobs().get(knob.name())));
    }
}
