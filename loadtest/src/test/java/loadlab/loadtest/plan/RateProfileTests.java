package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RateProfileTests {

    private static final RateProfile SPIKE = RateProfile.spike(100, 5, Duration.ofSeconds(60), Duration.ofSeconds(30));

    @Test
    void aSpikeOfArrivalsIsCalmThenFactorTimesTheRateThenCalmAgain() {
        assertThat(SPIKE.rateAt(Duration.ofSeconds(-10))).isEqualTo(100);
        assertThat(SPIKE.rateAt(Duration.ofMillis(59_999))).isEqualTo(100);
        assertThat(SPIKE.rateAt(Duration.ofSeconds(60))).isEqualTo(500);
        assertThat(SPIKE.rateAt(Duration.ofMillis(89_999))).isEqualTo(500);
        assertThat(SPIKE.rateAt(Duration.ofSeconds(90))).isEqualTo(100);
        assertThat(SPIKE.calm()).isEqualTo(100);
        assertThat(SPIKE.peak()).isEqualTo(500);
    }

    @Test
    void anOpenLoadIsNamedByItsCalmRateAndItsPeak() {
        assertThat(new LoadShape.Open(150, 2500).label()).isEqualTo("rate-150");
        assertThat(new LoadShape.Open(150.5, 2500).label()).isEqualTo("rate-150.5");
        assertThat(new LoadShape.Open(SPIKE, 2500).label()).isEqualTo("rate-100-peak-500");
        assertThat(new LoadShape.Open(RateProfile.constant(80), 800, LoadShape.Open.Connections.PER_ARRIVAL).label())
                .isEqualTo("rate-80-connection-each");
        assertThat(new LoadShape.Open(SPIKE, 2500).level()).isEqualTo(100);
    }

    @Test
    void eachOfTwoEnginesSendsHalfOfEveryStep() {
        Engines two = new Engines(
                List.of(new Engines.Address("127.0.0.2", 1099), new Engines.Address("127.0.0.3", 1099)),
                new Engines.Callback("127.0.0.1", 0),
                java.util.Optional.empty());

        LoadShape share = two.share(new LoadShape.Open(SPIKE, 2500, LoadShape.Open.Connections.PER_ARRIVAL));

        assertThat(share)
                .isEqualTo(new LoadShape.Open(
                        RateProfile.spike(50, 5, Duration.ofSeconds(60), Duration.ofSeconds(30)),
                        1250,
                        LoadShape.Open.Connections.PER_ARRIVAL));
    }

    @Test
    void refusesStepsOutOfOrderOrNotFromTheWindowsStart() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new RateProfile(List.of(new RateProfile.Step(Duration.ofSeconds(1), 10))))
                .withMessageContaining("starts with a step at the window's start");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new RateProfile(List.of(
                        new RateProfile.Step(Duration.ZERO, 10),
                        new RateProfile.Step(Duration.ofSeconds(5), 20),
                        new RateProfile.Step(Duration.ofSeconds(5), 30))))
                .withMessageContaining("strictly later");
        assertThatIllegalArgumentException().isThrownBy(() -> RateProfile.constant(0));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> RateProfile.spike(100, 1, Duration.ofSeconds(60), Duration.ofSeconds(30)));
    }
}
