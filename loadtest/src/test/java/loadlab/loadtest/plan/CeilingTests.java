package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class CeilingTests {

    private static final Backend TWO_SECONDS = new Backend(0, 4_000, OptionalLong.empty());
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
}
