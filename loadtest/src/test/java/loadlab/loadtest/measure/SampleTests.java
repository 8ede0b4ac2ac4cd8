package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullSource;
import org.junit.jupiter.params.provider.ValueSource;

class SampleTests {

    @Test
    void parsesTheDelayTheBackendReports() {
        assertThat(Sample.parseBackendDelayMs("{\"delayMs\":1734}")).isEqualTo(1734);
    }

    @Test
    void toleratesWhitespaceAndOtherFields() {
        assertThat(Sample.parseBackendDelayMs("{\n  \"delayMs\" :  0 \n}")).isZero();
        assertThat(Sample.parseBackendDelayMs("{\"via\":\"app-webflux\", \"delayMs\": 2500, \"x\":1}"))
                .isEqualTo(2500);
    }

    @Test
    void aClosedLoopsRequestWasDueWhenItWasSent() {
        Sample sample = new Sample(1_000, 1_250, true, "200", "OK", 200);

        assertThat(sample.isScheduled()).isFalse();
        assertThat(sample.intendedMillis()).isEqualTo(1_000);
        assertThat(sample.lagMillis()).isZero();
        assertThat(sample.fromIntendedMillis())
                .isEqualTo(sample.elapsedMillis())
                .isEqualTo(250);
    }

    @Test
    void anArrivalSentLateWaitedItsLagAndItsServiceTime() {
        Sample sample = new Sample(1_300, 1_550, true, "200", "OK", 200, 1_000);

        assertThat(sample.isScheduled()).isTrue();
        assertThat(sample.lagMillis()).isEqualTo(300);
        assertThat(sample.elapsedMillis()).isEqualTo(250);
        assertThat(sample.fromIntendedMillis()).isEqualTo(550);
    }

    @Test
    void aSendAMillisecondBeforeItsTruncatedDueTimeIsNoNegativeLag() {
        Sample sample = new Sample(999, 1_100, true, "200", "OK", 100, 1_000);

        assertThat(sample.lagMillis()).isZero();
        assertThat(sample.fromIntendedMillis()).isEqualTo(sample.elapsedMillis());
    }

    @ParameterizedTest
    @NullSource
    @ValueSource(
            strings = {
                "",
                "{}",
                "<html>Bad Gateway</html>",
                "{\"delayMs\":\"1734\"}",
                "{\"delayMs\":17.5}",
                "{\"delayMs\":-3}",
                "{\"delayMs\":12abc}",
                "{\"delayMs\":",
                "{\"delayMillis\":1734}",
                "{\"delayMs\":99999999999999999999999}"
            })
    void answersNoDelayForAnythingThatIsNotAPlainInteger(String body) {
        assertThat(Sample.parseBackendDelayMs(body)).isEqualTo(Sample.NO_DELAY);
    }

    @Test
    void elapsedIsEndMinusStart() {
        Sample sample = new Sample(1_000, 3_734, true, "200", "OK", 1_730);

        assertThat(sample.elapsedMillis()).isEqualTo(2_734);
        assertThat(sample.hasBackendDelay()).isTrue();
    }

    @Test
    void nullMessagesBecomeEmpty() {
        Sample sample = new Sample(0, 1, false, null, null, Sample.NO_DELAY);

        assertThat(sample.responseCode()).isEmpty();
        assertThat(sample.failureMessage()).isEmpty();
        assertThat(sample.hasBackendDelay()).isFalse();
    }
}
