package loadlab.loadtest.plan;

import java.util.List;
import java.util.stream.IntStream;

/**
 * The load of a concurrency sweep: the one closed-loop {@link Scenario} run once per user level, against each target,
 * so each level is measured on its own and the levels can be laid side by side.
 *
 * @param userLevels closed-loop users of each level, strictly ascending
 * @param targets    target names in run order, direct included when it was run
 */
public record SweepScenario(
        List<Integer> userLevels,
        int rampUpSeconds,
        int warmUpSeconds,
        int windowSeconds,
        int responseTimeoutSeconds,
        int backendDelayMinMs,
        int backendDelayMaxMs,
        List<String> targets) {

    /** Wide enough to pass every thread limit of the apps (200, 400) on both sides, on a log-like scale. */
    public static final List<Integer> DEFAULT_USER_LEVELS = List.of(100, 250, 500, 1000, 2000);

    public SweepScenario {
        List<Integer> levels = List.copyOf(userLevels);
        userLevels = levels;
        targets = List.copyOf(targets);
        if (levels.isEmpty()) {
            throw new IllegalArgumentException("a sweep needs at least one user level");
        }
        // Ascending, because every table row and chart line reads left to right as "more users".
        if (!IntStream.range(1, levels.size()).allMatch(i -> levels.get(i) > levels.get(i - 1))) {
            throw new IllegalArgumentException("user levels must be strictly ascending: " + userLevels);
        }
        // Each level is a Scenario of its own, which checks the rest before minutes of load are spent.
        for (int users : userLevels) {
            new Scenario(
                    users,
                    rampUpSeconds,
                    warmUpSeconds,
                    windowSeconds,
                    responseTimeoutSeconds,
                    backendDelayMinMs,
                    backendDelayMaxMs,
                    List.of());
        }
    }

    public double backendMeanDelayMs() {
        return (backendDelayMinMs + backendDelayMaxMs) / 2.0;
    }

    /** One level as the single-run scenario the runner already knows how to run. */
    public Scenario atUsers(int users) {
        return new Scenario(
                users,
                rampUpSeconds,
                warmUpSeconds,
                windowSeconds,
                responseTimeoutSeconds,
                backendDelayMinMs,
                backendDelayMaxMs,
                targets.stream()
                        .filter(name -> !name.equals(Target.DIRECT.name()))
                        .toList());
    }
}
