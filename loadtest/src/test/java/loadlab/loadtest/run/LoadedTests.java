package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.measure.ResourceUsage;
import org.junit.jupiter.api.Test;

class LoadedTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow QUIET = new MeasurementWindow(T0 - 6_000, T0 - 1_000);
    private static final MeasurementWindow WINDOW = MeasurementWindow.ofSeconds(T0, 60);
    private static final int REQUESTS = 10_000;

    private static ResourceSamples cpuAt(long... millisThenCpuMillis) {
        List<ResourceSamples.Reading> readings = new ArrayList<>();
        for (int i = 0; i < millisThenCpuMillis.length; i += 2) {
            readings.add(new ResourceSamples.Reading(
                    millisThenCpuMillis[i], millisThenCpuMillis[i + 1] * 1_000_000, 300 * 1024, 40));
        }
        return new ResourceSamples(readings);
    }

    private static ResourceCost cost(ResourceSamples app, ResourceSamples backend) {
        Loaded loaded = new Loaded(
                new LoadRun.Result(List.of(), WINDOW.startMillis(), WINDOW.endMillis(), T0 - 20_000, true),
                Optional.of(app),
                ResourceSamples.NONE,
                List.of(),
                Optional.empty(),
                QUIET,
                List.of());
        return loaded.cost(WINDOW, REQUESTS, Optional.of(backend));
    }

    @Test
    void theBackendBehindAnAppLosesItsIdleCpuOverTheAppsQuietSpanAsTheAppDoes() {
        // App: 0.01 cores at rest, 12.6 s over the window: (12.6 − 0.6) s per 10,000 requests.
        ResourceSamples app = cpuAt(T0 - 6_000, 1_000, T0 - 1_000, 1_050, T0, 1_100, T0 + 60_000, 13_700);
        // slow-server: 0.02 cores at rest, 7.2 s over the window: (7.2 − 1.2) s per 10,000 requests.
        ResourceSamples backend = cpuAt(T0 - 6_000, 5_000, T0 - 1_000, 5_100, T0, 5_120, T0 + 60_000, 12_320);

        ResourceCost cost = cost(app, backend);

        ResourceUsage slowServer = cost.backend().orElseThrow();
        assertThat(slowServer.cpuSeconds()).isCloseTo(7.2, within(1e-9));
        assertThat(slowServer.idleCores()).hasValueCloseTo(0.02, within(1e-9));
        assertThat(slowServer.cpuSecondsPer1000Requests()).hasValueCloseTo(0.6, within(1e-9));
        assertThat(cost.process().orElseThrow().cpuSecondsPer1000Requests()).hasValueCloseTo(1.2, within(1e-9));
        assertThat(cost.cpuOverBackend()).hasValueCloseTo(2.0, within(1e-9));
    }

    @Test
    void aBackendNotSampledOverTheQuietSpanKeepsItsWholeCpu() {
        ResourceSamples app = cpuAt(T0 - 6_000, 1_000, T0 - 1_000, 1_050, T0, 1_100, T0 + 60_000, 13_700);
        ResourceSamples backend = cpuAt(T0, 5_120, T0 + 60_000, 12_320);

        ResourceUsage slowServer = cost(app, backend).backend().orElseThrow();

        assertThat(slowServer.idleCores()).isEmpty();
        assertThat(slowServer.cpuSecondsPer1000Requests()).hasValueCloseTo(0.72, within(1e-9));
    }
}
