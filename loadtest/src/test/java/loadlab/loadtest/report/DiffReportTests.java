package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.CpuSpeed;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResourceUsage;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Spread;
import loadlab.loadtest.measure.Yardstick;
import org.junit.jupiter.api.Test;

/** What {@code make diff} marks: a change beyond both the runs' own range and a floor. */
class DiffReportTests {

    @Test
    void aChangeWithinFivePercentIsNotMarkedEvenBeyondThreeRunsNarrowRange() {
        // Three runs of 100.0, 100.5 and 101.8 req/s, then a fourth run of the same build at 98.0: 2.5% lower.
        Spread threeRuns = Spread.of(List.of(100.0, 100.5, 101.8));
        Spread oneMore = Spread.of(List.of(98.0));

        assertThat(DiffReport.beyondNoise(Figure.THROUGHPUT, threeRuns, oneMore))
                .isFalse();
        assertThat(DiffReport.beyondNoise(
                        Figure.THROUGHPUT, Spread.of(List.of(3960.0, 3962.0, 3962.0)), Spread.of(List.of(3954.0))))
                .isFalse();
    }

    @Test
    void aChangeBeyondFivePercentAndBeyondTheRangesIsMarked() {
        assertThat(DiffReport.beyondNoise(
                        Figure.THROUGHPUT, Spread.of(List.of(100.0, 100.5, 101.8)), Spread.of(List.of(90.0))))
                .isTrue();
        assertThat(DiffReport.beyondNoise(Figure.THROUGHPUT, Spread.of(List.of(1.0)), Spread.of(List.of(1.06))))
                .isTrue();
    }

    @Test
    void aChangeWithinAWideRangeIsNotMarkedEvenBeyondItsFloor() {
        // CPU per request: runs of 0.83 to 1.13, then 0.93: medians apart by 11.4%, beyond CPU's 10% floor but within
        // the range of 0.30. The same 8% move of throughput, within its own range of 0.30 around 1.05, is not marked
        // either.
        assertThat(DiffReport.beyondNoise(Figure.CPU, Spread.of(List.of(0.83, 1.05, 1.13)), Spread.of(List.of(0.93))))
                .isFalse();
        assertThat(DiffReport.beyondNoise(
                        Figure.THROUGHPUT, Spread.of(List.of(0.83, 1.05, 1.13)), Spread.of(List.of(0.97))))
                .isFalse();
    }

    @Test
    void cpuPerRequestMustMoveMoreThanTenPercentWhereOtherFiguresNeedFive() {
        // One run each side, so only the floor counts: 8% is a change in throughput but noise in CPU per request.
        Spread one = Spread.of(List.of(1.00));

        assertThat(DiffReport.beyondNoise(Figure.THROUGHPUT, one, Spread.of(List.of(1.08))))
                .isTrue();
        assertThat(DiffReport.beyondNoise(Figure.CPU, one, Spread.of(List.of(1.08))))
                .isFalse();
        assertThat(DiffReport.beyondNoise(Figure.CPU_OVER_BACKEND, one, Spread.of(List.of(1.08))))
                .isFalse();
        assertThat(DiffReport.beyondNoise(Figure.CPU, one, Spread.of(List.of(1.12))))
                .isTrue();
    }

    @Test
    void theLegendGivesEachFiguresFloor() {
        String diff = DiffReport.render(
                "a",
                "b",
                List.of(new DiffReport.Pair(
                        "open-workload.json", webflux(0.50, Optional.empty()), webflux(0.54, Optional.empty()))));

        assertThat(diff)
                .contains("larger than 5% (10% for CPU per request) of A")
                .contains("| 0.50 → 0.54 (+8.0%) |");
    }

    private static ResultSet webflux(double secondsPer1000, Optional<CpuSpeed> speed) {
        ResourceCost cost = new ResourceCost(
                        Optional.of(new ResourceUsage(1.0, 0.1, OptionalDouble.of(secondsPer1000), 300, 30, true)),
                        Optional.empty(),
                        Optional.empty())
                .withSpeed(speed);
        return SweepFixtures.openResults(
                List.of(SweepFixtures.openPoint(SweepFixtures.WEBFLUX, 150, 150.0, 0, 4_000, 0, cost)));
    }

    @Test
    void twoRunsThatTimedTheCpuAreComparedOnTheNormalisedCostToo() {
        // The raw cost rose by half on a CPU that ran half as fast: per request on the reference CPU, no change.
        ResultSet a = webflux(0.50, Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 1.0, 240)));
        ResultSet b = webflux(0.75, Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 1.5, 240)));
        ResultSet older = webflux(0.50, Optional.empty());

        String timed = DiffReport.render("a", "b", List.of(new DiffReport.Pair("open-workload.json", a, b)));
        String oneUntimed = DiffReport.render("a", "b", List.of(new DiffReport.Pair("open-workload.json", older, b)));

        assertThat(timed)
                .contains("| CPU s / 1000 req | Normalised CPU s / 1000 req |")
                .contains("| 0.50 → 0.75 (**+50.0%**) | 0.50 → 0.50 (+0.0%) |");
        assertThat(oneUntimed).doesNotContain("Normalised");
    }

    @Test
    void runsTimedWithDifferentYardsticksAreNotComparedOnTheNormalisedCost() {
        ResultSet a = webflux(0.50, Optional.of(new CpuSpeed(Yardstick.WALK_64_KIB, 1.0, 240)));
        ResultSet b = webflux(0.75, Optional.of(new CpuSpeed(Yardstick.WALK_512_KIB, 1.5, 240)));

        String diff = DiffReport.render("a", "b", List.of(new DiffReport.Pair("open-workload.json", a, b)));

        assertThat(diff).contains("| CPU s / 1000 req |").doesNotContain("Normalised");
    }
}
