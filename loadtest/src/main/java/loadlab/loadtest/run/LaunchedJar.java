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
 * {@link Launch#CDS} the jar extracted into {@code <module>/target/cds/} (a plain jar, such as slow-server's, as it is)
 * with the class-data archive beside it, which the JVM writes as the first start exits and maps at every start after.
 * The JVM checks the archive against the jars it was made from and writes a new one when they changed.
 */
record LaunchedJar(Path jar, List<String> flags) {

    /** How the flags of a {@link Launch#CDS} launch read in a report (their paths differ per service). */
    static final String CDS_FLAGS_SHOWN =
            "-XX:SharedArchiveFile=<module>/target/cds/<module>.jsa -XX:+AutoCreateSharedArchive, from the extracted jar";

    private static final String FOLDER = "cds";
    private static final String SOURCE = "extracted-from";
    private static final long EXTRACT_MINUTES = 2;

    static LaunchedJar of(Path projectDir, String module, Launch launch) {
        Path built = Jars.jar(projectDir, module);
        if (launch == Launch.JAR) {
            return new LaunchedJar(built, List.of());
        }
        Path folder = folder(projectDir, module);
        Path extracted = folder.resolve(module + ".jar");
        return new LaunchedJar(
                Files.isRegularFile(extracted) ? extracted : built,
                List.of("-XX:SharedArchiveFile=" + folder.resolve(module + ".jsa"), "-XX:+AutoCreateSharedArchive"));
    }

    /**
     * Makes each module ready for the launch before the first service starts: for {@link Launch#CDS}, extracts a
     * Spring Boot jar unless its extraction is of this very jar (the same entries, sizes and CRCs). Test JVMs running
     * side by side may prepare the same module at once, so each module is prepared under a file lock.
     *
     * @return why a module cannot be launched so, or empty when every one can
     */
    static List<String> prepare(Path projectDir, List<String> modules, Launch launch) {
        List<String> reasons = new ArrayList<>();
        if (launch == Launch.JAR) {
            return reasons;
        }
        for (String module : modules) {
            try {
                prepare(projectDir, module);
            } catch (IOException e) {
                reasons.add(module + ": could not extract " + Jars.jar(projectDir, module) + " for launch=cds: "
                        + e.getMessage());
            }
        }
        return reasons;
    }

    // Synchronized as well as locked: a JVM's second lock on one file throws instead of waiting.
    private static synchronized void prepare(Path projectDir, String module) throws IOException {
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
                extract(built, folder);
            }
            Files.writeString(stamp, source);
        }
    }

    private static Path folder(Path projectDir, String module) {
        return Jars.jar(projectDir, module).resolveSibling(FOLDER);
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

    private static void extract(Path jar, Path folder) throws IOException {
        Path log = folder.resolve("extract.log");
        Process tools = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Djarmode=tools",
                        "-jar",
                        jar.toString(),
                        "extract",
                        "--destination",
                        folder.toString(),
                        "--force")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!tools.waitFor(EXTRACT_MINUTES, TimeUnit.MINUTES)) {
                tools.destroyForcibly();
                throw new IOException("extraction still running after " + EXTRACT_MINUTES + " min (log: " + log + ")");
            }
        } catch (InterruptedException e) {
            tools.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while extracting");
        }
        if (tools.exitValue() != 0) {
            throw new IOException("extraction exited with " + tools.exitValue() + " (log: " + log + ")");
        }
    }
}
