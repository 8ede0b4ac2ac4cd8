package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.report.AnswerReport;
import loadlab.loadtest.report.DocBlocks;
import loadlab.loadtest.run.AtomicFile;
import loadlab.reporting.GeneratedBlocks;

/**
 * The README's and docs/' generated blocks ({@link GeneratedBlocks}) that the runner owns ({@link DocBlocks}),
 * rendered again from the committed results folder: {@code make report} refreshes them with every report, so that no
 * figure in the documentation is copied by hand.
 */
final class Docs {

    static final String RESULTS = "results";

    private Docs() {}

    /** A document with its runner-owned blocks rendered from {@code entries}, the project's results folder's. */
    static String filled(Path project, Path document, List<AnswerReport.Entry> entries) throws IOException {
        String base = base(project, document);
        return GeneratedBlocks.fill(Files.readString(document), name -> DocBlocks.render(name, entries, base));
    }

    /** @return whether every document could be refreshed */
    static boolean refresh(Path project, PrintStream out) {
        List<AnswerReport.Entry> entries = Index.entries(project.resolve(RESULTS));
        boolean all = true;
        try {
            for (Path document : GeneratedBlocks.documents(project)) {
                try {
                    String text = Files.readString(document);
                    String filled = filled(project, document, entries);
                    if (!filled.equals(text)) {
                        AtomicFile.write(document, filled);
                        out.println("loadtest: refreshed the generated blocks of " + document);
                    }
                } catch (IOException | RuntimeException e) {
                    out.println(
                            "loadtest: could not refresh the generated blocks of " + document + ": " + e.getMessage());
                    all = false;
                }
            }
        } catch (IOException e) {
            out.println("loadtest: could not list the documents of " + project + ": " + e.getMessage());
            return false;
        }
        return all;
    }

    /** Whether {@code resultsDir} is the project's own results folder, the one the documentation cites. */
    static boolean isTheProjects(Path project, Path resultsDir) {
        return resultsDir
                .toAbsolutePath()
                .normalize()
                .equals(project.resolve(RESULTS).toAbsolutePath().normalize());
    }

    /** The results folder seen from the document's folder, with forward slashes and a trailing one. */
    private static String base(Path project, Path document) {
        Path relative = document.toAbsolutePath()
                .normalize()
                .getParent()
                .relativize(project.resolve(RESULTS).toAbsolutePath().normalize());
        List<String> parts = new ArrayList<>();
        relative.forEach(part -> parts.add(part.toString()));
        return String.join("/", parts) + "/";
    }
}
