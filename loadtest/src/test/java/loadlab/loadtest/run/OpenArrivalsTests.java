package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class OpenArrivalsTests {

    @Test
    void rampsFromZeroToTheRateThenHoldsIt() {
        assertThat(OpenArrivals.schedule(80, Duration.ofSeconds(5), Duration.ofSeconds(37)))
                .isEqualTo("rate(0/sec) random_arrivals(5 sec) rate(80/sec) random_arrivals(37 sec) rate(80/sec)");
    }

    @Test
    void withoutARampUpStartsAtTheRateAndKeepsAFractionalRate() {
        assertThat(OpenArrivals.schedule(150.5, Duration.ZERO, Duration.ofSeconds(10)))
                .isEqualTo("rate(150.5/sec) random_arrivals(10 sec) rate(150.5/sec)");
    }
}
