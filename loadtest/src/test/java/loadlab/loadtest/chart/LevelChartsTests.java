package loadlab.loadtest.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import loadlab.loadtest.report.ChartLink;
import loadlab.loadtest.report.Reports;
import loadlab.loadtest.report.SweepFixtures;
import loadlab.loadtest.run.AtomicFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

class LevelChartsTests {

    private static List<Point> sweep;
    private static List<Point> open;

    @TempDir
    Path dir;

    @BeforeAll
    static void synthesise() {
        sweep = SweepFixtures.sweep();
        open = SweepFixtures.open();
    }

    @Test
    void writesTheSweepChartsAsReadablePngs() throws IOException {
        List<Path> written = files(Charts.draw(SweepFixtures.sweepResults(sweep), dir));

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
        List<Path> written = files(Charts.draw(SweepFixtures.openResults(open), dir));

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
        files(Charts.draw(SweepFixtures.sweepResults(sweep), dir));
        files(Charts.draw(SweepFixtures.openResults(open), dir));
        Charts.draw(ChartFixtures.comparison(ChartFixtures.allMeasured()), dir.resolve("main"));
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
        List<Point> onlyFailed =
                List.of(TestPoints.failed(webflux, new LoadShape.Closed(100), "did not start", Path.of("x.log")));
        files(Charts.draw(SweepFixtures.sweepResults(sweep), dir));

        List<Path> written = files(Charts.draw(SweepFixtures.sweepResults(onlyFailed), dir));

        assertThat(written).isEmpty();
        // Left over from the earlier call, they would pass for this one's.
        assertThat(dir.resolve("sweep-throughput.png")).doesNotExist();
        assertThat(dir.resolve("sweep-p99.png")).doesNotExist();
    }

    @Test
    void theP99AxisGoesLogarithmicOnlyWhenItSpansMoreThanTenfold() {
        assertThat(LevelCharts.wantsLogScale(1_000, 9_000)).isFalse();
        assertThat(LevelCharts.wantsLogScale(1_000, 10_001)).isTrue();
        assertThat(LevelCharts.wantsLogScale(0, 10_000))
                .as("no zero on a log axis")
                .isFalse();
    }

    /** Not a check: {@code -Dsweep.preview=/tmp/sweep-preview} writes both reports and their charts to look at. */
    @Test
    @EnabledIfSystemProperty(named = "sweep.preview", matches = ".+")
    void preview() throws IOException {
        Path out = Path.of(System.getProperty("sweep.preview"));
        for (ResultSet results : List.of(SweepFixtures.sweepResults(sweep), SweepFixtures.openResults(open))) {
            List<ChartLink> links = Charts.draw(results, out.resolve("charts")).stream()
                    .map(d -> new ChartLink("charts/" + d.file().getFileName(), d.description()))
                    .toList();
            AtomicFile.write(out.resolve(results.plan().kind().fileName + ".md"), Reports.render(results, links));
        }
    }

    private static List<Path> files(List<Charts.Drawn> drawn) {
        return drawn.stream().map(Charts.Drawn::file).toList();
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
