package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** What the reports record of the checkout: the commit the jars were built from. */
public final class Git {

    private Git() {}

    /**
     * The commit, marked dirty when tracked files have uncommitted changes. The results folder does not count: it is
     * what the lab writes, not what it runs, and the second scenario of {@code make scenarios} finds the first one's
     * reports there. A run into a folder inside the project's {@code results/} (an experiment's) leaves the whole of
     * {@code results/} out: the scenario reports a run before it wrote there are not what this one runs either.
     */
    public static String commit(Path projectDir, Path resultsDir) {
        String head = git(projectDir, "rev-parse", "--short=12", "HEAD");
        if (head.isEmpty()) {
            return "unknown (not a git checkout)";
        }
        List<String> status = new ArrayList<>(List.of("status", "--porcelain", "--untracked-files=no", "--", "."));
        Path project = projectDir.toAbsolutePath().normalize();
        Path results = resultsDir.toAbsolutePath().normalize();
        Path resultsRoot = project.resolve("results");
        if (results.startsWith(resultsRoot)) {
            status.add(":(exclude)results");
        } else if (results.startsWith(project) && !results.equals(project)) {
            status.add(":(exclude)" + project.relativize(results));
        }
        return git(projectDir, status.toArray(String[]::new)).isEmpty() ? head : head + "-dirty";
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
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
