package loadlab.loadtest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import loadlab.loadtest.plan.Knob;
import loadlab.loadtest.plan.Knobs;
import loadlab.loadtest.plan.Target;

/**
 * {@code ./mvnw -pl loadtest verify -Dusers=50}: the runner's jar in a JVM of its own, as {@code make} starts it, with
 * every knob Maven was given as a {@code -D} property. Maven runs this class in its own JVM (exec:java), where those
 * properties are system properties; JMeter runs in the child, out of Maven's class loader.
 *
 * <p>Arguments: the runner's jar, the project, the command ({@code compare}, {@code scenarios}, {@code report},
 * {@code diff}), the runner's JVM flags, and the modules of this build ({@code ${session.projects}}).
 */
public final class MavenRun {

    private MavenRun() {}

    public static void main(String[] args) throws IOException, InterruptedException {
        List<String> alongside = runsLoad(args[2]) ? jarsBuiltAlongside(args[4]) : List.of();
        if (!alongside.isEmpty()) {
            System.out.println("loadtest: no " + args[2] + " in a build that also builds the jars it starts ("
                    + String.join(", ", alongside) + "): `./mvnw -pl loadtest verify` or `make " + args[2]
                    + "` runs one on the built jars");
            return;
        }
        List<String> knobs = knobs(System.getProperties());
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(args[3].strip().split("\\s+")));
        command.addAll(List.of("-jar", args[0], args[2], "--project=" + args[1]));
        command.addAll(knobs);
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment()
                .putIfAbsent(
                        "LOADLAB_COMMAND",
                        "./mvnw -pl loadtest verify"
                                + knobs.stream()
                                        .map(k -> " -D" + k.substring(2))
                                        .collect(Collectors.joining()));
        Process runner = builder.start();
        // Maven stopped (Ctrl-C, SIGTERM): so is the runner, whose own hooks stop what it started.
        Thread stop = new Thread(runner::destroy);
        Runtime.getRuntime().addShutdownHook(stop);
        int code = runner.waitFor();
        Runtime.getRuntime().removeShutdownHook(stop);
        if (code != 0) {
            throw new IllegalStateException("the runner exited with " + code);
        }
    }

    /** {@code --name=value} for each knob set as a system property (Maven's {@code -Dname=value}). */
    static List<String> knobs(Properties properties) {
        return Knob.ALL.stream()
                .filter(knob -> properties.getProperty(knob.name()) != null)
                .map(knob -> "--" + knob.name() + "=" + properties.getProperty(knob.name()))
                .toList();
    }

    private static boolean runsLoad(String command) {
        return Arrays.stream(Knobs.Mode.values()).anyMatch(mode -> mode.command.equals(command) && mode.runsLoad());
    }

    /**
     * The modules of this build whose jars a load starts, read from Maven's list of the build's projects (each
     * "MavenProject: loadlab:app-webflux:0.1.0-SNAPSHOT @ ..."). Nothing orders loadtest after them, so that its unit
     * tests need not wait for theirs: in such a build (`./mvnw verify` at the top) a load could start a jar that is
     * not built yet, or an old one.
     */
    static List<String> jarsBuiltAlongside(String projects) {
        return Stream.concat(
                        Stream.of(Target.SLOW_SERVER, Target.DB_SERVER),
                        Target.APPS.stream().map(Target::name))
                .filter(module -> projects.contains("loadlab:" + module + ":"))
                .toList();
    }
}
