package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** Every judgement of the lab as a value, at and around its threshold. */
class VerdictsTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasurementWindow TEN_SECONDS = MeasurementWindow.ofSeconds(T0, 10);

    /** {@code good} answers and {@code refused} refusals, all completing inside the window. */
    private static RunStats stats(int good, int refused, int timeouts, double ceiling) {
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < good; i++) {
            samples.add(new Sample(T0, T0 + 1_000, true, "200", "OK", 990));
        }
        for (int i = 0; i < refused; i++) {
            samples.add(new Sample(
                    T0,
                    T0 + 1,
                    false,
                    "Non HTTP response code: java.net.ConnectException",
                    "Connection refused",
                    Sample.NO_DELAY));
        }
        for (int i = 0; i < timeouts; i++) {
            samples.add(new Sample(
                    T0,
                    T0 + 9_000,
                    false,
                    "Non HTTP response code: java.net.SocketTimeoutException",
                    "Read timed out",
                    Sample.NO_DELAY));
        }
        return RunStats.compute(samples, TEN_SECONDS, ceiling);
    }

    private static Point point(RunStats stats) {
        return TestPoints.measured(Target.DIRECT, new LoadShape.Closed(100), stats);
    }

    @Test
    void atTheCeilingFromNinetyEightPercentOfIt() {
        assertThat(Verdicts.atCeiling(stats(980, 0, 0, 100))).isTrue();
        assertThat(Verdicts.atCeiling(stats(979, 0, 0, 100))).isFalse();
    }

    @Test
    void aLevelHoldsFromNinetyPercentWithUnderOnePercentErrors() {
        assertThat(Verdicts.holds(point(stats(900, 0, 0, 100)))).isTrue();
        assertThat(Verdicts.holds(point(stats(899, 0, 0, 100)))).isFalse();
        assertThat(Verdicts.holds(point(stats(990, 10, 0, 100))))
                .as("1% errors")
                .isFalse();
        assertThat(Verdicts.holds(point(stats(0, 0, 0, 100))))
                .as("nothing completed")
                .isFalse();
        assertThat(Verdicts.holds(TestPoints.failed(Target.DIRECT, new LoadShape.Closed(100), "x", Path.of("x"))))
                .isFalse();
    }

    @Test
    void keepingUpAllowsWhatChanceExplainsAndNoMore() {
        assertThat(Verdicts.keptUpFloor(80, 30)).isCloseTo((2400 - 3 * Math.sqrt(2400)) / 30, within(1e-9));
        assertThat(Verdicts.keptUpFloor(10_000, 30)).isCloseTo(9_800, within(1e-9));
        RunStats enough = stats(760, 0, 0, 80);
        assertThat(Verdicts.keptUp(80, 10, enough, Optional.empty())).isTrue();
        assertThat(Verdicts.keptUp(80, 10, stats(700, 0, 0, 80), Optional.empty()))
                .isFalse();
        ResponseTimes fasterDirect = new ResponseTimes(500, 1, 500, 800, 850, 900, 950);
        assertThat(Verdicts.keptUp(80, 10, enough, Optional.of(fasterDirect)))
                .as("a p99 more than 10% over direct's")
                .isFalse();
    }

    @Test
    void aMeanTimeNearTheTimeoutForecastsTimeouts() {
        assertThat(Verdicts.timeoutForecast(10_001, 10_000)).isEqualTo(Verdicts.TimeoutForecast.OVER);
        assertThat(Verdicts.timeoutForecast(8_000, 10_000)).isEqualTo(Verdicts.TimeoutForecast.NEAR);
        assertThat(Verdicts.timeoutForecast(7_999, 10_000)).isEqualTo(Verdicts.TimeoutForecast.WITHIN);
    }

    @Test
    void aThroughputAboveTheCeilingMadeOfFastErrorsIsNoMeasurement() {
        // A dead port: 100 good and 10,000 refusals, 1010 req/s against a ceiling of 100.
        assertThat(Verdicts.failedFast(stats(1_000, 10_000, 0, 100))).isTrue();
        // An overloaded pool: timeouts are bounded by users / timeout and are read as what they are.
        assertThat(Verdicts.failedFast(stats(140, 0, 1_870, 100))).isFalse();
        // A few refusals below the ceiling are errors of a measured load.
        assertThat(Verdicts.failedFast(stats(900, 50, 0, 100))).isFalse();
        assertThat(Verdicts.failedFast(stats(1_000, 101, 0, 100))).isTrue();
    }

    @Test
    void aCpuIsBusyFromEightyPercentOfTheCores() {
        assertThat(Verdicts.cpuBusy(1.6, 2)).isTrue();
        assertThat(Verdicts.cpuBusy(1.59, 2)).isFalse();
    }
}
