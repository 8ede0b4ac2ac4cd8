package loadlab.dbserver;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The operating-system user that runs initdb and postgres, and the {@code setpriv} prefix that makes it so.
 *
 * <p>PostgreSQL refuses to run as root ({@code initdb: cannot be run as root}), and the lab's machines and CI run as
 * root: then the server runs as {@value #UNPRIVILEGED}, the one unprivileged account every Linux has. Otherwise it
 * runs as the JVM's own user.
 *
 * <p>Either way the command goes through {@code setpriv --pdeathsig=INT}: the kernel sends SIGINT (PostgreSQL's
 * fast shutdown) to the postmaster when the thread that started it dies, so a db-server JVM killed with SIGKILL,
 * whose shutdown hooks never run, still takes its PostgreSQL with it.
 */
record ServerUser(String name, int uid, int gid, boolean switchedFromRoot) {

    static final String UNPRIVILEGED = "nobody";

    static ServerUser forThisJvm() {
        UnixSystem jvm = new UnixSystem();
        if (jvm.getUid() != 0) {
            return new ServerUser(jvm.getUsername(), (int) jvm.getUid(), (int) jvm.getGid(), false);
        }
        return new ServerUser(
                UNPRIVILEGED, idOf("-u", UNPRIVILEGED), idOf("-g", UNPRIVILEGED), /* switchedFromRoot= */ true);
    }

    /** {@code command} run as this user, sent SIGINT if the calling thread dies first. */
    List<String> command(List<String> command) {
        List<String> full = new ArrayList<>(List.of("setpriv"));
        if (switchedFromRoot) {
            full.addAll(List.of("--reuid=" + uid, "--regid=" + gid, "--clear-groups"));
        }
        full.add("--pdeathsig=INT");
        full.add("--");
        full.addAll(command);
        return full;
    }

    /** Hands a file the JVM created to this user (a no-op unless the JVM is root and the server is not). */
    void own(Path path) {
        if (!switchedFromRoot) {
            return;
        }
        try {
            Files.setAttribute(path, "unix:uid", uid);
            Files.setAttribute(path, "unix:gid", gid);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot hand " + path + " to user " + name, e);
        }
    }

    private static int idOf(String which, String user) {
        try {
            Process id = new ProcessBuilder("id", which, user)
                    .redirectErrorStream(true)
                    .start();
            String output = new String(id.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (id.waitFor() != 0 || !output.matches("[0-9]+")) {
                throw new IllegalStateException("PostgreSQL cannot run as root and there is no user " + user
                        + " to run it as (id " + which + " " + user + ": "
                        + output.lines().findFirst().orElse("")
                        + ")");
            }
            return Integer.parseInt(output);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while looking up user " + user, e);
        }
    }
}
