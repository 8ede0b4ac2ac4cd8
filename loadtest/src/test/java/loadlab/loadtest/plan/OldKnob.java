package loadlab.loadtest.plan;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One knob of the lab, as {@code knobs.tsv} lists it: the single list that the runner, {@code make} and the README
 * are held to, so a knob cannot be known to one and missing from another.
 *
 * @param makeVariable the variable {@code make compare USERS=50} takes
 * @param property     the property {@code ./mvnw -pl loadtest verify -Dusers=50} takes, and the runner's
 *     {@code --users=50} argument
 * @param defaults     the default where neither the command line nor the scenario sets the knob; empty for none
 */
record OldKnob(String makeVariable, String property, String defaults, String meaning) {

    public static final String TABLE = "/knobs.tsv";

    /** Every knob, in the table's order. */
    public static List<OldKnob> all() {
        try (InputStream in = OldKnob.class.getResourceAsStream(TABLE)) {
            if (in == null) {
                throw new IllegalStateException(TABLE + " is not on the class path");
            }
            List<OldKnob> knobs = new ArrayList<>();
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] cells = line.split("\t", -1);
                    if (cells.length != 4) {
                        throw new IllegalStateException(TABLE + ": not 4 tab-separated cells: " + line);
                    }
                    knobs.add(new OldKnob(cells[0], cells[1], cells[2], cells[3]));
                }
            }
            return List.copyOf(knobs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The default, where a scenario does not set the knob; empty when there is none. */
    public Optional<String> defaultValue() {
        return defaults.isBlank() ? Optional.empty() : Optional.of(defaults.strip());
    }

    /** Every knob's property name, in the table's order. */
    public static Set<String> properties() {
        Set<String> names = new LinkedHashSet<>();
        all().forEach(knob -> names.add(knob.property()));
        return names;
    }
}
