package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import loadlab.loadtest.measure.ResourceSamples;
import loadlab.loadtest.plan.RemoteTargets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An app's figures through its Actuator's metrics endpoint, against a stand-in that answers as Spring Boot's does:
 * each meter's statistics in its own base unit, and 404 for a meter the app does not have (yet).
 */
class ActuatorMetricsTests {

    private HttpServer actuator;
    /** The body of each meter by its path and query after {@code /actuator/metrics/}; absent: 404. */
    private final Map<String, String> meters = new ConcurrentHashMap<>();

    @BeforeEach
    void startActuator() throws IOException {
        actuator = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        actuator.createContext("/actuator/metrics/", exchange -> {
            URI uri = exchange.getRequestURI();
            String meter = uri.getRawPath().substring("/actuator/metrics/".length())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            String body = meters.get(meter);
            if (body == null) {
                exchange.sendResponseHeaders(404, -1);
            } else {
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
            }
            exchange.close();
        });
        actuator.start();
    }

    @AfterEach
    void stopActuator() {
        actuator.stop(0);
    }

    private URI management() {
        return URI.create("http://127.0.0.1:" + actuator.getAddress().getPort());
    }

    private static String meter(String name, String baseUnit, String... statistics) {
        StringBuilder json = new StringBuilder("{\"name\":\"" + name + "\",\"description\":\"\",\"baseUnit\":"
                + (baseUnit == null ? "null" : "\"" + baseUnit + "\"") + ",\"measurements\":[");
        for (int i = 0; i < statistics.length; i += 2) {
            json.append(i == 0 ? "" : ",")
                    .append("{\"statistic\":\"")
                    .append(statistics[i])
                    .append("\",\"value\":")
                    .append(statistics[i + 1])
                    .append('}');
        }
        return json.append("],\"availableTags\":[]}").toString();
    }

    private void anAppBeforeItsFirstCollection(String cpuUnit, String cpuValue) {
        meters.put("process.cpu.time", meter("process.cpu.time", cpuUnit, "COUNT", cpuValue));
        meters.put("jvm.threads.live", meter("jvm.threads.live", "threads", "VALUE", "31.0"));
        meters.put("jvm.memory.used?tag=area:heap", meter("jvm.memory.used", "bytes", "VALUE", "5.24288E7"));
        meters.put("jvm.compilation.time", meter("jvm.compilation.time", "ms", "COUNT", "1234.0"));
    }

    @Test
    void aReadingConvertsEachMeterByItsBaseUnitAndHasNoRss() {
        anAppBeforeItsFirstCollection("seconds", "12.5");

        ResourceSamples.Reading reading =
                new ActuatorMetrics(management()).read().orElseThrow();

        assertThat(reading.cpuNanos()).isEqualTo(12_500_000_000L);
        assertThat(reading.threads()).isEqualTo(31);
        assertThat(reading.heapUsedKb()).isEqualTo(51_200);
        assertThat(reading.jitCpuNanos()).isEqualTo(1_234_000_000L);
        assertThat(reading.rssKb()).isEqualTo(ResourceSamples.Reading.UNKNOWN);
        // No jvm.gc.pause meter yet: no pause yet.
        assertThat(reading.gcCount()).isZero();
        assertThat(reading.gcPauseNanos()).isZero();
    }

    @Test
    void collectionsAreTheCountAndTotalTimeOfThePauses() {
        anAppBeforeItsFirstCollection("ns", "9.87654321E9");
        meters.put(
                "jvm.gc.pause", meter("jvm.gc.pause", "seconds", "COUNT", "3.0", "TOTAL_TIME", "0.042", "MAX", "0.02"));

        ResourceSamples.Reading reading =
                new ActuatorMetrics(management()).read().orElseThrow();

        assertThat(reading.cpuNanos()).isEqualTo(9_876_543_210L);
        assertThat(reading.gcCount()).isEqualTo(3);
        assertThat(reading.gcPauseNanos()).isEqualTo(42_000_000L);
        assertThat(new ActuatorMetrics(management()).cpuNanos()).isEqualTo(OptionalLong.of(9_876_543_210L));
    }

