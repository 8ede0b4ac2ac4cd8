package loadlab.loadtest.chart;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import javax.imageio.ImageIO;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Plan;

/**
 * Every chart of the lab, in one registry: its file, what it shows (the report's alt text) and which plans it is
 * drawn for. A chart with nothing to show is not written, and an old file of its name is removed, so a chart from an
 * earlier run never passes for this run's.
 */
public final class Charts {

    static {
        // java.awt.headless=true, set before any chart code touches AWT: see Headless.
        Headless.declare();
    }

    /** A chart written to disk, and what it shows. */
    public record Drawn(Path file, String description) {}

    enum Chart {
        THROUGHPUT(
                Plan.Kind.COMPARISON,
                "throughput.png",
                "Throughput against the Little's-law ceiling",
                r -> BarCharts.throughput(r.representatives())),
        LATENCY(
                Plan.Kind.COMPARISON,
                "latency.png",
                "Response-time percentiles per target",
                r -> BarCharts.latency(r.representatives())),
        THROUGHPUT_OVER_TIME(
                Plan.Kind.COMPARISON,
                "throughput-over-time.png",
                "Completed requests per second over the run",
                r -> TimeCharts.throughput(r.representatives())),
        P99_OVER_TIME(
                Plan.Kind.COMPARISON,
                "p99-over-time.png",
                "p99 response time per second over the run",
                r -> TimeCharts.p99(r.representatives())),
        RESOURCES(
                Plan.Kind.COMPARISON,
                "resources.png",
                "Resource cost per target: CPU per 1000 requests, peak RSS, peak platform threads",
                r -> BarCharts.resources(r.representatives())),
        COST_OWNERS(
                Plan.Kind.COMPARISON,
                "cost-owners.png",
                "Where the cost goes: each target's live heap under load and its CPU by owner",
                r -> OwnerCharts.draw(r.representatives())),
        SWEEP_THROUGHPUT(
                Plan.Kind.SWEEP,
                "sweep-throughput.png",
                "Good throughput against closed-loop users, with each model's ceiling dashed",
                LevelCharts::throughput),
        SWEEP_P99(Plan.Kind.SWEEP, "sweep-p99.png", "p99 response time against closed-loop users", LevelCharts::p99),
        OPEN_P99(
                Plan.Kind.OPEN, "open-p99.png", "p99 response time against the offered arrival rate", LevelCharts::p99),
        OPEN_THROUGHPUT(
                Plan.Kind.OPEN,
                "open-throughput.png",
                "Good throughput against the offered arrival rate, with each model's ceiling dashed",
                LevelCharts::throughput),
        TIMELINE_GOOD(
                Plan.Kind.TIMELINE,
                "timeline-good.png",
                "Good requests per second through the timeline, its disturbances shaded",
                TimeCharts::timelineGood),
        TIMELINE_P99(
                Plan.Kind.TIMELINE,
                "timeline-p99.png",
                "p99 response time per second through the timeline, its disturbances shaded",
                TimeCharts::timelineP99),
        TIMELINE_ERRORS(
                Plan.Kind.TIMELINE,
                "timeline-errors.png",
                "Errors per second through the timeline, its disturbances shaded",
                TimeCharts::timelineErrors),
        RECOVERY(
                Plan.Kind.TIMELINE,
                "recovery.png",
                "Seconds each target took to be back to its calm throughput and p99 after a disturbance",
                RecoveryChart::draw);

        final Plan.Kind kind;
        final String fileName;
        final String description;
        private final Function<ResultSet, Optional<BufferedImage>> draw;

        Chart(Plan.Kind kind, String fileName, String description, Function<ResultSet, Optional<BufferedImage>> draw) {
            this.kind = kind;
            this.fileName = fileName;
            this.description = description;
            this.draw = draw;
        }
    }

    private Charts() {}

    /**
     * Writes every chart of the result set's kind that has something to show into {@code dir}, created if need be.
     *
     * @return the charts written, in registry order
     */
    public static List<Drawn> draw(ResultSet results, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Drawn> written = new ArrayList<>();
        for (Chart chart : Chart.values()) {
            if (chart.kind != results.plan().kind()) {
                continue;
            }
            Path file = dir.resolve(chart.fileName);
            Optional<BufferedImage> image = chart.draw.apply(results);
            if (image.isPresent()) {
                writePng(image.get(), file);
                written.add(new Drawn(file, chart.description));
            } else {
                Files.deleteIfExists(file);
            }
        }
        return List.copyOf(written);
    }

    static String name(Point point) {
        return point.target().name();
    }

    /** Through a temporary file, so a report never links a half-written image. */
    static void writePng(BufferedImage image, Path file) throws IOException {
        Path temporary = Files.createTempFile(
                file.toAbsolutePath().getParent(), file.getFileName().toString(), ".tmp");
        try {
            if (!ImageIO.write(image, "png", temporary.toFile())) {
                throw new IOException("no PNG writer in this JRE for " + file);
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
