package loadlab.executors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import loadlab.reporting.GeneratedBlocks;

/**
 * {@code make report}'s share of the executors: results/executors.md rendered again from JMH's result and the run's
 * environment beside it, with no benchmark run. Nothing to do where there is no JMH result.
 */
public final class RebuildReport {

    private RebuildReport() {}

    public static void main(String[] args) throws IOException {
        Path results = Path.of(args.length > 0 ? args[0] : "results");
        Path json = results.resolve(ExecutorsReport.RESULT_JSON);
        Path environment = results.resolve(RunEnvironment.FILE);
        if (!Files.isRegularFile(json) || !Files.isRegularFile(environment)) {
            System.out.println("executors: no " + json + " with its " + environment + ": nothing to rebuild");
            return;
        }
        Files.writeString(results.resolve("executors.md"), render(results));
        System.out.println("executors: rebuilt " + results.resolve("executors.md") + " from " + json);
        if (results.normalize().equals(Path.of(DOCS_RESULTS))) {
            refreshDocs(Path.of(""), results);
        }
    }

    /** The results folder the docs cite, relative to the project, from which {@code make report} runs. */
    static final String DOCS_RESULTS = "results";

    /** The block of the docs this runner owns ({@link GeneratedBlocks}). */
    static final String BLOCK = "executors";

    /**
     * Rewrites the executors' generated block in the README and every page of docs/ from the committed results, when
     * {@code make report} rebuilds the project's own results folder.
     */
    static void refreshDocs(Path project, Path results) throws IOException {
        for (Path document : GeneratedBlocks.documents(project)) {
            String text = Files.readString(document);
            String filled = filled(text, results);
            if (!filled.equals(text)) {
                Files.writeString(document, filled);
                System.out.println("executors: refreshed the generated block of " + document);
            }
        }
    }

    static String filled(String document, Path results) throws IOException {
        String headline = ExecutorsReport.headline(
                JmhResult.read(results.resolve(ExecutorsReport.RESULT_JSON)),
                RunEnvironment.read(results.resolve(RunEnvironment.FILE)));
        return GeneratedBlocks.fill(document, name -> name.equals(BLOCK) ? Optional.of(headline) : Optional.empty());
    }

    static String render(Path results) throws IOException {
        return ExecutorsReport.render(
                JmhResult.read(results.resolve(ExecutorsReport.RESULT_JSON)),
                RunEnvironment.read(results.resolve(RunEnvironment.FILE)));
    }
}
