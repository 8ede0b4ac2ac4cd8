package loadlab.loadtest.plan;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The open workload: requests start at a fixed rate whether or not earlier ones were answered, as real clients
 * arrive, one run per rate and target. Phases are those of {@link Scenario}.
 *
 * @param ratesPerSecond offered arrival rates, strictly ascending
 * @param maxThreads     the load generator's bound on requests in flight at once: beyond maxThreads / mean delay
 *                       it cannot start requests on time, whatever the target
 * @param targets        target names in run order, direct included when it was run
 */
public record OpenScenario(
        List<Double> ratesPerSecond,
        int maxThreads,
        int rampUpSeconds,
        int warmUpSeconds,
        int windowSeconds,
        int responseTimeoutSeconds,
        int backendDelayMinMs,
        int backendDelayMaxMs,
        List<String> targets) {

    public OpenScenario {
        List<Double> rates = List.copyOf(ratesPerSecond);
        ratesPerSecond = rates;
        targets = List.copyOf(targets);
        if (rates.isEmpty() || rates.stream().anyMatch(rate -> !(rate > 0) || rate.isInfinite())) {
            throw new IllegalArgumentException("rates must be positive and finite, at least one: " + rates);
        }
        if (!IntStream.range(1, rates.size()).allMatch(i -> rates.get(i) > rates.get(i - 1))) {
            throw new IllegalArgumentException("rates must be strictly ascending: " + ratesPerSecond);
        }
        // The same checks as one closed-loop run, with the generator's threads standing in for users.
        new Scenario(
                maxThreads,
                rampUpSeconds,
                warmUpSeconds,
                windowSeconds,
                responseTimeoutSeconds,
                backendDelayMinMs,
                backendDelayMaxMs,
                List.of());
    }

    public double backendMeanDelayMs() {
        return (backendDelayMinMs + backendDelayMaxMs) / 2.0;
    }
}
