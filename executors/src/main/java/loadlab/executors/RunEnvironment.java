package loadlab.executors;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * What the report says about where and how it was produced; the benchmark JVM's own version and flags come from
 * JMH's result instead.
 *
 * @param gitCommit the commit, with "-dirty" when tracked files had uncommitted changes
 * @param wallTime  the JMH run from start to end, benchmark JVMs included
 */
public record RunEnvironment(
        String dateTime, String command, String gitCommit, String os, int cores, String memory, Duration wallTime) {

    /** Where a run keeps this beside JMH's result, so that its report can be rendered again from the two. */
    public static final String FILE = "executors/environment.json";

    /** As JSON, the wall time in whole seconds. */
    public String toJson() {
        com.google.gson.JsonObject json = new com.google.gson.JsonObject();
        json.addProperty("dateTime", dateTime);
        json.addProperty("command", command);
        json.addProperty("gitCommit", gitCommit);
        json.addProperty("os", os);
        json.addProperty("cores", cores);
        json.addProperty("memory", memory);
        json.addProperty("wallTimeSeconds", wallTime.toSeconds());
        return new com.google.gson.GsonBuilder().setPrettyPrinting().create().toJson(json) + "\n";
    }

    public static RunEnvironment read(Path file) throws java.io.IOException {
        com.google.gson.JsonObject json = com.google.gson.JsonParser.parseString(java.nio.file.Files.readString(file))
                .getAsJsonObject();
        return new RunEnvironment(
                json.get("dateTime").getAsString(),
                json.get("command").getAsString(),
                json.get("gitCommit").getAsString(),
                json.get("os").getAsString(),
                json.get("cores").getAsInt(),
                json.get("memory").getAsString(),
                Duration.ofSeconds(json.get("wallTimeSeconds").getAsLong()));
    }

    public static RunEnvironment detect(ZonedDateTime startedAt, String command, Path projectDir, Duration wallTime) {
        return new RunEnvironment(
                startedAt.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
                command,
                gitCommit(projectDir),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                        + System.getProperty("os.arch") + ")",
                Runtime.getRuntime().availableProcessors(),
                physicalMemory(),
                wallTime);
    }

    static String gitCommit(Path projectDir) {
        String head = git(projectDir, "rev-parse", "--short=12", "HEAD");
        if (head.isEmpty()) {
            return "unknown (not a git checkout)";
        }
        return git(projectDir, "status", "--porcelain", "--untracked-files=no").isEmpty() ? head : head + "-dirty";
    }

    private static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        try {
            Process git = new ProcessBuilder(command)
                    .directory(dir.toFile())
                    .redirectErrorStream(true)
                    .start();
            String output = new String(git.getInputStream().readAllBytes()).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? output : "";
        } catch (java.io.IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }

    private static String physicalMemory() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return String.format(Locale.ROOT, "%.1f GiB", os.getTotalMemorySize() / (1024.0 * 1024 * 1024));
        }
        return "unknown";
    }
}
