package loadlab.loadtest.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scenario catalogue, {@code scenarios.conf} at the top of the project: one {@code [name]} block per scenario,
 * {@code field = value} lines under it. A scenario sets the knobs it needs and a few fields of its own; what it does
 * not set, the knob table's defaults do. Parsing only checks the file's shape and its field names; the values are
 * checked as knobs are, when a scenario becomes a plan, with the entry and field named.
 */
public record OldCatalogue(Path file, List<Entry> entries) {

    public static final String FILE = "scenarios.conf";

    /** The fields an entry may have besides the knobs. */
    static final Set<String> OWN_FIELDS = Set.of("about", "kind", "request", "results", "default", "schedule", "spike");

    /** Knobs of where and how the lab runs, not of what a scenario measures: the command line's alone. */
    static final Set<String> SETUP_KNOBS =
            Set.of("scenario", "host", "ports", "results", "engines", "targets", "a", "b", "dbUrl");

    private static final Pattern HEADER = Pattern.compile("\\[([a-z0-9][a-z0-9-]*)]");
    private static final Pattern FIELD = Pattern.compile("([A-Za-z][A-Za-z-]*)\\s*=\\s*(.*)");

    /** One scenario as written: its name and its fields in order. */
    public record Entry(String name, Map<String, String> fields) {

        public Optional<String> field(String name) {
            return Optional.ofNullable(fields.get(name));
        }

        public boolean isDefault() {
            return field("default").map(v -> v.equals("yes")).orElse(false);
        }
    }

    public static OldCatalogue read(Path projectDir) {
        Path file = projectDir.resolve(FILE);
        try {
            return parse(file, Files.readAllLines(file));
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IllegalArgumentException("the scenario catalogue " + file + " is missing (project='" + projectDir
                    + "' is not the top of the project?)");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the scenario catalogue " + file + ": " + e.getMessage());
        }
    }

    static OldCatalogue parse(Path file, List<String> lines) {
        Set<String> knobs = new java.util.LinkedHashSet<>(OldKnob.properties());
        knobs.removeAll(SETUP_KNOBS);
        List<Entry> entries = new ArrayList<>();
        Map<String, String> fields = null;
        String name = null;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            String where = FILE + " line " + (i + 1);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher header = HEADER.matcher(line);
            Matcher field = FIELD.matcher(line);
            if (header.matches()) {
                if (name != null) {
                    entries.add(new Entry(name, fields));
                }
                name = header.group(1);
                String named = name;
                if (entries.stream().anyMatch(e -> e.name().equals(named))) {
                    throw new IllegalArgumentException(where + ": [" + name + "] is there twice");
                }
                fields = new LinkedHashMap<>();
            } else if (field.matches() && name != null) {
                String key = field.group(1);
                if (!knobs.contains(key) && !OWN_FIELDS.contains(key)) {
                    throw new IllegalArgumentException(where + ": [" + name + "] has no field '" + key
                            + "' (its own: "
                            + String.join(", ", OWN_FIELDS.stream().sorted().toList())
                            + "; or a knob: " + String.join(", ", knobs) + ")");
                }
                if (fields.put(key, field.group(2).strip()) != null) {
                    throw new IllegalArgumentException(where + ": [" + name + "] sets " + key + " twice");
                }
            } else {
                throw new IllegalArgumentException(where + ": '" + line + "' is neither [name] nor field = value"
                        + (name == null ? " (a field before any [name])" : ""));
            }
        }
        if (name != null) {
            entries.add(new Entry(name, fields));
        }
        return new OldCatalogue(file, List.copyOf(entries));
    }

    public Entry entry(String name) {
        return entries.stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("scenario='" + name + "' is not in " + FILE
                        + " (known: "
                        + String.join(", ", entries.stream().map(Entry::name).toList()) + ")"));
    }

    /** The scenarios {@code make scenarios} runs, in the file's order. */
    public List<Entry> defaults() {
        return entries.stream().filter(Entry::isDefault).toList();
    }
}
