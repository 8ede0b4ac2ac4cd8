package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The engines knob: which engines, and the share of the load each one sends so that together they send the plan's. */
class EnginesTests {

    private static Knobs parse(String... args) {
        return KnobsTests.parse(args);
    }

    @Test
    void noEnginesMeansJmeterRunsInTheRunner() {
        assertThat(parse().setup().engines().isLocal()).isTrue();
        assertThat(parse("--engines=none").setup().engines().isLocal()).isTrue();
        assertThat(Engines.LOCAL.share(new LoadShape.Closed(501))).isEqualTo(new LoadShape.Closed(501));
    }

    @Test
    void engineAddressesAreReadInOrder() {
        Engines engines =
                parse("--engines=127.0.0.2:1099, 127.0.0.3:2099").setup().engines();

        assertThat(engines.addresses())
                .containsExactly(new Engines.Address("127.0.0.2", 1099), new Engines.Address("127.0.0.3", 2099));
        assertThat(engines.count()).isEqualTo(2);
        assertThat(engines.describe())
                .contains("127.0.0.2:1099, 127.0.0.3:2099")
                .contains("1/2 of the load");
    }

    @Test
    void eachEngineSendsAnEqualShare() {
        Engines two = Engines.parse("engines", "127.0.0.2:1099,127.0.0.3:1099");

        assertThat(two.share(new LoadShape.Closed(500))).isEqualTo(new LoadShape.Closed(250));
        assertThat(two.share(new LoadShape.Open(225, 2500))).isEqualTo(new LoadShape.Open(112.5, 1250));
        LoadShape.Spike spike =
                new LoadShape.Spike(100, 5, Duration.ofSeconds(40), Duration.ofSeconds(20), Duration.ofSeconds(60));
        assertThat(two.share(spike))
                .isEqualTo(new LoadShape.Spike(
                        50, 5, Duration.ofSeconds(40), Duration.ofSeconds(20), Duration.ofSeconds(60)));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "127.0.0.2                      | entry '127.0.0.2' is not <host>:<port>",
                "127.0.0.2:                     | entry '127.0.0.2:' is not <host>:<port>",
                "127.0.0.2:abc                  | entry '127.0.0.2:abc' has a port that is not a number",
                "127.0.0.2:65535                | entry '127.0.0.2:65535' has a port outside 1..65534",
                "127.0.0.2:1099,127.0.0.2:1099  | lists 127.0.0.2:1099 twice",
                "0.0.0.0:1099                   | entry '0.0.0.0:1099' names no one host",
            })
    void aBadEngineIsOneLineNamingIt(String raw, String message) {
        assertThatThrownBy(() -> parse("--engines=" + raw))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("engines ")
                .hasMessageContaining(message)
                .hasMessageNotContaining("\n");
    }

    @ParameterizedTest
    @CsvSource({"rmiSsl, on", "rmiSsl, off", "keystore, other.jks", "callback, 127.0.0.1", "callbackPort, 4001"})
    void howToTalkToEnginesWithoutEnginesIsRefusedNotIgnored(String knob, String value) {
        assertThatThrownBy(() -> parse("--" + knob + "=" + value))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(knob + "=" + value + " is for remote engines, and engines is not set: give"
                        + " engines=<host:port,...>, or leave " + knob + " out");
        assertThatThrownBy(() -> parse("--engines=none", "--" + knob + "=" + value))
                .hasMessageStartingWith(knob + "=" + value + " is for remote engines");
    }

    @Test
    void aLoadThatDoesNotSplitEvenlyIsRefusedBeforeAnythingStarts() {
        assertThatThrownBy(() -> parse("--users=501", "--engines=127.0.0.2:1099,127.0.0.3:1099"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("users=501 does not split evenly across the 2 engines of"
                        + " engines=127.0.0.2:1099,127.0.0.3:1099");
        assertThatThrownBy(() -> parse("--scenario=sweep", "--engines=127.0.0.2:1,127.0.0.3:1,127.0.0.4:1"))
                .hasMessageContaining("users=100 does not split evenly across the 3 engines");
    }

    @Test
    void aDatabaseScenarioIsRefusedSinceItsDirectRowRunsInTheRunner() {
        assertThatThrownBy(() -> parse("--scenario=db", "--engines=127.0.0.2:1099,127.0.0.3:1099"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("scenario 'db' queries PostgreSQL through a pool in the runner's own JVM");
    }

    @Test
    void aReportOrDiffIgnoresTheEnginesSplit() {
        // Nothing is loaded, so nothing needs to split.
        assertThat(parse("report", "--users=501", "--engines=127.0.0.2:1099,127.0.0.3:1099")
                        .mode())
                .isEqualTo(Knobs.Mode.REPORT);
    }
}
