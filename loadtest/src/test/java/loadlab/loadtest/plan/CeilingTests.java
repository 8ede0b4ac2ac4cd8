package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CeilingTests {

    private static final Backend ZERO_TO_FOUR_SECONDS = new Backend(0, 4_000, OptionalLong.empty());
    private static final Plan TWO_SECONDS = plan(Request.PROXY, 2);
    private static final Target THREADPOOL = Target.app("threadpool").orElseThrow();
    private static final Target THREADPOOL_400 = Target.app("threadpool-400").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();

    @Test
    void withoutAThreadLimitTheCeilingIsUsersOverMeanDelay() {
        assertThat(Ceiling.perSecond(WEBFLUX, new LoadShape.Closed(500), TWO_SECONDS))
                .isEqualTo(250.0);
        assertThat(Ceiling.concurrency(WEBFLUX, new LoadShape.Closed(500))).isEqualTo(500);
        assertThat(Ceiling.queues(WEBFLUX, new LoadShape.Closed(500))).isFalse();
    }

    @Test
    void aThreadLimitBelowTheUsersLowersItAndRequestsQueue() {
        assertThat(Ceiling.perSecond(THREADPOOL, new LoadShape.Closed(500), TWO_SECONDS))
                .isEqualTo(100.0);
        assertThat(Ceiling.concurrency(THREADPOOL, new LoadShape.Closed(500))).isEqualTo(200);
        assertThat(Ceiling.queues(THREADPOOL, new LoadShape.Closed(500))).isTrue();
    }

    @Test
    void aThreadLimitAboveTheUsersDoesNotRaiseIt() {
        assertThat(Ceiling.perSecond(THREADPOOL_400, new LoadShape.Closed(300), TWO_SECONDS))
                .isEqualTo(150.0);
        assertThat(Ceiling.queues(THREADPOOL_400, new LoadShape.Closed(300))).isFalse();
    }

    @Test
    void anOpenLoadIsCappedByItsRateAndItsCapacityByTheGeneratorsThreads() {
        LoadShape eighty = new LoadShape.Open(80, 2_500);
        assertThat(Ceiling.perSecond(WEBFLUX, eighty, TWO_SECONDS)).isEqualTo(80.0);
        assertThat(Ceiling.capacity(WEBFLUX, eighty, TWO_SECONDS)).isEqualTo(1_250.0);
        assertThat(Ceiling.perSecond(THREADPOOL, new LoadShape.Open(150, 2_500), TWO_SECONDS))
                .isEqualTo(100.0);
        assertThat(Ceiling.perSecond(WEBFLUX, new LoadShape.Open(250, 400), TWO_SECONDS))
                .isEqualTo(200.0);
    }

    @Test
    void noMeanTimeHasNoCeiling() {
        assertThatIllegalArgumentException().isThrownBy(() -> Ceiling.littlesLaw(10, 0));
    }

    @Test
    void aFanOutIsAsSlowAsItsSlowestCallAndDirectStaysTheBackendAlone() {
        // E[max of 4 delays uniform in 0..4000] = 4/5 × 4000 = 3200 ms.
        Plan fanout = plan(Request.parse("/fanout?n=4"), 2);

        assertThat(Ceiling.perSecond(WEBFLUX, new LoadShape.Closed(500), fanout))
                .isCloseTo(156.25, within(1e-9));
        assertThat(Ceiling.perSecond(THREADPOOL, new LoadShape.Closed(500), fanout))
                .isCloseTo(62.5, within(1e-9));
        assertThat(Ceiling.perSecond(Target.DIRECT, new LoadShape.Closed(500), fanout))
                .isEqualTo(250.0);
    }

    @Test
    void cpuWorkAddsToTheTimeInFlightAndCapsAtTheCoresOverTheWork() {
        // 20 ms of CPU on 2 cores: at most 100 a second, far below 500 / 2.02 s.
        Plan cpu = plan(Request.parse("/cpu?micros=20000"), 2);

        assertThat(Ceiling.perSecond(WEBFLUX, new LoadShape.Closed(500), cpu)).isCloseTo(100.0, within(1e-9));
        assertThat(Ceiling.perSecond(WEBFLUX, new LoadShape.Closed(100), plan(Request.parse("/cpu?micros=1000"), 2)))
                .isCloseTo(100 / 2.001, within(1e-9));
    }

    @Test
    void anAppOnAnEightCoreHostIsCappedByItsHostsCoresNotThePlans() {
        // 50 ms of CPU: 2 cores here cap it at 40 a second, 8 on its own host at 160, Little's law at 500 / 2.05 s.
        Plan cpu = plan(Request.parse("/cpu?micros=50000"), 2);
        LoadShape closed = new LoadShape.Closed(500);

        assertThat(Ceiling.perSecond(WEBFLUX, closed, cpu)).isCloseTo(2 / 0.05, within(1e-9));
        assertThat(Ceiling.perSecond(WEBFLUX, closed, cpu, 8)).isCloseTo(8 / 0.05, within(1e-9));
        assertThat(Ceiling.capacity(WEBFLUX, new LoadShape.Open(300, 2_500), cpu, 8))
                .isCloseTo(8 / 0.05, within(1e-9));
        assertThat(Ceiling.perSecond(WEBFLUX, closed, cpu, 2)).isEqualTo(Ceiling.perSecond(WEBFLUX, closed, cpu));
        // Without CPU work the cores set no ceiling, wherever the app ran.
        assertThat(Ceiling.perSecond(WEBFLUX, closed, TWO_SECONDS, 8)).isEqualTo(250.0);
    }

    @Test
    void aDatabasePoolCapsEveryTargetDirectIncludedAtPoolOverMeanQueryTime() {
        Plan pool10 = databasePlan(10);

        assertThat(Ceiling.perSecond(WEBFLUX, new LoadShape.Closed(200), pool10))
                .isEqualTo(5.0);
        assertThat(Ceiling.perSecond(THREADPOOL, new LoadShape.Closed(1000), pool10))
                .isEqualTo(5.0);
        assertThat(Ceiling.perSecond(Target.DIRECT, new LoadShape.Closed(200), pool10))
                .isEqualTo(5.0);
        assertThat(Ceiling.concurrency(THREADPOOL, new LoadShape.Closed(1000), databasePlan(300)))
                .as("threads below the pool")
                .isEqualTo(200);
        assertThat(Ceiling.concurrency(WEBFLUX, new LoadShape.Closed(5), pool10))
                .as("users below the pool")
                .isEqualTo(5);
        assertThat(Ceiling.queues(WEBFLUX, new LoadShape.Closed(200)))
                .as("waiting for a connection is not waiting for a thread")
                .isFalse();
    }

    @Test
    void aRequestTheAppsDoNotServeIsOneLine() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Request.parse("/fanout?n=17"))
                .withMessage("'/fanout?n=17' asks for n=17 calls; the apps take 1..16");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Request.parse("/cpu?micros=2000000"))
                .withMessageContaining("the apps take 0..1000000");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Request.parse("/dbx"))
                .withMessageContaining("is not a request the apps serve");
    }

    private static Plan databasePlan(int pool) {
        return new Plan(
                "db",
                "",
                Plan.Kind.COMPARISON,
                new Phases(Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(10), Duration.ofSeconds(10)),
                ZERO_TO_FOUR_SECONDS,
                Request.DATABASE,
                List.of(new LoadShape.Closed(200)),
                1,
                List.of(Target.DIRECT),
                CpuPinning.none(2),
                ".",
                java.util.OptionalInt.of(pool));
    }

    private static Plan plan(Request request, int cores) {
        return new Plan(
                "test",
                "",
                Plan.Kind.COMPARISON,
                new Phases(Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(10), Duration.ofSeconds(10)),
                ZERO_TO_FOUR_SECONDS,
                request,
                List.of(new LoadShape.Closed(500)),
                1,
                List.of(Target.DIRECT),
                CpuPinning.none(cores),
                ".");
    }
}