    @Test
    void aCpuMeterInAUnitThatIsNotTimeStopsTheReadingsSayingWhy() {
        anAppBeforeItsFirstCollection("percent", "0.5");

        assertThatIllegalStateException()
                .isThrownBy(() -> new ActuatorMetrics(management()).read())
                .withMessageContaining("process.cpu.time is in 'percent'");
    }

    @Test
    void anActuatorWithoutTheCpuMeterIsOneLineNamingItsUrl() {
        ActuatorMetrics metrics = new ActuatorMetrics(management());

        assertThat(metrics.unreadable())
                .contains("GET " + management() + "/actuator/metrics/process.cpu.time gave 404");
        assertThat(metrics.cpuNanos()).isEmpty();

        anAppBeforeItsFirstCollection("ms", "10.0");
        assertThat(metrics.unreadable()).isEmpty();
    }

    @Test
    void theHostsProcessorsAreMicrometersSystemCpuCount() {
        meters.put("system.cpu.count", meter("system.cpu.count", null, "VALUE", "8.0"));

        assertThat(new ActuatorMetrics(management()).processors()).hasValue(8);
    }

    @Test
    void aProcessorCountThatCannotBeReadIsNone() {
        ActuatorMetrics metrics = new ActuatorMetrics(management());
        anAppBeforeItsFirstCollection("ns", "5.0E9");

        // No such meter: an app whose Micrometer binds no system metrics.
        assertThat(metrics.processors()).isEmpty();
        for (String odd : List.of("0.0", "2.5", "-4.0", "NaN")) {
            meters.put("system.cpu.count", meter("system.cpu.count", null, "VALUE", odd));
            assertThat(metrics.processors()).as(odd).isEmpty();
        }
        meters.put("system.cpu.count", meter("system.cpu.count", null, "COUNT", "8.0"));
        assertThat(metrics.processors()).as("no VALUE statistic").isEmpty();
        meters.put("system.cpu.count", "not json");
        assertThat(metrics.processors()).as("not JSON").isEmpty();
        // The figures that need no processor count read on.
        assertThat(metrics.cpuNanos()).hasValue(5_000_000_000L);
    }

    @Test
    void micrometersTimeUnitsInNanoseconds() {
        assertThat(ActuatorMetrics.nanosPer("ns")).hasValue(1);
        assertThat(ActuatorMetrics.nanosPer("nanoseconds")).hasValue(1);
        assertThat(ActuatorMetrics.nanosPer("microseconds")).hasValue(1e3);
        assertThat(ActuatorMetrics.nanosPer("ms")).hasValue(1e6);
        assertThat(ActuatorMetrics.nanosPer("milliseconds")).hasValue(1e6);
        assertThat(ActuatorMetrics.nanosPer("seconds")).hasValue(1e9);
        assertThat(ActuatorMetrics.nanosPer("threads")).isEmpty();
    }

    @Test
    void aRemoteAppIsWatchedThroughItsManagementPortAndNeverExits() {
        RemoteTargets.Remote remote = new RemoteTargets.Remote(
                URI.create("http://127.0.0.1:8083"),
                java.util.OptionalInt.of(actuator.getAddress().getPort()));
        anAppBeforeItsFirstCollection("ns", "5.0E9");

        RemoteService app = RemoteService.app("app-webflux", remote, Path.of("raw/app-webflux/remote.txt"));
        RemoteService backend = RemoteService.backend(
                "slow-server",
                new RemoteTargets.Remote(URI.create("http://127.0.0.1:8000"), java.util.OptionalInt.empty()),
                Path.of("raw/slow-server/remote.txt"));

        assertThat(app.health()).isEqualTo(URI.create(management() + "/actuator/health"));
        assertThat(app.exit()).isEqualTo(Optional.empty());
        assertThat(app.cpuNanos()).isEqualTo(OptionalLong.of(5_000_000_000L));
        assertThat(backend.health()).isEqualTo(URI.create("http://127.0.0.1:8000/__admin/health"));
        assertThat(backend.cpuNanos()).isEmpty();
        assertThat(app.note()).contains("not started by the lab").contains("http://127.0.0.1:8083");
    }
}
