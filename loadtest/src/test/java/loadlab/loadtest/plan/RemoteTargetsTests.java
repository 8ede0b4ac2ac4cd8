package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The targets knob: which targets the lab loads without starting them, and where their figures come from. */
class RemoteTargetsTests {

    private static Knobs parse(String... args) {
        return KnobsTests.parse(args);
    }

    @Test
    void noTargetsMeansTheLabStartsEveryTarget() {
        assertThat(parse().setup().remoteTargets().isEmpty()).isTrue();
        assertThat(parse("--targets=none").setup().remoteTargets()).isEqualTo(RemoteTargets.NONE);
    }

    @Test
    void targetsAreNamedByShortOrFullNameWithAnOptionalManagementPort() {
        RemoteTargets remote = parse(
                        "--apps=webflux,virtual",
                        "--targets=slow-server=http://127.0.0.2:8000, webflux=http://127.0.0.3:8083+9083,"
                                + " app-virtual=http://localhost:8085/")
                .setup()
                .remoteTargets();

        assertThat(remote.byName()).containsOnlyKeys("slow-server", "app-webflux", "app-virtual");
        RemoteTargets.Remote webflux =
                remote.of(Target.app("webflux").orElseThrow()).orElseThrow();
        assertThat(webflux.base()).isEqualTo(URI.create("http://127.0.0.3:8083"));
        assertThat(webflux.managementPort()).isEqualTo(OptionalInt.of(9083));
        assertThat(webflux.management()).contains(URI.create("http://127.0.0.3:9083"));
        RemoteTargets.Remote virtual =
                remote.of(Target.app("virtual").orElseThrow()).orElseThrow();
        assertThat(virtual.base()).isEqualTo(URI.create("http://localhost:8085"));
        assertThat(virtual.management()).isEmpty();
        assertThat(remote.backend().orElseThrow().base()).isEqualTo(URI.create("http://127.0.0.2:8000"));
        assertThat(remote.of(Target.DIRECT)).isEqualTo(remote.backend());
        assertThat(remote.of(Target.app("coroutines").orElseThrow())).isEmpty();
    }

    @Test
    void theEnvironmentNamesEachRemoteTargetOfThePlanAndWhereItsFiguresCameFrom() {
        Knobs knobs = parse(
                "--apps=webflux", "--targets=slow-server=http://127.0.0.2:8000,webflux=http://127.0.0.3:8083+9083");

        assertThat(knobs.setup().remoteTargets().describe(knobs.plan(), Map.of("app-webflux", 8)))
                .containsExactly(
                        "slow-server at http://127.0.0.2:8000, not started by the lab: no resource figures read (no"
                                + " management port given)",
                        "app-webflux at http://127.0.0.3:8083, not started by the lab: CPU, threads, heap, JIT and GC"
                                + " from its Actuator (Micrometer) at http://127.0.0.3:9083, no RSS; its CPU is judged"
                                + " against its host's 8 cores (system.cpu.count)");
    }

