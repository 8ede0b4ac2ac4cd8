package loadlab.loadtest.chart;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import loadlab.loadtest.measure.ChartInput;
import loadlab.loadtest.measure.ResourceFigures;

/**
 * The PNG charts of a comparison, for results/summary.md to embed: throughput against the ceiling, latency
 * percentiles, throughput and p99 over time, and resource cost. Failed targets are left out and named under the
 * charts; a chart with nothing to show is not written.
 */
public final class Charts {

    static {
        // java.awt.headless=true, set before any chart code touches AWT: see Headless.
        Headless.declare();
    }

    /** Every chart this class writes, with the file name and the alt text the summary gives it. */
    enum Chart {
        THROUGHPUT(
                "throughput.png",
                "Throughput against the Little's-law ceiling",
                (inputs, resources) -> BarCharts.throughput(inputs)),
        LATENCY(
                "latency.png",
                "Response-time percentiles per target",
                (inputs, resources) -> BarCharts.latency(inputs)),
        THROUGHPUT_OVER_TIME(
                "throughput-over-time.png",
                "Completed requests per second over the run",
                (inputs, resources) -> TimeCharts.throughput(inputs)),
        P99_OVER_TIME(
                "p99-over-time.png",
                "p99 response time per second over the run",
                (inputs, resources) -> TimeCharts.p99(inputs)),
        RESOURCES(
                "resources.png",
                "Resource cost per target: CPU per 1000 requests, peak RSS, peak platform threads",
                BarCharts::resources);

        final String fileName;
        final String altText;
        private final BiFunction<List<ChartInput>, Map<String, ResourceFigures>, Optional<BufferedImage>> draw;

        Chart(
                String fileName,
                String altText,
                BiFunction<List<ChartInput>, Map<String, ResourceFigures>, Optional<BufferedImage>> draw) {
            this.fileName = fileName;
            this.altText = altText;
            this.draw = draw;
        }
    }

    private Charts() {}

    /**
     * Writes every chart there is something to show for into {@code dir}, created if need be.
     *
     * @param inputs    one per target, in run order, failed targets included
     * @param resources resource figures by target name; empty leaves out the resources chart
     * @return the files written, in {@link Chart} order
     */
    public static List<Path> writeAll(Path dir, List<ChartInput> inputs, Map<String, ResourceFigures> resources)
            throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (Chart chart : Chart.values()) {
            Path file = dir.resolve(chart.fileName);
            Optional<BufferedImage> image = chart.draw.apply(inputs, resources);
            if (image.isPresent()) {
                writePng(image.get(), file);
                written.add(file);
            } else {
                // A chart left over from an earlier run would otherwise pass for this run's.
                Files.deleteIfExists(file);
            }
        }
        return List.copyOf(written);
    }

    /**
     * One Markdown image line per chart, {@code ![alt](charts/throughput.png)}, with paths relative to the
     * directory of the Markdown file so the links work wherever results/ is copied.
     */
    public static String markdownLinks(List<Path> charts, Path relativeTo) {
        return markdownLinks(charts, relativeTo, Charts::altText);
    }

    /** For the other reports' charts, which bring their own alt text. */
    static String markdownLinks(List<Path> charts, Path relativeTo, Function<Path, String> altText) {
        Path base = relativeTo.toAbsolutePath().normalize();
        return charts.stream()
                .map(chart -> "![" + altText.apply(chart) + "]("
                        + slashes(base.relativize(chart.toAbsolutePath().normalize())) + ")")
                // A blank line between images, or Markdown runs them together into one paragraph.
                .collect(Collectors.joining("\n\n", "", charts.isEmpty() ? "" : "\n"));
    }

    private static String altText(Path chart) {
        String fileName = chart.getFileName().toString();
        return Arrays.stream(Chart.values())
                .filter(c -> c.fileName.equals(fileName))
                .map(c -> c.altText)
                .findFirst()
                .orElse(fileName);
    }

    /** Markdown wants forward slashes, also when the runner is on Windows. */
    private static String slashes(Path relative) {
        List<String> parts = new ArrayList<>();
        relative.forEach(part -> parts.add(part.toString()));
        return String.join("/", parts);
    }

    /** Through a temporary file, so the summary never links a half-written image. */
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
