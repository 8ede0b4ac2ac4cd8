package loadlab.loadtest.measure;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What each probe that ran on a point's target measured, keyed by probe: one figure record per probe, carried from the
 * run to the data file and the reports without either knowing the probe. A probe that did not run on the target (it
 * did not apply, or the point failed) has no entry. Each record is kept as the data file writes it, so that figures
 * read back from a file are equal to those measured, and a file whose probe this runner no longer has still reads and
 * writes back as it was.
 */
public final class ProbeFigures {

    public static final ProbeFigures NONE = new ProbeFigures(Map.of());

    private static final Pattern ID = Pattern.compile("[a-z][A-Za-z0-9-]*");
    /** One text for one figure record, whether it was just measured or read back from a file. */
    private static final ObjectWriter TEXT = DataFile.JSON.writer().without(SerializationFeature.INDENT_OUTPUT);

    /**
     * Where a probe's figures are: its name in this map and in the data file, and the record they are.
     *
     * @param id lower camel case or kebab case, e.g. {@code memory} or {@code heap-breakdown}
     */
    public record Key<F extends Record>(String id, Class<F> figures) {
        public Key {
            if (!ID.matcher(id).matches()) {
                throw new IllegalArgumentException("a probe's id is a letter, then letters, digits or '-': " + id);
            }
            Objects.requireNonNull(figures, "figures");
        }
    }

    /** Each probe's figures as JSON text, in the order the probes gave them. */
    private final Map<String, String> byProbe;

    private ProbeFigures(Map<String, String> byProbe) {
        this.byProbe = Collections.unmodifiableMap(new LinkedHashMap<>(byProbe));
    }

    /** The probe's figures, if it gave any. */
    public <F extends Record> Optional<F> get(Key<F> key) {
        String json = byProbe.get(key.id());
        if (json == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(DataFile.JSON.readValue(json, key.figures()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "the figures of probe '" + key.id() + "' are not a "
                            + key.figures().getSimpleName() + ": " + json,
                    e);
        }
    }

    /** The same figures with this probe's replaced: by {@code figures}, or by none when it is empty. */
    public <F extends Record> ProbeFigures with(Key<F> key, Optional<F> figures) {
        Map<String, String> changed = new LinkedHashMap<>(byProbe);
        if (figures.isPresent()) {
            try {
                changed.put(key.id(), TEXT.writeValueAsString(figures.get()));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("figures that cannot be written as JSON: " + figures.get(), e);
            }
        } else {
            changed.remove(key.id());
        }
        return new ProbeFigures(changed);
    }

    /** These figures and {@code others}', which must be of other probes. */
    ProbeFigures and(ProbeFigures others) {
        Map<String, String> both = new LinkedHashMap<>(byProbe);
        others.byProbe.forEach((id, json) -> {
            if (both.putIfAbsent(id, json) != null) {
                throw new IllegalArgumentException("two sets of figures of probe '" + id + "'");
            }
        });
        return new ProbeFigures(both);
    }

    /** The probes that gave figures, in the order they gave them. */
    public Set<String> probes() {
        return byProbe.keySet();
    }

    public boolean isEmpty() {
        return byProbe.isEmpty();
    }

    /** Each probe's figures as the data file has them. */
    Map<String, JsonNode> json() {
        Map<String, JsonNode> json = new LinkedHashMap<>();
        byProbe.forEach((id, text) -> json.put(id, parse(text)));
        return json;
    }

    /** Figures as a data file has them, under each probe's id. */
    static ProbeFigures ofJson(Map<String, JsonNode> json) {
        Map<String, String> byProbe = new LinkedHashMap<>();
        json.forEach((id, node) -> {
            try {
                byProbe.put(id, TEXT.writeValueAsString(node));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("the figures of probe '" + id + "' cannot be kept: " + node, e);
            }
        });
        return new ProbeFigures(byProbe);
    }

    private static JsonNode parse(String text) {
        try {
            return DataFile.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("figures kept as JSON that no longer parse: " + text, e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ProbeFigures that && byProbe.equals(that.byProbe);
    }

    @Override
    public int hashCode() {
        return byProbe.hashCode();
    }

    @Override
    public String toString() {
        return "ProbeFigures" + byProbe;
    }
}
