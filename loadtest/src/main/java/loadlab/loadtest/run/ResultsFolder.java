package loadlab.loadtest.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
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

    /** A fresh staging folder for a run whose results go to {@code resultsRoot}. */
    public static ResultsFolder staging(Path resultsRoot, Plan.Kind kind) {
        return new ResultsFolder(
                resultsRoot.resolve("runs").resolve(LocalDateTime.now().format(STAMP)), kind);
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
        return dataDir().resolve("raw");
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
