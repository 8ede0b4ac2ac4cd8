package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import loadlab.loadtest.plan.RateProfile;
import org.junit.jupiter.api.Test;

class OpenArrivalsTests {

    @Test
    void aRateProfileTravelsToTheEnginesAsAPropertyAndBackUnchanged() {
        RateProfile spike = RateProfile.spike(100.5, 5, Duration.ofSeconds(30), Duration.ofMillis(20_500));

        String property = OpenArrivals.rates(spike);

        assertThat(property).isEqualTo("0:100.5,30000:502.5,50500:100.5");
        assertThat(OpenArrivals.rates(property)).isEqualTo(spike);
    }
}
