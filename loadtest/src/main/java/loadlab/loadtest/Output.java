package loadlab.loadtest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import loadlab.loadtest.chart.Charts;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.report.ChartLink;
import loadlab.loadtest.report.Reports;
import loadlab.loadtest.run.AtomicFile;
import loadlab.loadtest.run.ResultsFolder;

/**
 * Writes what a result set says into a results folder: its data file, its charts and its report, the report last.
 * A run does this once its points are measured; {@code make report} does the same from a data file alone.
 */
final class Output {

    private Output() {}

    static void write(ResultSet results, ResultsFolder folder, PrintStream out) throws IOException {
        AtomicFile.write(folder.data(), DataFile.toJson(results));
        AtomicFile.write(folder.report(), Reports.render(results, charts(results, folder, out)));
    }

    /** Charts are a view of the figures, not the figures: if they cannot be drawn, the report still stands. */
    private static List<ChartLink> charts(ResultSet results, ResultsFolder folder, PrintStream out) {
        try {
            List<ChartLink> links = new ArrayList<>();
            for (Charts.Drawn drawn : Charts.draw(results, folder.charts())) {
                links.add(new ChartLink(relative(folder.root(), drawn.file()), drawn.description()));
            }
            return links;
        } catch (IOException | RuntimeException | Error e) {
            out.println("loadtest: charts could not be drawn (" + e + "); the report has none");
            return List.of();
        }
    }

    /** Forward slashes, relative to the report's folder, so the links work wherever results/ is copied. */
    private static String relative(Path base, Path file) {
        List<String> parts = new ArrayList<>();
        base.toAbsolutePath()
                .normalize()
                .relativize(file.toAbsolutePath().normalize())
                .forEach(part -> parts.add(part.toString()));
        return String.join("/", parts);
    }
}
