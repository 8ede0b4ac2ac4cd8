package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.report.IndexReport;
import loadlab.loadtest.run.AtomicFile;
import loadlab.loadtest.run.ResultsFolder;

/** results/README.md, the index of every scenario whose data file is in the results folder, written anew each time. */
final class Index {

    static final String FILE = "README.md";

    private Index() {}

    static void write(Path resultsRoot, PrintStream out) {
        List<IndexReport.Entry> entries = new ArrayList<>();
        for (Path file : ResultsFolder.dataFilesUnder(resultsRoot)) {
            try {
                ResultSet results = DataFile.read(file);
                Path report = new ResultsFolder(file.getParent(), results.plan().kind()).report();
                entries.add(new IndexReport.Entry(slashes(resultsRoot.relativize(report)), results));
            } catch (IOException | RuntimeException unreadable) {
                // Rebuild and the run say what is wrong with a data file; the index lists the ones it can read.
            }
        }
        if (entries.isEmpty()) {
            return;
        }
        try {
            AtomicFile.write(resultsRoot.resolve(FILE), IndexReport.render(entries));
        } catch (IOException e) {
            out.println("loadtest: could not write the index " + resultsRoot.resolve(FILE) + ": " + e.getMessage());
        }
    }

    private static String slashes(Path relative) {
        List<String> parts = new ArrayList<>();
        relative.forEach(part -> parts.add(part.toString()));
        return String.join("/", parts);
    }
}
