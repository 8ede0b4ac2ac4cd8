package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.report.AnswerReport;
import loadlab.loadtest.report.ExperimentsReport;
import loadlab.loadtest.report.TimelinePairs;
import loadlab.loadtest.run.AtomicFile;
import loadlab.loadtest.run.ResultsFolder;

/**
 * The results folder's indexes, written anew each time from every data file under it: results/README.md, the answer
 * page over the scenarios' canonical runs; results/timelines.md, the disturbance timelines closed and open side by
 * side, when an open one was measured; and results/experiments/README.md over the other runs (repeats, variants,
 * diagnostic runs), when there are any.
 */
final class Index {

    static final String FILE = "README.md";

    private Index() {}

    /**
     * @param resultsDir a results folder, or a run's folder inside one's experiments (RESULTS=results/experiments/x),
     *     whose enclosing results folder's indexes are then the ones written
     */
    static void write(Path resultsDir, PrintStream out) {
        Path root = rootOf(resultsDir);
        List<AnswerReport.Entry> entries = entries(root);
        if (entries.isEmpty()) {
            return;
        }
        write(root.resolve(FILE), AnswerReport.page(entries), out);
        TimelinePairs.page(entries).ifPresent(page -> write(root.resolve(TimelinePairs.FILE), page, out));
        if (entries.stream().anyMatch(e -> !e.canonical())) {
            write(root.resolve(ExperimentsReport.FOLDER).resolve(FILE), ExperimentsReport.page(entries), out);
        }
    }

    /** Every data file under the results folder that can be read, with where it sits. */
    static List<AnswerReport.Entry> entries(Path root) {
        List<AnswerReport.Entry> entries = new ArrayList<>();
        for (Path file : ResultsFolder.dataFilesUnder(root)) {
            try {
                ResultSet results = DataFile.read(file);
                Path report = new ResultsFolder(file.getParent(), results.plan().kind()).report();
                String folder = slashes(root.relativize(file.getParent()));
                entries.add(new AnswerReport.Entry(
                        folder.isEmpty() ? "." : folder, slashes(root.relativize(report)), results));
            } catch (IOException | RuntimeException unreadable) {
                // Rebuild and the run say what is wrong with a data file; the index lists the ones it can read.
            }
        }
        return entries;
    }

    /**
     * The results folder a run's folder belongs to: the folder enclosing its experiments, known by the answer page it
     * already has; else the folder itself.
     */
    static Path rootOf(Path resultsDir) {
        Path absolute = resultsDir.toAbsolutePath().normalize();
        for (Path p = absolute; p.getParent() != null; p = p.getParent()) {
            if (p.getFileName().toString().equals(ExperimentsReport.FOLDER) && isIndexed(p.getParent())) {
                return p.getParent();
            }
        }
        return resultsDir;
    }

    private static boolean isIndexed(Path folder) {
        try (var lines = Files.lines(folder.resolve(FILE))) {
            return lines.findFirst().orElse("").startsWith(AnswerReport.TITLE_START);
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    private static void write(Path file, String text, PrintStream out) {
        try {
            AtomicFile.write(file, text);
        } catch (IOException e) {
            out.println("loadtest: could not write the index " + file + ": " + e.getMessage());
        }
    }

    private static String slashes(Path relative) {
        List<String> parts = new ArrayList<>();
        relative.forEach(part -> parts.add(part.toString()));
        return String.join("/", parts.stream().filter(p -> !p.isEmpty()).toList());
    }
}
