package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class MemoryPerConnectionTests {

    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();
    private static final long RUN_START = 1_700_000_000_000L;
    /** The window is seconds 20..50 of the run. */
    private static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(RUN_START + 20_000, 30);

    private static Point point(int inFlightAtSecond49, Optional<LiveMemory> memory, double peakRssMib) {
        List<Sample> samples = List.of(new Sample(RUN_START + 25_000, RUN_START + 30_000, true, "200", "OK", 5_000));
        RunStats stats = RunStats.compute(samples, WINDOW, 100);
        ResourceCost cost = new ResourceCost(
                        Optional.of(new ResourceUsage(3, 0.1, OptionalDouble.empty(), peakRssMib, 30, true)),
                        Optional.empty(),
                        Optional.empty())
                .withMemory(memory);
        List<PerSecond> seconds = new ArrayList<>();
        for (int second = 0; second < 52; second++) {
            // Second 49 ends as the window does; the seconds around it hold other counts, which must not be read.
            int inFlight = second == 49 ? inFlightAtSecond49 : 7;
            seconds.add(new PerSecond(second, 10, 0, OptionalLong.empty(), inFlight, Map.of()));
        }
        return TestPoints.measured(WEBFLUX, new LoadShape.Closed(9_000), 1, stats, cost)
                .withSeries(new Series(RUN_START, seconds));
    }

    @Test
    void peakMinusRestPerThousandRequestsInFlightAsTheWindowEnded() {
        Point point = point(8_000, Optional.of(new LiveMemory(40, 300, 200)), 700);

        MemoryPerConnection memory = MemoryPerConnection.of(point).orElseThrow();

        assertThat(memory.inFlight()).isEqualTo(8_000);
        assertThat(memory.rssMibPer1000()).isEqualTo((700 - 300) / 8.0);
        assertThat(memory.heapMibPer1000()).isEqualTo((200 - 40) / 8.0);
    }

    @Test
    void withoutBothLiveMemoryReadingsThereIsNoFigure() {
        assertThat(MemoryPerConnection.of(point(8_000, Optional.empty(), 700))).isEmpty();
    }

    @Test
    void nothingInFlightOrAFailedPointHasNoFigure() {
        assertThat(MemoryPerConnection.of(point(0, Optional.of(new LiveMemory(40, 300, 200)), 700)))
                .isEmpty();
        Point failed =
                TestPoints.failed(WEBFLUX, new LoadShape.Closed(9_000), "exited with code 137", Path.of("x.log"));
        assertThat(MemoryPerConnection.of(failed)).isEmpty();
    }
}