    @Test
    void anAppWhoseHostsCoresWereNotReadSaysItIsJudgedAgainstThoseAnAppHereMayUse() {
        Knobs knobs = parse("--apps=webflux", "--targets=webflux=http://127.0.0.3:8083+9083");
        int here = knobs.plan().appCores();

        assertThat(knobs.setup().remoteTargets().describe(knobs.plan(), Map.of()))
                .containsExactly("app-webflux at http://127.0.0.3:8083, not started by the lab: CPU, threads, heap,"
                        + " JIT and GC from its Actuator (Micrometer) at http://127.0.0.3:9083, no RSS; its host's cores"
                        + " were not read (system.cpu.count), so its CPU is judged against the " + here
                        + (here == 1 ? " core" : " cores") + " an app started here may use");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(
            delimiter = '|',
            value = {
                "webflux                           | entry 'webflux' is not <name>=http://<host>:<port>",
                "=http://127.0.0.1:8083            | entry '=http://127.0.0.1:8083' is not <name>=http://",
                "flux=http://127.0.0.1:8083        | entry 'flux=http://127.0.0.1:8083' names 'flux', which is"
                        + " neither slow-server nor an app (known: slow-server, threadpool, threadpool-400, webflux,"
                        + " coroutines, virtual)",
                "webflux=https://127.0.0.1:8083    | entry 'webflux=https://127.0.0.1:8083' is not http://",
                "webflux=127.0.0.1:8083            | entry 'webflux=127.0.0.1:8083' is not http://",
                "webflux=http://:8083              | entry 'webflux=http://:8083' has no host",
                "webflux=http:///x                 | entry 'webflux=http:///x' has no host",
                "webflux=http://127.0.0.1          | entry 'webflux=http://127.0.0.1' has no port",
                "webflux=http://127.0.0.1:abc      | entry 'webflux=http://127.0.0.1:abc' has a port that is not a number",
                "webflux=http://127.0.0.1:0        | entry 'webflux=http://127.0.0.1:0' has a port outside 1..65535",
                "webflux=http://127.0.0.1:65536    | entry 'webflux=http://127.0.0.1:65536' has a port outside 1..65535",
                "webflux=http://127.0.0.1:8083+x   | entry 'webflux=http://127.0.0.1:8083+x' has a management port that"
                        + " is not a number",
                "webflux=http://127.0.0.1:8083+70000 | entry 'webflux=http://127.0.0.1:8083+70000' has a management port"
                        + " outside 1..65535",
                "webflux=http://127.0.0.1:8083/api | entry 'webflux=http://127.0.0.1:8083/api' has a path",
                "webflux=http://127.0.0.1:8083/?n=1 | entry 'webflux=http://127.0.0.1:8083/?n=1' has a path",
                "slow-server=http://127.0.0.1:8000+9000 | entry 'slow-server=http://127.0.0.1:8000+9000' gives"
                        + " slow-server a management port, and slow-server has no Actuator",
                "webflux=http://127.0.0.1:8083,app-webflux=http://127.0.0.1:9083 | targets names app-webflux twice",
            })
    void aBadEntryIsOneLineNamingIt(String raw, String message) {
        assertThatThrownBy(() -> parse("--apps=webflux", "--targets=" + raw))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("targets ")
                .hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }

    @Test
    void aDatabaseScenarioIsRefusedSinceTheLabGivesEveryAppItsDatabase() {
        assertThatThrownBy(() -> parse("--scenario=db", "--apps=webflux", "--targets=webflux=http://127.0.0.1:8083"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("targets=app-webflux: scenario 'db' queries the PostgreSQL the lab starts")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aRemoteSlowServerCannotFollowAScheduleTheLabGivesItsOwn() {
        assertThatThrownBy(() -> parse("--scenario=slowdown", "--targets=slow-server=http://127.0.0.1:8000"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scenario 'slowdown' gives the slow-server the lab starts a schedule");
    }

    @Test
    void aRemoteAppThatNoPlanRunsIsRefused() {
        assertThatThrownBy(() -> parse("--apps=virtual", "--targets=webflux=http://127.0.0.1:8083"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("targets names app-webflux, which apps= does not run: add it to apps or leave it out");
    }

    @Test
    void aScenarioCannotSetTheTargetsWhichAreWhereTheLabRunsNotWhatItMeasures() {
        assertThatThrownBy(() -> CatalogueTests.plan(
                        "remote:", "  kind: comparison", "  targets: webflux=http://127.0.0.1:8083"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("scenarios.yaml [remote] has no field 'targets'");
    }

    @Test
    void aReportIgnoresWhatTheTargetsWouldRun() {
        assertThat(parse("report", "--targets=webflux=http://127.0.0.1:8083", "--apps=virtual")
                        .mode())
                .isEqualTo(Knobs.Mode.REPORT);
    }
}
