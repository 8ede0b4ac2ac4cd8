package loadlab.loadtest.plan;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The scenario catalogue, {@code scenarios.yaml} at the top of the project: a map of {@link Scenario}s by name, in
 * the order {@code make scenarios} runs them. A scenario's own fields are bound to records, checked as they are read;
 * the knobs it sets are checked when it becomes a plan. Every error is one line naming the scenario and the field.
 */
public record Scenarios(List<Scenario> entries) {

    public static final String FILE = "scenarios.yaml";

    /** The fields of a scenario besides the knobs. */
    static final Set<String> OWN_FIELDS = Set.of("about", "kind", "request", "results", "default", "schedule", "spike");

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

    private static final ObjectMapper YAML = new ObjectMapper(YAMLFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .build())
            .registerModule(new SimpleModule().addDeserializer(Duration.class, new Seconds()));

    public static Scenarios read(Path projectDir) {
        Path file = projectDir.resolve(FILE);
        try {
            return parse(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("the scenario catalogue " + file + " is missing (project='" + projectDir
                    + "' is not the top of the project?)");
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the scenario catalogue " + file + ": " + e.getMessage());
        }
    }

    static Scenarios parse(String yaml) {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(FILE + " line " + e.getLocation().getLineNr() + ": "
                    + e.getOriginalMessage().lines().findFirst().orElse(""));
        }
        if (root == null || root.isMissingNode()) {
            return new Scenarios(List.of());
        }
        if (!root.isObject()) {
            throw new IllegalArgumentException(FILE + " is not a map of scenarios by name");
        }
        List<Scenario> entries = new ArrayList<>();
        root.properties().forEach(entry -> entries.add(scenario(entry.getKey(), entry.getValue())));
        return new Scenarios(List.copyOf(entries));
    }

    public Scenario entry(String name) {
        return entries.stream()
                .filter(e -> e.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("scenario='" + name + "' is not in " + FILE
                        + " (known: "
                        + String.join(", ", entries.stream().map(Scenario::name).toList()) + ")"));
    }

    /** The scenarios {@code make scenarios} runs, in the file's order. */
    public List<Scenario> defaults() {
        return entries.stream().filter(Scenario::isDefault).toList();
    }

    /** Binds one scenario: its own fields to the record, the knobs it sets as the text the command line takes. */
    private static Scenario scenario(String name, JsonNode written) {
        String where = FILE + " [" + name + "] ";
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    FILE + ": '" + name + "' is not a scenario name (lower-case letters, digits and -)");
        }
        if (!written.isObject()) {
            throw new IllegalArgumentException(where + "is not a map of fields");
        }
        ObjectNode own = YAML.createObjectNode();
        ObjectNode knobs = own.putObject("knobs");
        for (Map.Entry<String, JsonNode> field : written.properties()) {
            String key = field.getKey();
            if (OWN_FIELDS.contains(key)) {
                own.set(key, field.getValue());
            } else {
                Knob<?> knob = Knob.named(key)
                        .filter(k -> k.inScenario() && k.name().equals(key))
                        .orElseThrow(() -> new IllegalArgumentException(where + "has no field '" + key
                                + "' (its own: " + String.join(", ", new TreeSet<>(OWN_FIELDS)) + "; or a knob: "
                                + Knob.ALL.stream()
                                        .filter(Knob::inScenario)
                                        .map(Knob::name)
                                        .collect(Collectors.joining(", "))
                                + ")"));
                knobs.put(key, text(where + key, knob, field.getValue()));
            }
        }
        own.put("name", name);
        try {
            return YAML.treeToValue(own, Scenario.class);
        } catch (JsonMappingException e) {
            throw new IllegalArgumentException(where + problem(e));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(where + e.getOriginalMessage());
        }
    }

    /**
     * A knob's value as the command line would write it: a number or a word as it is, a list joined by commas
     * ({@code usersList: [100, 250]} is {@code 100,250}), or by spaces for JVM flags.
     */
    private static String text(String label, Knob<?> knob, JsonNode value) {
        if (value.isValueNode() && !value.isNull()) {
            return value.asText();
        }
        if (value.isArray() && StreamSupport.stream(value.spliterator(), false).allMatch(JsonNode::isValueNode)) {
            return StreamSupport.stream(value.spliterator(), false)
                    .map(JsonNode::asText)
                    .collect(Collectors.joining(knob == Knob.APP_JVM_FLAGS ? " " : ","));
        }
        throw new IllegalArgumentException(label + " is not a value or a list of values");
    }

    /** What Jackson refused, in one line, after the field's path ({@code schedule[1].delayMax}). */
    private static String problem(JsonMappingException e) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            return path(e.getPath().subList(0, e.getPath().size() - 1)) + " has no field '"
                    + unknown.getPropertyName() + "' (its fields: "
                    + unknown.getKnownPropertyIds().stream()
                            .map(Object::toString)
                            .sorted()
                            .collect(Collectors.joining(", "))
                    + ")";
        }
        String reason;
        if (e.getCause() instanceof IllegalArgumentException own) {
            reason = own.getMessage();
        } else if (e instanceof InvalidFormatException format) {
            Class<?> type = format.getTargetType();
            reason = "'" + format.getValue() + "' is not "
                    + (type == Integer.class || type == int.class ? "a whole number" : "a " + type.getSimpleName());
        } else {
            reason = e.getOriginalMessage().lines().findFirst().orElse("");
        }
        // A value's own message starts with it in quotes: path='value' reads as a knob's error does.
        return path(e.getPath()) + (reason.startsWith("'") ? "=" : ": ") + reason;
    }

    private static String path(List<JsonMappingException.Reference> path) {
        return path.stream()
                .map(ref -> ref.getFieldName() == null ? "[" + ref.getIndex() + "]" : "." + ref.getFieldName())
                .collect(Collectors.joining())
                .replaceFirst("^\\.", "");
    }

    /** A duration as the knobs take it ({@code 40s}, {@code 2m}, a bare number of seconds). */
    private static final class Seconds extends StdScalarDeserializer<Duration> {

        Seconds() {
            super(Duration.class);
        }

        @Override
        public Duration deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String text = parser.getValueAsString();
            Duration duration = text == null ? null : Knob.durationOrNull(text);
            if (duration == null) {
                throw new IllegalArgumentException("'" + text + "' is not a duration in whole seconds (e.g. 60s, 2m)");
            }
            return duration;
        }
    }
}
