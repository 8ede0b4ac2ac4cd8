package loadlab.loadtest.plan;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * One scenario of {@code scenarios.yaml} as written: what it asks (its kind, its request and, for a timeline, its
 * backend's schedule or its spike of users) and the knobs it sets. The knobs are read, and checked, when it becomes a
 * plan, as the command line's are.
 *
 * @param name      its key in the file, and its folder under the results unless {@code results} says otherwise
 * @param about     one line on what it asks: the report's subtitle
 * @param kind      {@code comparison}, {@code sweep}, {@code open} or {@code timeline}
 * @param request   what each request asks an app for ({@code /}, {@code /fanout?n=4}, {@code /cpu?micros=1000},
 *     {@code /db}); null for {@code /}
 * @param results   its folder under the results folder; null for its name
 * @param isDefault whether {@code make scenarios} runs it
 * @param schedule  a timeline's backend, phase after phase from the window's start; empty for none
 * @param spike     a timeline's users over time; null for none
 * @param knobs     the knobs it sets, by name, as the command line would write them ({@code 100,250})
 */
public record Scenario(
        String name,
        String about,
        String kind,
        String request,
        String results,
        @JsonProperty("default") boolean isDefault,
        List<Phase> schedule,
        Spike spike,
        Map<String, String> knobs) {

    public Scenario {
        about = about == null ? "" : about;
        schedule = schedule == null ? List.of() : List.copyOf(schedule);
        knobs = knobs == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(knobs));
    }

    public Optional<Spike> spikeIfAny() {
        return Optional.ofNullable(spike);
    }

    /** The schedule as slow-server's {@code --schedule} takes it; empty for none. */
    public String scheduleSpec() {
        return schedule.stream().map(Phase::spec).collect(Collectors.joining(","));
    }

    /**
     * A stretch of a timeline's backend: its delay range, and the share of answers that fail, by kind (5xx, reset,
     * hang), e.g. {@code 5xx: 10%}. slow-server checks the kinds and their sum when it starts.
     */
    public record Phase(Duration length, Integer delayMin, Integer delayMax, Map<String, String> faults) {

        private static final Pattern SHARE = Pattern.compile("[0-9]{1,3}(\\.[0-9]{1,4})?%");

        public Phase {
            if (length == null || delayMin == null || delayMax == null) {
                throw new IllegalArgumentException("a phase needs length, delayMin and delayMax (and may have faults)");
            }
            if (!length.isPositive()) {
                throw new IllegalArgumentException("length must be longer than zero");
            }
            if (delayMin < 0 || delayMin > delayMax || delayMax > Knob.MAX_DELAY_MS) {
                throw new IllegalArgumentException("delays " + delayMin + ".." + delayMax + " must be 0 <= delayMin <="
                        + " delayMax <= " + Knob.MAX_DELAY_MS + " ms");
            }
            faults = faults == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(faults));
            faults.forEach((kind, share) -> {
                if (!SHARE.matcher(share).matches()) {
                    throw new IllegalArgumentException(
                            "faults " + kind + "='" + share + "' is not a share of answers, e.g. 10% or 2.5%");
                }
            });
        }

        /** slow-server's {@code --schedule} phase, e.g. {@code 30s:0..4000:5xx=10%}. */
        String spec() {
            StringBuilder spec = new StringBuilder(length.toSeconds() + "s:" + delayMin + ".." + delayMax);
            faults.forEach(
                    (kind, share) -> spec.append(':').append(kind).append('=').append(share));
            return spec.toString();
        }
    }

    /**
     * A timeline's users: calm for {@code before}, {@code factor} times as many within a second for {@code during},
     * calm again for {@code after}.
     */
    public record Spike(Integer factor, Duration before, Duration during, Duration after) {

        public Spike {
            if (factor == null || before == null || during == null || after == null) {
                throw new IllegalArgumentException("a spike needs factor, before, during and after");
            }
            if (factor < 2) {
                throw new IllegalArgumentException("factor=" + factor + " must be at least 2");
            }
            if (!during.isPositive()) {
                throw new IllegalArgumentException("during must be longer than zero");
            }
        }
    }
}
