package loadlab.loadtest.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.CpuByOwner;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.Point;
import org.junit.jupiter.api.Test;

class OwnerChartsTests {

    private static final HeapOwners HEAP = new HeapOwners(
            List.of(
                    new HeapOwners.OwnerHeap(Owner.VIRTUAL_THREAD_STACKS, 0.5, 60.0),
                    new HeapOwners.OwnerHeap(Owner.BYTE_ARRAYS, 20.0, 40.0)),
            20.5,
            100.0,
            0.5);
    private static final CpuOwners CPU = CpuOwners.of(
            new CpuByOwner(CpuByOwner.SampleEvent.CPU_TIME, Map.of(Owner.JDK_HTTP_CLIENT, 10, Owner.SPRING, 10), 0, 0),
            1_000_000_000L,
            new GcAndJitCpu(0, 0));

    private static List<Point> withFigures(Optional<HeapOwners> heap, Optional<CpuOwners> cpu) {
        return ChartFixtures.allMeasured().stream()
                .map(point -> point.target().name().equals("app-virtual")
                        ? point.withCost(
                                point.cost().withProbe(HeapOwners.KEY, heap).withProbe(CpuOwners.KEY, cpu))
                        : point)
                .toList();
    }

    private static long pixelsOf(BufferedImage image, int rgb) {
        int[] pixels = image.getRGB(0, 0, image.getWidth(), image.getHeight(), null, 0, image.getWidth());
        return Arrays.stream(pixels).filter(pixel -> (pixel & 0xFFFFFF) == rgb).count();
    }

    @Test
    void aPanelPerFigureWithAStackPerOwnerInTheOwnersColour() {
        BufferedImage both = OwnerCharts.draw(withFigures(Optional.of(HEAP), Optional.of(CPU)))
                .orElseThrow();
        BufferedImage heapOnly = OwnerCharts.draw(withFigures(Optional.of(HEAP), Optional.empty()))
                .orElseThrow();

        assertThat(both.getWidth()).isEqualTo(1000);
        assertThat(both.getHeight()).isEqualTo(2 * heapOnly.getHeight());
        // Virtual-thread stacks' colour, in the heap panel; the JDK HttpClient's, in the CPU panel only.
        assertThat(pixelsOf(heapOnly, 0xD55E00)).isPositive();
        assertThat(pixelsOf(both, 0x0072B2)).isPositive();
        assertThat(pixelsOf(heapOnly, 0x0072B2)).isZero();
    }

    @Test
    void noTargetWithEitherFigureIsNoChart() {
        assertThat(OwnerCharts.draw(ChartFixtures.allMeasured())).isEmpty();
    }
}
