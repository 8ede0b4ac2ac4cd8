package loadlab.slowserver;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One phase of a {@link Schedule}: for {@code durationMs} after its start, delays are uniform over
 * {@code [minDelayMs, maxDelayMs]} and each answer fails with the given percentages.
 *
 * @param spec          the phase as written, e.g. {@code 20s:0..4000:5xx=10%}
 * @param faultPercents the share of answers per fault, in percent (0 to 100, adding up to at most 100); a fault
 *                      not named is absent
 */
public record Phase(
        String spec, long durationMs, int minDelayMs, int maxDelayMs, Map<FaultKind, BigDecimal> faultPercents) {

    public Phase {
        faultPercents = Collections.unmodifiableMap(
                faultPercents.isEmpty() ? new EnumMap<>(FaultKind.class) : new EnumMap<>(faultPercents));
    }

    /** The share of answers with this fault, 0 to 1. */
    public double share(FaultKind kind) {
        BigDecimal percent = faultPercents.get(kind);
        return percent == null ? 0 : percent.doubleValue() / 100;
    }

    public boolean hasFaults() {
        return faultPercents.values().stream().anyMatch(percent -> percent.signum() > 0);
    }
}
