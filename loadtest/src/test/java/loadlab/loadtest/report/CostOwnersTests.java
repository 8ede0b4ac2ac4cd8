package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import loadlab.loadtest.measure.CpuByOwner;
import loadlab.loadtest.measure.CpuOwners;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.GcAndJitCpu;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.HeapOwners.OwnerHeap;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** The "Where the cost goes" section, rendered from a synthetic data file written and read back. */
class CostOwnersTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(1, 2, 5, 10);
    private static final LoadShape LOAD = new LoadShape.Closed(500);
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();

    private static final HeapOwners VIRTUAL_HEAP = new HeapOwners(
            List.of(
                    new OwnerHeap(Owner.VIRTUAL_THREAD_STACKS, 0.5, 50.5),
                    new OwnerHeap(Owner.TOMCAT, 4.0, 14.0),
                    new OwnerHeap(Owner.BYTE_ARRAYS, 20.0, 30.0)),
            24.5,
            94.5,
            0.8);
    private static final CpuOwners WEBFLUX_CPU = CpuOwners.of(
            new CpuByOwner(
                    CpuByOwner.SampleEvent.CPU_TIME,
                    Map.of(Owner.REACTOR_NETTY_CLIENT, 50, Owner.REACTOR_NETTY_SERVER, 25, Owner.SPRING, 25),
                    4,
                    0),
            10_000_000_000L,
            new GcAndJitCpu(1_000_000_000L, 1_000_000_000L));

    /** 500 requests in flight through the window's end, and one answered inside it. */
    private static Point point(Target target, ResourceCost cost) {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        List<Sample> samples = new ArrayList<>();
        samples.add(new Sample(window.startMillis() + 10, window.startMillis() + 210, true, "200", "OK", 180));
        for (int i = 0; i < 500; i++) {
            samples.add(new Sample(window.startMillis() + 20, window.endMillis() + 1_500, true, "200", "OK", 180));
        }
        RunStats stats = RunStats.compute(samples, window, 100);
        return TestPoints.measured(target, LOAD, 1, stats, cost).withSeries(Series.of(samples, T0));
    }

    private static String summary(List<Point> points) throws IOException {
        Plan plan = TestPoints.comparison(500, PHASES, TestPoints.backend(0, 200), 1, List.of(VIRTUAL, WEBFLUX));
        ResultSet written = new ResultSet(plan, TestPoints.ENVIRONMENT, points);
        return Reports.render(DataFile.fromJson(DataFile.toJson(written)), List.of());
    }

    @Test
    void aTablePerFigureWithAColumnPerTargetThatHasIt() throws IOException {
        String markdown = summary(List.of(
                point(VIRTUAL, ResourceCost.NONE.withProbe(HeapOwners.KEY, Optional.of(VIRTUAL_HEAP))),
                point(WEBFLUX, ResourceCost.NONE.withProbe(CpuOwners.KEY, Optional.of(WEBFLUX_CPU)))));

        assertThat(markdown).contains("## Where the cost goes");
        // Heap: MiB under load, and (under load − at rest) × 1000 / 500 in flight.
        assertThat(markdown)
                .contains("| Owner | app-virtual |\n|---|--:|\n")
                .contains("| virtual-thread stacks | 50.5 (+100.0) |")
                .contains("| Tomcat | 14.0 (+20.0) |")
                .contains("| byte[] (any owner) | 30.0 (+20.0) |")
                .contains("app-virtual: 24.5 MiB at rest, 94.5 MiB under load with 500 requests in flight");
        // CPU: GC and JIT 10% each, the other 80% shared 50:25:25.
        assertThat(markdown)
                .contains("| Owner | app-webflux |\n|---|--:|\n")
                .contains("| Reactor Netty client | 40.0 |")
                .contains("| Reactor Netty server | 20.0 |")
                .contains("| Spring | 20.0 |")
                .contains("| GC | 10.0 |")
                .contains("| JIT | 10.0 |")
                .contains("app-webflux: 100 `jdk.CPUTimeSample` samples over 10.0 s of CPU, 4 of them cut short");
        assertThat(markdown.indexOf("## Where the cost goes")).isGreaterThan(markdown.indexOf("## Latency"));
    }

    @Test
    void aHistogramThatCameInOnceTheRequestsHadLeftHasNoFigurePerRequest() throws IOException {
        HeapOwners late = new HeapOwners(VIRTUAL_HEAP.owners(), 24.5, 94.5, 3.0);

        String markdown =
                summary(List.of(point(VIRTUAL, ResourceCost.NONE.withProbe(HeapOwners.KEY, Optional.of(late)))));

        assertThat(markdown)
                .contains("| virtual-thread stacks | 50.5 |")
                .contains("94.5 MiB under load, requests in flight not counted, the histogram in 3.0 s after");
    }

    @Test
    void dataWithoutTheseFiguresHasNoSection() throws IOException {
        String markdown = summary(List.of(point(VIRTUAL, ResourceCost.NONE), point(WEBFLUX, ResourceCost.NONE)));

        assertThat(markdown).doesNotContain("Where the cost goes");
    }
}
