package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

class BeforeWindowTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();

    @Test
    void countsTheWholeSecondsBeforeTheWindowAndNoneOfIt() {
        Series series = new Series(
                T0,
                List.of(
                        second(0, 2, ErrorClass.TIMEOUT, 1),
                        second(1, 3, ErrorClass.TIMEOUT, 0),
                        second(2, 4, ErrorClass.CONNECTION, 2),
                        // the window begins at 3.5 s: this second is partly inside it, so it is left out
                        second(3, 5, ErrorClass.NON_2XX, 1),
                        second(4, 6, ErrorClass.NON_2XX, 3)));

        BeforeWindow before = BeforeWindow.of(point(T0 + 3_500, series)).orElseThrow();

        assertThat(before.requests()).isEqualTo(9);
        assertThat(before.errors()).isEqualTo(3);
        assertThat(before.errorsByClass())
                .containsEntry(ErrorClass.TIMEOUT, 1)
                .containsEntry(ErrorClass.CONNECTION, 2)
                .containsEntry(ErrorClass.NON_2XX, 0);
        assertThat(before.firstErrorSecond()).isZero();
        assertThat(before.lastErrorSecond()).isEqualTo(2);
    }

    @Test
    void aCleanWarmUpHasNoErrorSeconds() {
        Series series =
                new Series(T0, List.of(second(0, 2, ErrorClass.TIMEOUT, 0), second(1, 3, ErrorClass.TIMEOUT, 0)));

        BeforeWindow before = BeforeWindow.of(point(T0 + 2_000, series)).orElseThrow();

        assertThat(before.requests()).isEqualTo(5);
        assertThat(before.errors()).isZero();
        assertThat(before.firstErrorSecond()).isEqualTo(-1);
        assertThat(before.lastErrorSecond()).isEqualTo(-1);
    }

    @Test
    void aPointWithoutSecondsHasNothingToSay() {
        assertThat(BeforeWindow.of(point(T0, Series.NONE))).isEmpty();
    }

    private static PerSecond second(int offset, int completed, ErrorClass errorClass, int errors) {
        Map<ErrorClass, Integer> byClass = new EnumMap<>(PerSecond.noErrors());
        byClass.put(errorClass, errors);
        return new PerSecond(offset, completed, errors, OptionalLong.of(100), 0, byClass);
    }

    private static Point point(long windowStartMillis, Series series) {
        RunStats stats = RunStats.compute(List.of(), MeasurementWindow.ofSeconds(windowStartMillis, 30), 250.0);
        return TestPoints.measured(WEBFLUX, new LoadShape.Closed(500), stats).withSeries(series);
    }
}
