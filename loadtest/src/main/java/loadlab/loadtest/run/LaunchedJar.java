package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.CRC32;
import loadlab.loadtest.plan.Launch;

/**
 * A service's jar as the lab starts it, and the JVM flags its {@link Launch} adds: the built jar and none, or for
 * {@link Launch#CDS} a Spring Boot jar extracted into {@code <module>/target/cds/} with a class-data archive beside it
 * (a plain jar, such as slow-server's, starts as it is). The archive comes from a training start of the extracted jar
 * of its own, as Spring Boot documents it: {@code -XX:ArchiveClassesAtExit} and {@code spring.context.exit=onRefresh},
 * so the app exits once it is up and the JVM writes the classes it loaded. Never from a measured start: a JVM that
 * writes an archive as it exits runs with JFR disabled, and the first run of each app lost its recording so.
 */
record LaunchedJar(Path jar, List<String> flags) {

    /** How the flags of a {@link Launch#CDS} launch read in a report (their paths differ per service). */
    static final String CDS_FLAGS_SHOWN = "-XX:SharedArchiveFile=<module>/target/cds/<module>.jsa, from the extracted"
            + " jar (the archive from a start of its own with -XX:ArchiveClassesAtExit and"
            + " spring.context.exit=onRefresh)";

    private static final String FOLDER = "cds";
    private static final String SOURCE = "extracted-from";
    /** Each of extracting and training takes seconds; this only keeps a stuck one from hanging the run. */
    private static final long STEP_MINUTES = 2;

    static LaunchedJar of(Path projectDir, String module, Launch launch) {
        Path built = Jars.jar(projectDir, module);
        if (launch == Launch.JAR) {
            return new LaunchedJar(built, List.of());
        }
        Path folder = folder(projectDir, module);
        Path extracted = folder.resolve(module + ".jar");
        Path archive = archive(folder, module);
        if (!Files.isRegularFile(extracted)) {
            return new LaunchedJar(built, List.of());
        }
        return new LaunchedJar(
                extracted, Files.isRegularFile(archive) ? List.of("-XX:SharedArchiveFile=" + archive) : List.of());
    }

    /**
     * Makes each module ready for the launch before the first service starts: for {@link Launch#CDS}, extracts a
     * Spring Boot jar and trains its archive, unless both are of this very jar (the same entries, sizes and CRCs). Test
     * JVMs running side by side may prepare the same module at once, so each module is prepared under a file lock.
     *
     * @param jvmFlags the flags the services will start with, which the training start runs with too
     * @param runId    the run's tag, which its extractions and training starts carry as its services do
     * @return why a module cannot be launched so, or empty when every one can
     */
    static List<String> prepare(
            Path projectDir, List<String> modules, Launch launch, List<String> jvmFlags, String runId) {
        List<String> reasons = new ArrayList<>();
        if (launch == Launch.JAR) {
            return reasons;
        }
        for (String module : modules) {
            try {
                prepare(projectDir, module, jvmFlags, runId);
            } catch (IOException e) {
                reasons.add(module + ": could not prepare " + Jars.jar(projectDir, module) + " for launch=cds: "
                        + e.getMessage());
            }
        }
        return reasons;
    }

    // Synchronized as well as locked: a JVM's second lock on one file throws instead of waiting.
    private static synchronized void prepare(Path projectDir, String module, List<String> jvmFlags, String runId)
            throws IOException {
        Path built = Jars.jar(projectDir, module);
        Path folder = folder(projectDir, module);
        Files.createDirectories(folder.getParent());
        try (FileChannel channel = FileChannel.open(
                        folder.resolveSibling(FOLDER + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock ignored = channel.lock()) {
            String source = fingerprint(built);
            Path stamp = folder.resolve(SOURCE);
            if (Files.isRegularFile(stamp) && Files.readString(stamp).equals(source)) {
                return;
            }
            ResultsFolder.deleteTree(folder);
            Files.createDirectories(folder);
            if (isSpringBoot(built)) {
                extract(built, folder, runId);
                train(folder, module, jvmFlags, runId);
            }
            Files.writeString(stamp, source);
        }
    }

    private static Path folder(Path projectDir, String module) {
        return Jars.jar(projectDir, module).resolveSibling(FOLDER);
    }

    private static Path archive(Path folder, String module) {
        return folder.resolve(module + ".jsa");
    }

    /** Read from the jar's central directory alone, so it costs milliseconds even for a fat jar. */
    private static String fingerprint(Path jar) throws IOException {
        CRC32 digest = new CRC32();
        long entries = 0;
        try (JarFile file = new JarFile(jar.toFile())) {
            for (JarEntry entry : Collections.list(file.entries())) {
                digest.update((entry.getName() + " " + entry.getSize() + " " + entry.getCrc() + "\n")
                        .getBytes(StandardCharsets.UTF_8));
                entries++;
            }
        }
        return entries + " entries, CRC " + Long.toHexString(digest.getValue());
    }

    private static boolean isSpringBoot(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest() != null
                    && file.getManifest().getMainAttributes().getValue("Spring-Boot-Version") != null;
        }
    }

    private static void extract(Path jar, Path folder, String runId) throws IOException {
        step(
                "extraction",
                folder.resolve("extract.log"),
                runId,
                List.of(
                        "-Djarmode=tools",
                        "-jar",
                        jar.toString(),
                        "extract",
                        "--destination",
                        folder.toString(),
                        "--force"));
    }

    /** On port 0 of loopback, so that it meets no service; it exits by itself once the app is up. */
    private static void train(Path folder, String module, List<String> jvmFlags, String runId) throws IOException {
        Path archive = archive(folder, module);
        Path log = folder.resolve("train.log");
        List<String> arguments = new ArrayList<>(jvmFlags);
        arguments.addAll(List.of(
                "-XX:ArchiveClassesAtExit=" + archive,
                "-Dspring.context.exit=onRefresh",
                "-jar",
                folder.resolve(module + ".jar").toString(),
                "--server.port=0",
                "--server.address=127.0.0.1"));
        step("training start", log, runId, arguments);
        if (!Files.isRegularFile(archive)) {
            throw new IOException("training start wrote no class-data archive (log: " + log + ")");
        }
    }

    /**
     * Runs this JVM's java with these arguments, its output to {@code log}, and fails unless it ends with 0 in time.
     * Tagged with the run, as the services are, so that a wrapper ends it should this JVM die first.
     */
    private static void step(String what, Path log, String runId, List<String> arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add(LabProcess.RUN_TAG + runId);
        command.addAll(arguments);
        Process java = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!java.waitFor(STEP_MINUTES, TimeUnit.MINUTES)) {
                java.destroyForcibly();
                throw new IOException(what + " still running after " + STEP_MINUTES + " min (log: " + log + ")");
            }
        } catch (InterruptedException e) {
            java.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during " + what);
        }
        if (java.exitValue() != 0) {
            throw new IOException(what + " exited with " + java.exitValue() + " (log: " + log + ")");
        }
    }
}
