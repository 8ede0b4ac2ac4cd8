package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.run.ResultsFolder;

/**
 * {@code make report}: renders every report and chart under a results folder again from its data files, starting no
 * service, so a change to a report never needs a new run.
 */
final class Rebuild {

    private Rebuild() {}

    /** @return whether every data file found could be rendered */
    static boolean all(Path resultsRoot, PrintStream out) {
        List<Path> dataFiles = ResultsFolder.dataFilesUnder(resultsRoot);
        if (dataFiles.isEmpty()) {
            out.println("loadtest: no data files (*.json) under " + resultsRoot + ": nothing to rebuild");
            return false;
        }
        boolean all = true;
        for (Path file : dataFiles) {
            try {
                ResultSet results = DataFile.read(file);
                ResultsFolder folder =
                        new ResultsFolder(file.getParent(), results.plan().kind());
                if (!folder.data().equals(file)) {
                    throw new IOException("a " + results.plan().kind() + " data file must be named "
                            + folder.data().getFileName());
                }
                Output.write(results, folder, out);
                out.println("loadtest: rebuilt " + folder.report() + " from " + file);
            } catch (IOException | RuntimeException e) {
                out.println("loadtest: could not rebuild from " + file + ": " + e.getMessage());
                all = false;
            }
        }
        Index.write(resultsRoot, out);
        return all;
    }
}
