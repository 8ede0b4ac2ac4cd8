package loadlab.loadtest.plan;

/**
 * Validates the knobs and nothing else, so that {@code make} can refuse a bad one in a second, before it builds:
 * {@code java --class-path loadtest/src/main/resources loadtest/src/main/java/loadlab/loadtest/plan/KnobCheck.java
 * --users=abc} runs straight from the sources (the plan package needs nothing but the JDK) and prints the runner's
 * own one-line error.
 */
public final class KnobCheck {

    private KnobCheck() {}

    public static void main(String[] args) {
        try {
            Knobs.parse(args);
        } catch (IllegalArgumentException bad) {
            System.err.println("loadtest: " + bad.getMessage());
            System.exit(2);
        }
    }
}
