package loadlab.loadtest.plan;

import java.util.Locale;

/** How the lab starts the services it runs (slow-server, db-server, the apps) from their jars. */
public enum Launch {
    /** {@code java -jar} on the jar the build left: how the apps ship, and how every committed result started them. */
    JAR,
    /**
     * An app from its jar extracted beside it ({@code -Djarmode=tools extract}; slow-server's and db-server's plain
     * jars as they are), with a class-data archive that a start of its own wrote (Spring Boot's training start, which
     * exits once the app is up), mapped at every start: the same classes, loaded in about half the CPU. What Spring Boot recommends for deployments; the tests use it, because an app start under a
     * second JVM's load took 8-10 CPU-seconds, most of the end-to-end tests' cost.
     */
    CDS;

    static Launch read(String label, String raw) {
        return switch (raw.toLowerCase(Locale.ROOT)) {
            case "jar" -> JAR;
            case "cds" -> CDS;
            default -> throw new IllegalArgumentException(label + "='" + raw + "' is not jar or cds");
        };
    }
}
