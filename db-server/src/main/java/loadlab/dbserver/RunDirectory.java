package loadlab.dbserver;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * One db-server's fresh temporary directory ({@code <java.io.tmpdir>/loadlab-db-*}): the data directory and
 * nothing else, removed on close.
 *
 * <p>A JVM killed with SIGKILL cannot remove it (its PostgreSQL stops, see {@link ServerUser}, but the ~40 MB of
 * data stay). So each directory holds a lock file that its JVM keeps locked while it lives; the kernel drops the
 * lock when the JVM dies, and the next db-server to start removes every unlocked directory.
 */
final class RunDirectory implements AutoCloseable {

    static final String PREFIX = "loadlab-db-";
    private static final String LOCK = "lock";

    // Never open another channel on our own lock files: closing it would drop the lock this JVM holds.
    private static final Set<Path> OURS = ConcurrentHashMap.newKeySet();

    private final Path path;
    private final FileChannel lockChannel;

    private RunDirectory(Path path, FileChannel lockChannel) {
        this.path = path;
        this.lockChannel = lockChannel;
    }

    /** A new directory readable and writable by {@code user} alone, locked by this JVM. */
    static RunDirectory create(ServerUser user) {
        try {
            Path path = Files.createTempDirectory(
                    tempDirectory(),
                    PREFIX,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            OURS.add(path);
            FileChannel lock =
                    FileChannel.open(path.resolve(LOCK), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            lock.lock();
            user.own(path);
            return new RunDirectory(path, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a data directory under " + tempDirectory() + ": " + e, e);
        }
    }

    Path path() {
        return path;
    }

    Path dataDirectory() {
        return path.resolve("data");
    }

    @Override
    public void close() {
        try {
            PostgresBinaries.deleteTree(path);
        } finally {
            try {
                lockChannel.close();
            } catch (IOException ignored) {
                // The lock goes with the JVM anyway.
            }
            OURS.remove(path);
        }
    }

    /** Removes the directories of db-servers that died without removing their own, and says which. */
    static void removeAbandoned(Consumer<String> notices) {
        try (DirectoryStream<Path> candidates = Files.newDirectoryStream(tempDirectory(), PREFIX + "*")) {
            for (Path candidate : candidates) {
                if (!OURS.contains(candidate) && isAbandoned(candidate)) {
                    try {
                        PostgresBinaries.deleteTree(candidate);
                        notices.accept("removed " + candidate + ", left by a db-server that was killed");
                    } catch (UncheckedIOException notOurs) {
                        // Another user's, or being removed by someone else: not ours to insist on.
                    }
                }
            }
        } catch (IOException | UncheckedIOException e) {
            notices.accept("could not look for abandoned data directories: " + e.getMessage());
        }
    }

    private static boolean isAbandoned(Path candidate) {
        Path lockFile = candidate.resolve(LOCK);
        if (!Files.isRegularFile(lockFile)) {
            // Unreadable (another user's) or being created this very moment: leave it.
            return false;
        }
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.READ)) {
            FileLock probe = channel.tryLock(0, Long.MAX_VALUE, true);
            if (probe == null) {
                return false;
            }
            probe.release();
        } catch (IOException | OverlappingFileLockException e) {
            return false;
        }
        return !postmasterStillRuns(candidate.resolve("data/postmaster.pid"));
    }

    // A postmaster that somehow outlived its JVM still uses the directory; the runner's reaping ends it.
    private static boolean postmasterStillRuns(Path pidFile) {
        try {
            List<String> lines = Files.readAllLines(pidFile);
            long pid = Long.parseLong(lines.getFirst().trim());
            // Alive at all, not "alive and named postgres": another user's command is not always visible.
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        } catch (IOException | RuntimeException noPostmaster) {
            return false;
        }
    }

    private static Path tempDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }
}
