package loadlab.slowserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.tuple;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SlowServerConfigTests {

    @Test
    void defaultsAreTheLabsBackend() {
        SlowServerConfig config = SlowServerConfig.parse();

        assertThat(config).isEqualTo(new SlowServerConfig(8000, "127.0.0.1", 0, 4000, OptionalLong.empty()));
        assertThat(config.describeDelays()).isEqualTo("delay uniform 0..4000 ms, seed none");
    }

    @Test
    void everyOptionIsRead() {
        SlowServerConfig config = SlowServerConfig.parse(
                "--port=0", "--bind=0.0.0.0", "--min-delay-ms=50", "--max-delay-ms=150", "--seed=-7");

        assertThat(config).isEqualTo(new SlowServerConfig(0, "0.0.0.0", 50, 150, OptionalLong.of(-7)));
        assertThat(config.describeDelays()).isEqualTo("delay uniform 50..150 ms, seed -7");
    }

    @Test
    void aScheduleAndItsHangTimeAreRead() {
        SlowServerConfig config = SlowServerConfig.parse(
                "--schedule=30s:0..4000,20s:0..16000:5xx=10%:hang=5%,30s:0..4000", "--hang-ms=45000");

        assertThat(config.schedule().phases())
                .extracting(Phase::durationMs, Phase::maxDelayMs)
                .containsExactly(tuple(30_000L, 4000), tuple(20_000L, 16_000), tuple(30_000L, 4000));
        assertThat(config.hangMs()).isEqualTo(45_000);
        assertThat(config.describeDelays())
                .isEqualTo("delay uniform 0..4000 ms, seed none, schedule 30s:0..4000,20s:0..16000:5xx=10%:hang=5%,"
                        + "30s:0..4000 from POST /__admin/slow-server/schedule/start, hang 45000 ms");
    }

    @Test
    void withoutAScheduleNothingChanges() {
        SlowServerConfig config = SlowServerConfig.parse("--max-delay-ms=9000");

        assertThat(config.schedule().isEmpty()).isTrue();
        assertThat(config.hangMs()).isEqualTo(SlowServerConfig.DEFAULT_HANG_MS);
        assertThat(config.longestAnswerMs()).isEqualTo(9000);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            --max-delay-ms=4000 | --schedule=1m:0..16000                | 16000
            --max-delay-ms=4000 | --schedule=1m:0..1000:5xx=5%:reset=5% | 4000
            --max-delay-ms=4000 | --schedule=1m:0..1000:hang=1%         | 30000
            --hang-ms=30000     | --schedule=1m:0..45000:hang=1%        | 45000
            """)
    void theLongestAnswerCoversEveryPhaseAndHangsOnlyWhenAPhaseHangs(String first, String second, int longestMs) {
        // WireMock's async timeout is set above this; too low, and a long phase or a hang would end in a 500.
        assertThat(SlowServerConfig.parse(first, second).longestAnswerMs()).isEqualTo(longestMs);
    }

    @Test
    void aFixedDelayIsAllowed() {
        assertThat(SlowServerConfig.parse("--min-delay-ms=1000", "--max-delay-ms=1000")
                        .maxDelayMs())
                .isEqualTo(1000);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            --min-delay-ms=abc                   |                    | --min-delay-ms=abc is not a whole number
            --max-delay-ms=1.5                   |                    | --max-delay-ms=1.5 is not a whole number
            --port=                              |                    | --port= is not a whole number
            --seed=x                             |                    | --seed=x is not a whole number
            --min-delay-ms=5000                  |                    | --min-delay-ms=5000 is greater than --max-delay-ms=4000
            --min-delay-ms=200                   | --max-delay-ms=100 | --min-delay-ms=200 is greater than --max-delay-ms=100
            --max-delay-ms=-1                    |                    | --max-delay-ms=-1 must not be negative
            --min-delay-ms=-5                    |                    | --min-delay-ms=-5 must not be negative
            --max-delay-ms=3600001               |                    | --max-delay-ms=3600001 is more than 3600000 (one hour)
            --max-delay-ms=99999999999999999999  |                    | --max-delay-ms=99999999999999999999 is out of range
            --port=65536                         |                    | --port=65536 is out of range (0..65535, 0 picks a free port)
            --port=-1                            |                    | --port=-1 is out of range (0..65535, 0 picks a free port)
            --foo=1                              |                    | unknown option --foo=1 (known: --port, --bind, --min-delay-ms, --max-delay-ms, --seed, --schedule, --hang-ms)
            8000                                 |                    | unknown option 8000 (known: --port, --bind, --min-delay-ms, --max-delay-ms, --seed, --schedule, --hang-ms)
            --port                               |                    | --port needs a value, written --port=<value>
            --bind=                              |                    | --bind= must name an address
            --port=1                             | --port=2           | --port is given more than once
            --hang-ms=0                          |                    | --hang-ms=0 must be more than zero
            --hang-ms=-1                         |                    | --hang-ms=-1 must not be negative
            --hang-ms=soon                       |                    | --hang-ms=soon is not a whole number
            --schedule=30s:0..4000,20x:0..16000  |                    | --schedule phase 2 (20x:0..16000): duration 20x is not a whole number of ms, s, m or h, e.g. 500ms, 30s, 2m
            """)
    void badConfigurationIsOneLineNamingTheBadValue(String first, String second, String expectedMessage) {
        String[] args = second == null ? new String[] {first} : new String[] {first, second};

        assertThatIllegalArgumentException()
                .isThrownBy(() -> SlowServerConfig.parse(args))
                .withMessage(expectedMessage);
    }

    @Test
    void aLineBreakSmuggledIntoAValueCannotSplitTheMessage() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SlowServerConfig.parse("--seed=1\nslow-server: fake"))
                .satisfies(
                        e -> assertThat(e.getMessage()).doesNotContain("\n").contains("--seed=1\\nslow-server: fake"));
    }

    @Test
    void programmaticConfigurationIsCheckedToo() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new SlowServerConfig(0, "127.0.0.1", 10, 5, OptionalLong.empty()))
                .withMessage("--min-delay-ms=10 is greater than --max-delay-ms=5");
    }
}
