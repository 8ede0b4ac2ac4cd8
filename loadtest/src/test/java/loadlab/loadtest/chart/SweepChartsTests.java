package loadlab.loadtest.chart;

import static loadlab.loadtest.report.SweepFixtures.OPEN;
import static loadlab.loadtest.report.SweepFixtures.SWEEP;
import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import loadlab.loadtest.measure.OpenPoint;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.SweepPoint;
import loadlab.loadtest.measure.TargetResult;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.report.OpenWorkloadReport;
import loadlab.loadtest.report.SweepFixtures;
import loadlab.loadtest.report.SweepReport;
import loadlab.loadtest.run.SummaryWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

class SweepChartsTests {

    private static List<SweepPoint> sweep;
    private static List<OpenPoint> open;

    @TempDir
    Path dir;

    @BeforeAll
    static void synthesise() {
        sweep = SweepFixtures.sweep();
        open = SweepFixtures.open();
    }

    @Test
    void writesTheSweepChartsAsReadablePngs() throws IOException {
        List<Path> written = SweepCharts.writeSweep(dir, SWEEP, sweep);

        assertThat(written)
                .extracting(path -> path.getFileName().toString())
                .containsExactly("sweep-throughput.png", "sweep-p99.png");
        for (Path chart : written) {
            assertThat(Files.size(chart)).isPositive();
            BufferedImage image = png(chart);
            assertThat(image.getWidth()).isEqualTo(1000);
            assertThat(image.getHeight()).isEqualTo(600);
        }
        assertThat(dir).isDirectoryNotContaining("glob:**.tmp");
    }

    @Test
    void writesTheOpenWorkloadChartsAsReadablePngs() throws IOException {
        List<Path> written = SweepCharts.writeOpen(dir, OPEN, open);

        assertThat(written)
                .extracting(path -> path.getFileName().toString())
                .containsExactly("open-p99.png", "open-throughput.png");
        for (Path chart : written) {
            assertThat(Files.size(chart)).isPositive();
            assertThat(png(chart).getWidth()).isEqualTo(1000);
        }
    }

    @Test
    void eachTargetIsDrawnInTheColourTheMainChartsGiveIt() throws IOException {
        SweepCharts.writeSweep(dir, SWEEP, sweep);
        SweepCharts.writeOpen(dir, OPEN, open);
        Charts.writeAll(dir.resolve("main"), ChartFixtures.allMeasured(), Map.of());
        BufferedImage main = png(dir.resolve("main/latency.png"));

        for (String target : List.of("direct", "app-threadpool", "app-webflux", "app-virtual")) {
            Color colour = Palette.of(target);
            assertThat(pixelsOf(main, colour))
                    .as(target + " in the main latency chart")
                    .isGreaterThan(100);
            for (String chart :
                    List.of("sweep-throughput.png", "sweep-p99.png", "open-p99.png", "open-throughput.png")) {
                assertThat(pixelsOf(png(dir.resolve(chart)), colour))
                        .as(target + " in " + chart)
                        .isGreaterThan(100);
            }
        }
    }

    @Test
    void aTargetThatOnlyFailedIsNotDrawnAndNothingMeasuredWritesNoChart() throws IOException {
        Target webflux = SweepFixtures.WEBFLUX;
        List<SweepPoint> onlyFailed = List.of(new SweepPoint(
                webflux, 100, TargetResult.failed(webflux, "did not start", Path.of("x.log")), ResourceCost.NONE));
        SweepCharts.writeSweep(dir, SWEEP, sweep);

        List<Path> written = SweepCharts.writeSweep(dir, SWEEP, onlyFailed);

        assertThat(written).isEmpty();
        // Left over from the earlier call, they would pass for this one's.
        assertThat(dir.resolve("sweep-throughput.png")).doesNotExist();
        assertThat(dir.resolve("sweep-p99.png")).doesNotExist();
    }

    @Test
    void theP99AxisGoesLogarithmicOnlyWhenItSpansMoreThanTenfold() {
        assertThat(SweepCharts.wantsLogScale(1_000, 9_000)).isFalse();
        assertThat(SweepCharts.wantsLogScale(1_000, 10_001)).isTrue();
        assertThat(SweepCharts.wantsLogScale(0, 10_000))
                .as("no zero on a log axis")
                .isFalse();
    }

    @Test
    void markdownLinksEachChartWithItsAltText() {
        Path results = dir.resolve("results");

        assertThat(SweepCharts.markdownLinks(List.of(results.resolve("charts/sweep-p99.png")), results))
                .isEqualTo("![p99 response time against closed-loop users](charts/sweep-p99.png)\n");
    }

    /** Not a check: {@code -Dsweep.preview=/tmp/sweep-preview} writes both reports and their charts to look at. */
    @Test
    @EnabledIfSystemProperty(named = "sweep.preview", matches = ".+")
    void preview() throws IOException {
        Path out = Path.of(System.getProperty("sweep.preview"));
        Path charts = out.resolve("charts");
        List<Path> sweepCharts = SweepCharts.writeSweep(charts, SWEEP, sweep);
        List<Path> openCharts = SweepCharts.writeOpen(charts, OPEN, open);
        SummaryWriter.write(
                out.resolve("sweep.md"),
                SweepReport.render(
                        SWEEP, SweepFixtures.ENVIRONMENT, sweep, SweepCharts.markdownLinks(sweepCharts, out)));
        SummaryWriter.write(
                out.resolve("open-workload.md"),
                OpenWorkloadReport.render(
                        OPEN, SweepFixtures.ENVIRONMENT, open, SweepCharts.markdownLinks(openCharts, out)));
    }

    private static BufferedImage png(Path file) throws IOException {
        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image).as("a PNG that ImageIO can read: " + file).isNotNull();
        return image;
    }

    private static long pixelsOf(BufferedImage image, Color colour) {
        int rgb = colour.getRGB() & 0xFFFFFF;
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        return Arrays.stream(pixels).filter(pixel -> (pixel & 0xFFFFFF) == rgb).count();
    }
}
