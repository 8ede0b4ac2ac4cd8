package loadlab.executors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

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
    }

    static String render(Path results) throws IOException {
        return ExecutorsReport.render(
                JmhResult.read(results.resolve(ExecutorsReport.RESULT_JSON)),
                RunEnvironment.read(results.resolve(RunEnvironment.FILE)));
    }
}
