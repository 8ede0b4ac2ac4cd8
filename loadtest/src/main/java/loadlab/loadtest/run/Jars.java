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
import loadlab.loadtest.plan.Target;

/**
 * The runnable jars a plan needs, checked before the first service starts: a jar that is missing is built from the
 * project when it has its Maven wrapper (so {@code ./mvnw -pl loadtest verify} works from a fresh clone), and one
 * that still is missing fails the run at once rather than when its target's turn comes.
 */
final class Jars {

    private static final long BUILD_MINUTES = 15;

    private Jars() {}

    /** @return why the run cannot start, or empty when every jar is there */
    static List<String> ensure(Path projectDir, List<Target> targets, PrintStream out) {
        Set<Target> needed = new LinkedHashSet<>();
        needed.add(Target.DIRECT);
        needed.addAll(targets);
        List<Target> missing = missing(projectDir, needed);
        Path mvnw = projectDir.resolve("mvnw");
        if (!missing.isEmpty() && Files.isExecutable(mvnw)) {
            List<String> modules =
                    missing.stream().map(Target::module).distinct().toList();
            out.println("loadtest: building the missing jars of " + String.join(", ", modules));
            build(mvnw, projectDir, modules);
            missing = missing(projectDir, needed);
        }
        List<String> reasons = new ArrayList<>();
        for (Target target : missing) {
            reasons.add(target.name() + ": jar missing: " + target.jar(projectDir) + " (run `make build` first)");
        }
        return reasons;
    }

    private static List<Target> missing(Path projectDir, Set<Target> needed) {
        return needed.stream()
                .filter(target -> !Files.isRegularFile(target.jar(projectDir)))
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
