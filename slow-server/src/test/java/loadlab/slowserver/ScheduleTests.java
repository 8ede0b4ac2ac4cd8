package loadlab.slowserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScheduleTests {

    @Test
    void aSlowdownIsThreePhasesInARow() {
        Schedule schedule = Schedule.parse("30s:0..4000,20s:0..16000,30s:0..4000");

        assertThat(schedule.phases())
                .containsExactly(
                        new Phase("30s:0..4000", 30_000, 0, 4000, Map.of()),
                        new Phase("20s:0..16000", 20_000, 0, 16_000, Map.of()),
                        new Phase("30s:0..4000", 30_000, 0, 4000, Map.of()));
        assertThat(schedule.totalMs()).isEqualTo(80_000);
        assertThat(schedule.startOf(2)).isEqualTo(50_000);
        assertThat(schedule.spec()).isEqualTo("30s:0..4000,20s:0..16000,30s:0..4000");
        assertThat(schedule.hangs()).isFalse();
    }

    @Test
    void durationsInMillisecondsSecondsAndMinutesAndAFixedDelay() {
        Schedule schedule = Schedule.parse("500ms:0..10,2m:250,1s:7..7,1h:0");

        assertThat(schedule.phases()).extracting(Phase::durationMs).containsExactly(500L, 120_000L, 1000L, 3_600_000L);
        assertThat(schedule.phases().get(1).minDelayMs()).isEqualTo(250);
        assertThat(schedule.phases().get(1).maxDelayMs()).isEqualTo(250);
        assertThat(schedule.longestDelayMs()).isEqualTo(250);
    }

    @Test
    void faultsAreSharesInPercent() {
        Phase phase = Schedule.parse("20s:0..4000:5xx=10%:reset=5%:hang=2.5%")
                .phases()
                .getFirst();

        assertThat(phase.faultPercents())
                .containsExactly(
                        Map.entry(FaultKind.SERVER_ERROR, new BigDecimal("10")),
                        Map.entry(FaultKind.RESET, new BigDecimal("5")),
                        Map.entry(FaultKind.HANG, new BigDecimal("2.5")));
        assertThat(phase.share(FaultKind.HANG)).isEqualTo(0.025);
        assertThat(phase.hasFaults()).isTrue();
        assertThat(Schedule.parse("1s:0:hang=0%").phases().getFirst().hasFaults())
                .isFalse();
        assertThat(Schedule.parse("1s:0:reset=100%").phases().getFirst().share(FaultKind.RESET))
                .isEqualTo(1.0);
    }

    @Test
    void thePhaseAtAnInstantCountsFromTheStart() {
        Schedule schedule = Schedule.parse("30s:0..4000,20s:0..16000,30s:0..4000");

        assertThat(schedule.phaseIndexAt(-1)).isEqualTo(-1);
        assertThat(schedule.phaseIndexAt(0)).isEqualTo(0);
        assertThat(schedule.phaseIndexAt(29_999)).isEqualTo(0);
        assertThat(schedule.phaseIndexAt(30_000)).isEqualTo(1);
        assertThat(schedule.phaseIndexAt(49_999)).isEqualTo(1);
        // The third phase equals the first; it is still the third.
        assertThat(schedule.phaseIndexAt(50_000)).isEqualTo(2);
        assertThat(schedule.phaseIndexAt(80_000)).isEqualTo(-1);
    }

    @Test
    void noScheduleIsTheEmptyText() {
        assertThat(Schedule.parse("")).isEqualTo(Schedule.NONE);
        assertThat(Schedule.NONE.phaseIndexAt(0)).isEqualTo(-1);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '\'', textBlock = """
            30s:0..4000,                   | --schedule phase 2 is empty (phases are separated by one comma)
            ,30s:0..4000                   | --schedule phase 1 is empty (phases are separated by one comma)
            30s                            | --schedule phase 1 (30s): needs a duration and delays, written duration:min..max, e.g. 30s:0..4000
            30:0..4000                     | --schedule phase 1 (30:0..4000): duration 30 is not a whole number of ms, s, m or h, e.g. 500ms, 30s, 2m
            1d:0..4000                     | --schedule phase 1 (1d:0..4000): duration 1d is not a whole number of ms, s, m or h, e.g. 500ms, 30s, 2m
            -5s:0..4000                    | --schedule phase 1 (-5s:0..4000): duration -5s is not a whole number of ms, s, m or h, e.g. 500ms, 30s, 2m
            0s:0..4000                     | --schedule phase 1 (0s:0..4000): duration 0s must be more than zero
            25h:0..4000                    | --schedule phase 1 (25h:0..4000): duration 25h is more than a day
            10s:0..4000,5s:4000..0         | --schedule phase 2 (5s:4000..0): delays 4000..0 have min greater than max
            10s:0...4000                   | --schedule phase 1 (10s:0...4000): delays 0...4000 are not min..max or one number of ms, e.g. 0..4000
            10s:                           | --schedule phase 1 (10s:): delays are missing, written min..max, e.g. 0..4000
            10s:0..3600001                 | --schedule phase 1 (10s:0..3600001): delay 3600001 is more than 3600000 (one hour)
            10s:0..4000:5xx=10             | --schedule phase 1 (10s:0..4000:5xx=10): fault 5xx=10 is not written kind=share%, e.g. 5xx=10% or hang=2.5%
            10s:0..4000:timeout=10%        | --schedule phase 1 (10s:0..4000:timeout=10%): fault timeout=10% is of no known kind (5xx, reset, hang)
            10s:0..4000:5xx=101%           | --schedule phase 1 (10s:0..4000:5xx=101%): fault 5xx=101% is more than 100%
            10s:0..4000:5xx=5%:5xx=5%      | --schedule phase 1 (10s:0..4000:5xx=5%:5xx=5%): fault 5xx is given more than once
            10s:0..4000:5xx=60%:hang=40.5% | --schedule phase 1 (10s:0..4000:5xx=60%:hang=40.5%): faults add up to 100.5%, more than 100%
            10s:0..4000:                   | --schedule phase 1 (10s:0..4000:): a fault is empty (faults are separated by one colon)
            """)
    void aBadPhaseIsOneLineNamingThePhaseAndTheField(String text, String expectedMessage) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Schedule.parse(text))
                .withMessage(expectedMessage);
    }

    @Test
    void aLineBreakInAPhaseCannotSplitTheMessage() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> Schedule.parse("10s:0..4000\nslow-server: fake"))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }
}
