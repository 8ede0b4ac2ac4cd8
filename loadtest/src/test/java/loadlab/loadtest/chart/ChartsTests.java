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
import java.util.Map;
import java.util.OptionalInt;
import javax.imageio.ImageIO;
import loadlab.loadtest.measure.ChartInput;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResourceFigures;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.TargetResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTests {

    // Built once: rendering is the slow part, and every test reads the same synthetic comparison.
    private static List<ChartInput> allMeasured;
    private static List<ChartInput> withAFailure;

    @TempDir
    Path dir;

    @BeforeAll
    static void synthesise() {
        allMeasured = ChartFixtures.allMeasured();
        withAFailure = ChartFixtures.withAFailure();
    }

    @Test
    void writesEveryChartAsAReadablePng() throws IOException {
        List<Path> written = Charts.writeAll(dir, allMeasured, ChartFixtures.resources());

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
        Charts.writeAll(dir, allMeasured, Map.of());

        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
        assertThat(GraphicsEnvironment.isHeadless()).isTrue();
    }

    @Test
    void aTargetIsDrawnInItsPaletteColourInEveryChart() throws IOException {
        Charts.writeAll(dir, allMeasured, ChartFixtures.resources());

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
        List<Path> written = Charts.writeAll(dir, withAFailure, Map.of());

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
        Map<String, ResourceFigures> onlyForTheFailed = Map.of("app-webflux", new ResourceFigures(1, 300, 20));

        List<Path> written = Charts.writeAll(dir, withAFailure, onlyForTheFailed);

        assertThat(written).noneMatch(path -> path.endsWith("resources.png"));
    }

    @Test
    void nothingMeasuredMeansNoCharts() throws IOException {
        List<ChartInput> allFailed = List.of(
                ChartInput.failed(ChartFixtures.failed("webflux")), ChartInput.failed(ChartFixtures.failed("virtual")));

        assertThat(Charts.writeAll(dir, allFailed, ChartFixtures.resources())).isEmpty();
        assertThat(Charts.writeAll(dir, List.of(), Map.of())).isEmpty();
    }

    @Test
    void aTargetThatCompletedNothingInItsWindowDoesNotBreakTheCharts() throws IOException {
        RunStats nothing = RunStats.compute(
                List.of(),
                MeasurementWindow.ofSeconds(ChartFixtures.RUN_START + 4_000, 10),
                ChartFixtures.USERS,
                OptionalInt.empty(),
                ChartFixtures.MEAN_DELAY_MS);
        ChartInput silent = new ChartInput(
                TargetResult.measured(ChartFixtures.app("webflux"), nothing), List.of(), ChartFixtures.RUN_START);

        List<Path> alone = Charts.writeAll(dir, List.of(silent), Map.of());
        List<Path> withOthers =
                Charts.writeAll(dir.resolve("others"), List.of(allMeasured.getFirst(), silent), Map.of());

        // Only its zero throughput can be drawn; with others beside it, every chart is.
        assertThat(alone).extracting(path -> path.getFileName().toString()).containsExactly("throughput.png");
        assertThat(withOthers).hasSize(4);
    }

    @Test
    void aChartThatIsNoLongerDrawnDoesNotSurviveFromAnEarlierRun() throws IOException {
        Charts.writeAll(dir, allMeasured, ChartFixtures.resources());

        Charts.writeAll(dir, allMeasured, Map.of());

        assertThat(dir.resolve("resources.png")).doesNotExist();
        assertThat(dir.resolve("throughput.png")).isRegularFile();
    }

    @Test
    void markdownLinksEachChartRelativeToTheSummaryWithAltText() {
        Path results = dir.resolve("results");
        List<Path> charts = List.of(results.resolve("charts/throughput.png"), results.resolve("charts/latency.png"));

        assertThat(Charts.markdownLinks(charts, results)).isEqualTo("""
                ![Throughput against the Little's-law ceiling](charts/throughput.png)

                ![Response-time percentiles per target](charts/latency.png)
                """);
        assertThat(Charts.markdownLinks(List.of(), results)).isEmpty();
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
