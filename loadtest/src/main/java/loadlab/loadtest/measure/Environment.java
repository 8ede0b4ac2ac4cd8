package loadlab.loadtest.measure;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.lang.management.ManagementFactory;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;

/**
 * Where and how the numbers were produced, so a reader can tell whether two summaries are comparable.
 * Free text on purpose: it is only ever printed.
 *
 * @param dateTime         when the run started
 * @param commandLine      how the run was started
 * @param gitCommit        the commit the apps were built from (with a "-dirty" mark if the runner knows)
 * @param jdk              vendor and version
 * @param loadGeneratorJvm heap and flags of the JVM running JMeter, which shares the machine with the apps
 * @param remoteTargets    each target the lab loaded but did not start, with its URL and where its figures came from;
 *                         empty when the lab started every target (and then left out of the data file, so that files
 *                         of such runs, and older files, read and write as before)
 */
public record Environment(
        String dateTime,
        String commandLine,
        String gitCommit,
        String jdk,
        String os,
        int cores,
        String memory,
        String appJvmFlags,
        String loadGeneratorJvm,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> remoteTargets) {

    public Environment {
        remoteTargets = remoteTargets == null ? List.of() : List.copyOf(remoteTargets);
    }

    /** An environment in which the lab started every target. */
    public Environment(
            String dateTime,
            String commandLine,
            String gitCommit,
            String jdk,
            String os,
            int cores,
            String memory,
            String appJvmFlags,
            String loadGeneratorJvm) {
        this(dateTime, commandLine, gitCommit, jdk, os, cores, memory, appJvmFlags, loadGeneratorJvm, List.of());
    }

    /** Fills what this JVM can know about itself and the machine; the runner supplies the rest. */
    public static Environment detect(
            ZonedDateTime startedAt, String commandLine, String gitCommit, String appJvmFlags) {
        Runtime runtime = Runtime.getRuntime();
        String jvmFlags = String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
        return new Environment(
                startedAt.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                commandLine,
                gitCommit,
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                        + System.getProperty("os.arch") + ")",
                runtime.availableProcessors(),
                physicalMemory(),
                appJvmFlags,
                "max heap " + gibibytes(runtime.maxMemory()) + (jvmFlags.isBlank() ? "" : ", flags " + jvmFlags));
    }

    /**
     * The same environment, with its load generator line saying that the load came from remote engines and that this
     * JVM only collected their samples (its figures in the load generator table are the runner's rows; each engine has
     * rows of its own).
     */
    public Environment loadFrom(String engines) {
        return new Environment(
                dateTime,
                commandLine,
                gitCommit,
                jdk,
                os,
                cores,
                memory,
                appJvmFlags,
                engines + "; the runner's JVM, which collects the samples (the load generator table's runner rows,"
                        + " beside each engine's own): " + loadGeneratorJvm,
                remoteTargets);
    }

    /** The same environment, naming the targets the lab loaded but did not start. */
    public Environment withRemoteTargets(List<String> remote) {
        return new Environment(
                dateTime, commandLine, gitCommit, jdk, os, cores, memory, appJvmFlags, loadGeneratorJvm, remote);
    }

    private static String physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return gibibytes(os.getTotalMemorySize());
        }
        return "unknown";
    }

    private static String gibibytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }
}
