package loadlab.loadtest.plan;

import java.util.Locale;

/** How the lab starts the services it runs (slow-server, db-server, the apps) from their jars. */
public enum Launch {
    /** {@code java -jar} on the jar the build left: how the apps ship, and how every committed result started them. */
    JAR,
    /**
     * From the jar extracted beside it ({@code -Djarmode=tools extract}, a plain jar as it is), with a class-data
     * archive that the JVM writes as the first start exits and maps at every start after: the same classes, loaded in
     * about half the CPU. What Spring Boot recommends for deployments; the tests use it, because an app start under a
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
