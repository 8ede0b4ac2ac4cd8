package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;

/**
 * The database client a target runs, named from its jars' own file names, so the report says exactly which driver and
 * pool were measured: {@code pgjdbc 42.7.11, HikariCP 7.0.2} or {@code r2dbc-postgresql 1.1.1.RELEASE, r2dbc-pool
 * 1.0.2.RELEASE}.
 */
final class DbClients {

    /** Jar name prefix, and how the report calls it. */
    private static final Map<String, String> KNOWN = new LinkedHashMap<>();

    static {
        KNOWN.put("postgresql", "pgjdbc");
        KNOWN.put("HikariCP", "HikariCP");
        KNOWN.put("r2dbc-postgresql", "r2dbc-postgresql");
        KNOWN.put("r2dbc-pool", "r2dbc-pool");
    }

    private static final Pattern JAR = Pattern.compile("(?:.*/)?([A-Za-z][A-Za-z0-9-]*?)-([0-9][^/]*)\\.jar");

    private DbClients() {}

    /** The clients among these jar file names (or paths), in the order {@link #KNOWN} lists them. */
    static String of(List<String> jarNames) {
        Map<String, String> found = new LinkedHashMap<>();
        for (String jar : jarNames) {
            Matcher m = JAR.matcher(jar);
            if (m.matches() && KNOWN.containsKey(m.group(1))) {
                found.put(m.group(1), KNOWN.get(m.group(1)) + " " + m.group(2));
            }
        }
        List<String> ordered = new ArrayList<>();
        KNOWN.keySet().forEach(key -> {
            if (found.containsKey(key)) {
                ordered.add(found.get(key));
            }
        });
        return ordered.isEmpty() ? "unknown" : String.join(", ", ordered);
    }

    /** The clients inside a Spring Boot fat jar ({@code BOOT-INF/lib/}). */
    static String ofBootJar(Path jar) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return of(zip.stream()
                    .map(entry -> entry.getName())
                    .filter(name -> name.startsWith("BOOT-INF/lib/"))
                    .toList());
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** The clients of this JVM, the direct row's: the jars its driver and pool classes come from. */
    static String ofThisJvm() {
        List<String> jars = new ArrayList<>();
        for (Class<?> type : new Class<?>[] {org.postgresql.Driver.class, com.zaxxer.hikari.HikariDataSource.class}) {
            var source = type.getProtectionDomain().getCodeSource();
            if (source != null) {
                jars.add(source.getLocation().getPath());
            }
        }
        return of(jars);
    }
}
