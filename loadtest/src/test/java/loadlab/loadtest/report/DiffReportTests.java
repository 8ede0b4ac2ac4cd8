package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import loadlab.loadtest.measure.Spread;
import org.junit.jupiter.api.Test;

/** What {@code make diff} marks: a change beyond both the runs' own range and a floor. */
class DiffReportTests {

    @Test
    void aChangeWithinFivePercentIsNotMarkedEvenBeyondThreeRunsNarrowRange() {
        // Three runs of 100.0, 100.5 and 101.8 req/s, then a fourth run of the same build at 98.0: 2.5% lower.
        Spread threeRuns = Spread.of(List.of(100.0, 100.5, 101.8));
        Spread oneMore = Spread.of(List.of(98.0));

        assertThat(DiffReport.beyondNoise(threeRuns, oneMore)).isFalse();
        assertThat(DiffReport.beyondNoise(Spread.of(List.of(3960.0, 3962.0, 3962.0)), Spread.of(List.of(3954.0))))
                .isFalse();
    }

    @Test
    void aChangeBeyondFivePercentAndBeyondTheRangesIsMarked() {
        assertThat(DiffReport.beyondNoise(Spread.of(List.of(100.0, 100.5, 101.8)), Spread.of(List.of(90.0))))
                .isTrue();
        assertThat(DiffReport.beyondNoise(Spread.of(List.of(1.0)), Spread.of(List.of(1.06))))
                .isTrue();
    }

    @Test
    void aChangeWithinAWideRangeIsNotMarkedEvenBeyondFivePercent() {
        // CPU per request: runs of 0.83 to 1.13, then 0.97 and 1.05 medians apart by 8%.
        assertThat(DiffReport.beyondNoise(Spread.of(List.of(0.83, 1.05, 1.13)), Spread.of(List.of(0.97))))
                .isFalse();
    }
}
