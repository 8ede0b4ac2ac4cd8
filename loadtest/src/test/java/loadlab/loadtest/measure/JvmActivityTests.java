package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.JvmActivity.CompilerReading;
import loadlab.loadtest.measure.JvmActivity.GcPause;
import loadlab.loadtest.measure.JvmActivity.Second;
import org.junit.jupiter.api.Test;

/** JIT and GC time per second of a run, from synthetic readings and collections at known times. */
class JvmActivityTests {

    private static final long START = 1_700_000_000_000L;

    @Test
    void aCollectionCountsItsPausesInTheSecondItStartedIn() {
        List<Second> seconds = JvmActivity.perSecond(
                List.of(),
                List.of(
                        new GcPause(START + 999, 4.0),
                        new GcPause(START + 1_000, 3.0),
                        new GcPause(START + 1_500, 2.5),
                        new GcPause(START - 1, 50.0),
                        new GcPause(START + 3_000, 60.0)),
                START,
                3);

        assertThat(seconds).containsExactly(new Second(0, 0, 4.0), new Second(1, 0, 5.5), new Second(2, 0, 0));
    }

    @Test
    void theCompilationTimeBetweenTwoReadingsIsSpreadOverTheSecondsBetweenThem() {
        // Readings out of order, as chunks may hold them: +300 ms over [0.5 s, 2.0 s), +40 ms over [2.0 s, 2.4 s).
        List<Second> seconds = JvmActivity.perSecond(
                List.of(
                        new CompilerReading(START + 2_000, 1_300),
                        new CompilerReading(START + 500, 1_000),
                        new CompilerReading(START + 2_400, 1_340)),
                List.of(),
                START,
                4);

        assertThat(seconds)
                .containsExactly(
                        new Second(0, 100.0, 0), new Second(1, 200.0, 0), new Second(2, 40.0, 0), new Second(3, 0, 0));
    }

    @Test
    void compilationBeforeTheRunOrAfterItsLastSecondIsLeftOutAndTheRestKept() {
        // +200 ms over [-1 s, 1 s): half before the run; +90 ms over [1 s, 4 s): the last second is past the run.
        List<Second> seconds = JvmActivity.perSecond(
                List.of(
                        new CompilerReading(START - 1_000, 0),
                        new CompilerReading(START + 1_000, 200),
                        new CompilerReading(START + 4_000, 290)),
                List.of(),
                START,
                3);

        assertThat(seconds).extracting(Second::jitMs).containsExactly(100.0, 30.0, 30.0);
    }

    @Test
    void aSingleReadingOrACounterThatDidNotGrowPlacesNothing() {
        assertThat(JvmActivity.perSecond(List.of(new CompilerReading(START + 500, 900)), List.of(), START, 2))
                .extracting(Second::jitMs)
                .containsExactly(0.0, 0.0);
        assertThat(JvmActivity.perSecond(
                        List.of(new CompilerReading(START, 900), new CompilerReading(START + 1_000, 900)),
                        List.of(),
                        START,
                        2))
                .extracting(Second::jitMs)
                .containsExactly(0.0, 0.0);
    }

    @Test
    void aSeriesKeepsItsSecondsWhenGivenResourcesOrTheHeapAfterTheJvmActivity() {
        List<Second> jvm = List.of(new Second(0, 12.5, 3.0));
        Series series = new Series(START, List.of())
                .withJvm(jvm)
                .withHeapAfterGc(List.of())
                .withResources(new ResourceSamples(List.of()));

        assertThat(series.jvm()).isEqualTo(Optional.of(jvm));
        assertThat(new Series(START, List.of()).jvm()).isEmpty();
    }
}
