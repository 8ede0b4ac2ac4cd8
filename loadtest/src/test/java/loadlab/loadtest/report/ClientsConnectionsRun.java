package loadlab.loadtest.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.DataFile;
import loadlab.loadtest.measure.HeapOwners;
import loadlab.loadtest.measure.HeapOwners.OwnerHeap;
import loadlab.loadtest.measure.LiveMemory;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Owner;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.Series;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.CpuPinning;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Request;
import loadlab.loadtest.plan.Target;

/**
 * A synthetic {@code clients-connections} sweep whose heap figures are known: 1,000 requests in flight through the
 * window's end on every target, so that MiB added under load is MiB per 1,000 waiting requests. Written and read back
 * through the data file, as {@code make report} reads it.
 *
 * <p>Heap after a full collection per 1,000 waiting: app-webflux+reactor 20.0, app-webflux+jdk 35.0, app-virtual+jdk
 * 140.0, app-virtual+reactor 120.0; app-coroutines+reactor failed. Peak platform threads 30, 40, 50, 35. Class
 * histograms for app-virtual+jdk and app-webflux+reactor only (see {@link #VIRTUAL_JDK_HEAP}, {@link
 * #WEBFLUX_REACTOR_HEAP}).
 */
final class ClientsConnectionsRun {

    static final Target WEBFLUX_REACTOR = Target.app("webflux").orElseThrow().withClient("reactor");
    static final Target WEBFLUX_JDK = Target.app("webflux").orElseThrow().withClient("jdk");
    static final Target VIRTUAL_JDK = Target.app("virtual").orElseThrow().withClient("jdk");
    static final Target VIRTUAL_REACTOR = Target.app("virtual").orElseThrow().withClient("reactor");
    static final Target COROUTINES_REACTOR =
            Target.app("coroutines").orElseThrow().withClient("reactor");

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(20, 10, 30, 30);
    private static final LoadShape LOAD = new LoadShape.Closed(1000);
    private static final int IN_FLIGHT = 1000;
    private static final double REST_HEAP_MIB = 20;

    /**
     * Added per 1,000 waiting: stacks +90, JDK client +15, Tomcat +10, byte[] +20, Spring 0: 135 in all, 5 less than
     * the full collections' 140.
     */
    static final HeapOwners VIRTUAL_JDK_HEAP = new HeapOwners(
            List.of(
                    new OwnerHeap(Owner.VIRTUAL_THREAD_STACKS, 0.5, 90.5),
                    new OwnerHeap(Owner.JDK_HTTP_CLIENT, 1, 16),
                    new OwnerHeap(Owner.TOMCAT, 4, 14),
                    new OwnerHeap(Owner.SPRING, 3, 3),
                    new OwnerHeap(Owner.BYTE_ARRAYS, 20, 40)),
            28.5,
            163.5,
            0.5);

    /** Added per 1,000 waiting: Reactor Netty client +2 and server +4, Netty +5, Reactor +2, byte[] +6: 19 in all. */
    static final HeapOwners WEBFLUX_REACTOR_HEAP = new HeapOwners(
            List.of(
                    new OwnerHeap(Owner.REACTOR_NETTY_CLIENT, 1, 3),
                    new OwnerHeap(Owner.REACTOR_NETTY_SERVER, 2, 6),
                    new OwnerHeap(Owner.NETTY, 3, 8),
                    new OwnerHeap(Owner.REACTOR, 1, 3),
                    new OwnerHeap(Owner.BYTE_ARRAYS, 10, 16)),
            17,
            36,
            0.5);

    private ClientsConnectionsRun() {}

    static ResultSet results() {
        List<Target> targets =
                List.of(Target.DIRECT, WEBFLUX_REACTOR, WEBFLUX_JDK, VIRTUAL_JDK, VIRTUAL_REACTOR, COROUTINES_REACTOR);
        Plan plan = new Plan(
                ClientsGap.HEAP_SCENARIO,
                "a synthetic clients-connections run",
                Plan.Kind.SWEEP,
                PHASES,
                TestPoints.backend(5_000, 15_000),
                Request.PROXY,
                List.of(LOAD),
                1,
                targets,
                CpuPinning.none(2),
                ClientsGap.HEAP_SCENARIO);
        List<Point> points = new ArrayList<>();
        points.add(point(Target.DIRECT, SweepFixtures.cost(0.1, 20)));
        points.add(point(WEBFLUX_REACTOR, heap(20, 30).withProbe(HeapOwners.KEY, Optional.of(WEBFLUX_REACTOR_HEAP))));
        points.add(point(WEBFLUX_JDK, heap(35, 40)));
        points.add(point(VIRTUAL_JDK, heap(140, 50).withProbe(HeapOwners.KEY, Optional.of(VIRTUAL_JDK_HEAP))));
        points.add(point(VIRTUAL_REACTOR, heap(120, 35)));
        points.add(TestPoints.failed(
                COROUTINES_REACTOR,
                LOAD,
                "ran out of heap",
                Path.of("results/raw/clients-connections/app-coroutines+reactor-1000.log")));
        try {
            return DataFile.fromJson(DataFile.toJson(new ResultSet(plan, TestPoints.ENVIRONMENT, points)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ResourceCost heap(double per1000, int threads) {
        return SweepFixtures.cost(0.3, threads)
                .withMemory(Optional.of(new LiveMemory(REST_HEAP_MIB, 200, REST_HEAP_MIB + per1000)));
    }

    /** One request answered inside the window, and 1,000 sent in it and answered 1.5 s after it ends. */
    private static Point point(Target target, ResourceCost cost) {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        List<Sample> samples = new ArrayList<>();
        samples.add(new Sample(window.startMillis() + 10, window.startMillis() + 210, true, "200", "OK", 180));
        for (int i = 0; i < IN_FLIGHT; i++) {
            samples.add(new Sample(window.startMillis() + 20, window.endMillis() + 1_500, true, "200", "OK", 180));
        }
        RunStats stats = RunStats.compute(samples, window, 100);
        return TestPoints.measured(target, LOAD, 1, stats, cost).withSeries(Series.of(samples, T0));
    }
}
