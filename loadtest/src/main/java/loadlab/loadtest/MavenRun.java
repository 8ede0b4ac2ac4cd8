package loadlab.loadtest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import loadlab.loadtest.plan.Knob;

/**
 * {@code ./mvnw -pl loadtest verify -Dusers=50}: the runner's jar in a JVM of its own, as {@code make} starts it, with
 * every knob Maven was given as a {@code -D} property. Maven runs this class in its own JVM (exec:java), where those
 * properties are system properties; JMeter runs in the child, out of Maven's class loader.
 *
 * <p>Arguments: the runner's jar, the project, the command ({@code compare}, {@code scenarios}, {@code report},
 * {@code diff}) and the runner's JVM flags.
 */
public final class MavenRun {

    private MavenRun() {}

    public static void main(String[] args) throws IOException, InterruptedException {
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
}
