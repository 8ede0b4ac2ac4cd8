package loadlab.loadtest.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Outcome;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Series;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTests {

    // Built once: rendering is the slow part, and every test reads the same synthetic comparison.
    private static List<Point> allMeasured;
    private static List<Point> withAFailure;

    @TempDir
    Path dir;

    @BeforeAll
    static void synthesise() {
        allMeasured = ChartFixtures.allMeasured();
        withAFailure = ChartFixtures.withAFailure();
    }

    @Test
    void writesEveryChartAsAReadablePng() throws IOException {
        List<Path> written =
                files(Charts.draw(ChartFixtures.comparison(ChartFixtures.withResources(allMeasured)), dir));

        assertThat(written)
                .extracting(path -> path.getFileName().toString())
                .containsExactly(
                        "throughput.png",
                        "latency.png",
                        "throughput-over-time.png",
                        "p99-over-time.png",
                        "resources.png");
        for (Path chart : written) {
            assertThat(chart).isRegularFile().hasParent(dir);
            assertThat(Files.size(chart)).isPositive();
            BufferedImage image = png(chart);
            assertThat(image.getWidth()).isEqualTo(1000);
            assertThat(image.getHeight()).isEqualTo(chart.endsWith("resources.png") ? 1080 : 600);
        }
        assertThat(dir).isDirectoryNotContaining("glob:**.tmp");
    }

    @Test
    void rendersWithoutADisplay() throws IOException {
        files(Charts.draw(ChartFixtures.comparison(allMeasured), dir));

        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
        assertThat(GraphicsEnvironment.isHeadless()).isTrue();
    }

    @Test
    void aTargetIsDrawnInItsPaletteColourInEveryChart() throws IOException {
        files(Charts.draw(ChartFixtures.comparison(ChartFixtures.withResources(allMeasured)), dir));

        for (String chart : List.of("throughput.png", "latency.png", "resources.png")) {
            BufferedImage image = png(dir.resolve(chart));
            for (String target : List.of("app-webflux", "app-virtual", "app-threadpool")) {
                assertThat(pixelsOf(image, Palette.of(target)))
                        .as(target + " in " + chart)
                        .isGreaterThan(500);
            }
        }
    }

    @Test
    void failedTargetsAreLeftOutAndAnEmptyResourceMapSkipsTheResourcesChart() throws IOException {
        List<Path> written = files(Charts.draw(ChartFixtures.comparison(withAFailure), dir));

        assertThat(written)
                .extracting(path -> path.getFileName().toString())
                .containsExactly("throughput.png", "latency.png", "throughput-over-time.png", "p99-over-time.png");
        BufferedImage throughput = png(dir.resolve("throughput.png"));
        assertThat(pixelsOf(throughput, Palette.of("app-virtual"))).isGreaterThan(500);
        assertThat(pixelsOf(throughput, Palette.of("app-webflux")))
                .as("the failed target")
                .isZero();
    }

    @Test
    void resourceFiguresOfAFailedTargetAreNotCharted() throws IOException {
        List<Point> onlyTheFailedHasFigures = withAFailure.stream()
                .map(p -> p.failed() ? p.withCost(ChartFixtures.cost(new double[] {1, 300, 20})) : p)
                .toList();

        List<Path> written = files(Charts.draw(ChartFixtures.comparison(onlyTheFailedHasFigures), dir));

        assertThat(written).noneMatch(path -> path.endsWith("resources.png"));
    }

    @Test
    void nothingMeasuredMeansNoCharts() throws IOException {
        List<Point> allFailed = List.of(ChartFixtures.failed("webflux"), ChartFixtures.failed("virtual"));

        assertThat(Charts.draw(ChartFixtures.comparison(allFailed), dir)).isEmpty();
    }

    @Test
    void aTargetThatCompletedNothingInItsWindowDoesNotBreakTheCharts() throws IOException {
        RunStats nothing =
                RunStats.compute(List.of(), MeasurementWindow.ofSeconds(ChartFixtures.RUN_START + 4_000, 10), 400.0);
        Point silent = new Point(
                ChartFixtures.app("webflux"),
                ChartFixtures.LOAD,
                1,
                new Outcome.Measured(nothing),
                ResourceCost.NONE,
                new Series(ChartFixtures.RUN_START, List.of()));

        List<Path> alone = files(Charts.draw(ChartFixtures.comparison(List.of(silent)), dir));
        List<Path> withOthers = files(
                Charts.draw(ChartFixtures.comparison(List.of(allMeasured.getFirst(), silent)), dir.resolve("others")));

        // Only its zero throughput can be drawn; with others beside it, every chart is.
        assertThat(alone).extracting(path -> path.getFileName().toString()).containsExactly("throughput.png");
        assertThat(withOthers).hasSize(4);
    }

    @Test
    void aChartThatIsNoLongerDrawnDoesNotSurviveFromAnEarlierRun() throws IOException {
        files(Charts.draw(ChartFixtures.comparison(ChartFixtures.withResources(allMeasured)), dir));

        files(Charts.draw(ChartFixtures.comparison(allMeasured), dir));

        assertThat(dir.resolve("resources.png")).doesNotExist();
        assertThat(dir.resolve("throughput.png")).isRegularFile();
    }

    @Test
    void everyChartComesWithWhatItShows() throws IOException {
        List<Charts.Drawn> drawn = Charts.draw(ChartFixtures.comparison(allMeasured), dir);

        assertThat(drawn.getFirst().description()).isEqualTo("Throughput against the Little's-law ceiling");
        assertThat(drawn).allMatch(d -> !d.description().endsWith(".png"));
    }

    @Test
    void latencyGoesLogarithmicOnlyWhenTheMaxDwarfsTheFastestMedian() {
        ResponseTimes steady = new ResponseTimes(1_000, 5, 1_000, 1_800, 1_900, 1_980, 2_000);
        ResponseTimes timingOut = new ResponseTimes(1_500, 5, 1_500, 2_400, 2_600, 2_900, 30_000);
        ResponseTimes instant = new ResponseTimes(0.2, 0, 0, 0, 1, 1, 50);

        assertThat(BarCharts.wantsLogScale(List.of(steady))).isFalse();
        assertThat(BarCharts.wantsLogScale(List.of(steady, timingOut))).isTrue();
        assertThat(BarCharts.wantsLogScale(List.of(instant)))
                .as("a zero median has no place on a log axis")
                .isFalse();
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
