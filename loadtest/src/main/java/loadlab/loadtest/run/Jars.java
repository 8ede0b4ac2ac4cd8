package loadlab.loadtest.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The runnable jars a plan needs, checked before the first service starts: a jar that is missing is built from the
 * project when it has its Maven wrapper (so {@code ./mvnw -pl loadtest verify} works from a fresh clone), and one
 * that still is missing fails the run at once rather than when its target's turn comes.
 */
final class Jars {

    private static final long BUILD_MINUTES = 15;

    private Jars() {}

    /**
     * @param modules the modules whose runnable jars the plan starts (its backend and its apps)
     * @return why the run cannot start, or empty when every jar is there
     */
    static List<String> ensure(Path projectDir, List<String> modules, PrintStream out) {
        Set<String> needed = new LinkedHashSet<>(modules);
        List<String> missing = missing(projectDir, needed);
        Path mvnw = projectDir.resolve("mvnw");
        if (!missing.isEmpty() && Files.isExecutable(mvnw)) {
            out.println("loadtest: building the missing jars of " + String.join(", ", missing));
            build(mvnw, projectDir, missing);
            missing = missing(projectDir, needed);
        }
        List<String> reasons = new ArrayList<>();
        for (String module : missing) {
            reasons.add(module + ": jar missing: " + jar(projectDir, module) + " (run `make build` first)");
        }
        return reasons;
    }

    /** Where {@code make build} leaves a module's runnable jar (the parent POM fixes the file name). */
    static Path jar(Path projectDir, String module) {
        return projectDir.resolve(module).resolve("target").resolve(module + ".jar");
    }

    private static List<String> missing(Path projectDir, Set<String> needed) {
        return needed.stream()
                .filter(module -> !Files.isRegularFile(jar(projectDir, module)))
                .toList();
    }

    private static void build(Path mvnw, Path projectDir, List<String> modules) {
        ProcessBuilder maven = new ProcessBuilder(
                        mvnw.toString(),
                        "-B",
                        "-ntp",
                        "-q",
                        "-pl",
                        String.join(",", modules),
                        "-am",
                        "package",
                        "-DskipTests")
                .directory(projectDir.toFile())
                .inheritIO();
        maven.environment().put("JAVA_HOME", System.getProperty("java.home"));
        try {
            Process build = maven.start();
            if (!build.waitFor(BUILD_MINUTES, TimeUnit.MINUTES)) {
                build.destroyForcibly();
            }
        } catch (IOException e) {
            // The jars stay missing, and the run says so.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
