package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.plan.Plan;

/**
 * Where one kind of report keeps its files inside a results folder: {@code summary.md} and its data file
 * {@code summary.json} at the top, with {@code charts/} and {@code raw/}; a sweep's {@code sweep.md} and
 * {@code sweep.json} at the top, with its charts and raw data under {@code sweep/}; likewise the open workload.
 *
 * <p>A run writes to a staging folder, {@code <results>/runs/<time>/}, laid out the same way; only a run in which
 * every point was measured is published over the last good one.
 */
public record ResultsFolder(Path root, Plan.Kind kind) {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final String STAGING = "runs";
    private static final String RAW = "raw";

    /** A fresh staging folder for a run whose results go to {@code resultsRoot}. */
    public static ResultsFolder staging(Path resultsRoot, Plan.Kind kind) {
        return new ResultsFolder(
                resultsRoot.resolve(STAGING).resolve(LocalDateTime.now().format(STAMP)), kind);
    }

    /**
     * The data files of every report published anywhere under {@code resultsRoot}, sorted by path: what {@code make
     * report} renders again, the index lists and {@code make diff} pairs. A run's staging folder and raw samples are
     * not published, and JSON of another schema (a benchmark's results, say) is not the runner's to read.
     */
    public static List<Path> dataFilesUnder(Path resultsRoot) {
        if (!Files.isDirectory(resultsRoot)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(resultsRoot)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".json"))
                    .filter(file -> isPublished(resultsRoot.relativize(file)))
                    .filter(ResultsFolder::isDataFile)
                    .sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean isPublished(Path relative) {
        for (Path part : relative) {
            if (part.toString().equals(STAGING) || part.toString().equals(RAW)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isDataFile(Path file) {
        try (var in = Files.newInputStream(file)) {
            return new String(in.readNBytes(200), StandardCharsets.UTF_8).contains("\"" + DataFile.SCHEMA + "\"");
        } catch (IOException e) {
            return false;
        }
    }

    public Path report() {
        return root.resolve(kind.fileName + ".md");
    }

    public Path data() {
        return root.resolve(kind.fileName + ".json");
    }

    private Path dataDir() {
        return kind.dataDir.isEmpty() ? root : root.resolve(kind.dataDir);
    }

    public Path charts() {
        return dataDir().resolve("charts");
    }

    public Path raw() {
        return dataDir().resolve(RAW);
    }

    /**
     * Replaces {@code published}'s raw data, charts, data file and report with this folder's, the report last, and
     * removes this staging folder.
     */
    public void publishTo(ResultsFolder published) throws IOException {
        for (Path[] folder : List.of(new Path[] {raw(), published.raw()}, new Path[] {charts(), published.charts()})) {
            deleteTree(folder[1]);
            if (Files.exists(folder[0])) {
                Files.createDirectories(folder[1].getParent());
                Files.move(folder[0], folder[1]);
            }
        }
        AtomicFile.write(published.data(), Files.readString(data()));
        AtomicFile.write(published.report(), Files.readString(report()));
        deleteTree(root);
        try (Stream<Path> others = Files.list(root.getParent())) {
            if (others.findAny().isEmpty()) {
                Files.delete(root.getParent());
            }
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
