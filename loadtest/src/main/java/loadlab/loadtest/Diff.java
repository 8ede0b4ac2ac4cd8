package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.report.DiffReport;
import loadlab.loadtest.run.AtomicFile;
import loadlab.loadtest.run.ResultsFolder;

/**
 * {@code make diff A=<results> B=<results>}: the data files the two folders have in common, compared figure by
 * figure into {@code B/diff.md}, e.g. two JDKs, two commits or two machines.
 */
final class Diff {

    static final String FILE = "diff.md";

    private Diff() {}

    static boolean write(Path a, Path b, PrintStream out) {
        List<DiffReport.Pair> pairs = new ArrayList<>();
        for (Path fileA : ResultsFolder.dataFilesUnder(a)) {
            Path relative = a.relativize(fileA);
            Path fileB = b.resolve(relative);
            if (!Files.isRegularFile(fileB)) {
                out.println("loadtest: " + relative + " is in A only; not compared");
                continue;
            }
            try {
                pairs.add(new DiffReport.Pair(relative.toString(), DataFile.read(fileA), DataFile.read(fileB)));
            } catch (IOException e) {
                out.println("loadtest: " + e.getMessage());
                return false;
            }
        }
        if (pairs.isEmpty()) {
            out.println("loadtest: no data file is in both " + a + " and " + b + ": nothing to compare");
            return false;
        }
        try {
            Path report = b.resolve(FILE);
            AtomicFile.write(report, DiffReport.render(a.toString(), b.toString(), pairs));
            out.println("loadtest: wrote " + report);
            return true;
        } catch (IOException e) {
            out.println("loadtest: could not write the diff: " + e.getMessage());
            return false;
        }
    }
}
