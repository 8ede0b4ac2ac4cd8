package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ProbeFigures;
import loadlab.loadtest.measure.ResourceCost;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.measure.TestPoints;
import loadlab.loadtest.plan.LoadShape;
import loadlab.loadtest.plan.Phases;
import loadlab.loadtest.plan.Plan;
import loadlab.loadtest.plan.Target;
import org.junit.jupiter.api.Test;

/** A probe's figures in the summary: a column per entry, shown only where its probe gave figures. */
class ProbeColumnsTests {

    private static final long T0 = 1_700_000_000_000L;
    private static final Phases PHASES = TestPoints.phases(1, 2, 5, 10);
    private static final LoadShape LOAD = new LoadShape.Closed(50);
    private static final Target VIRTUAL = Target.app("virtual").orElseThrow();
    private static final Target WEBFLUX = Target.app("webflux").orElseThrow();

    record OldGen(double afterGcMib, OptionalDouble promotedMib) {
        static final ProbeFigures.Key<OldGen> KEY = new ProbeFigures.Key<>("old-gen", OldGen.class);
    }

    private static final List<ProbeColumn<?>> COLUMNS = List.of(
            new ProbeColumn<>(
                    OldGen.KEY, "Old gen after GC (MiB)", g -> OptionalDouble.of(g.afterGcMib()), Format::tenths),
            new ProbeColumn<>(OldGen.KEY, "Promoted (MiB)", OldGen::promotedMib, Format::whole));

    private static Point point(Target target, Optional<OldGen> oldGen) {
        MeasurementWindow window = TestPoints.window(PHASES, T0);
        List<Sample> samples =
                List.of(new Sample(window.startMillis() + 10, window.startMillis() + 210, true, "200", "OK", 180));
        RunStats stats = RunStats.compute(samples, window, 100);
        return TestPoints.measured(target, LOAD, 1, stats, ResourceCost.NONE.withProbe(OldGen.KEY, oldGen));
    }

    private static String summary(List<Point> points) {
        Plan plan = TestPoints.comparison(50, PHASES, TestPoints.backend(0, 200), 1, List.of(VIRTUAL, WEBFLUX));
        return Reports.render(new ResultSet(plan, TestPoints.ENVIRONMENT, points), List.of(), COLUMNS);
    }

    @Test
    void eachColumnOfAProbeThatGaveFiguresShowsThemAndNotAvailableWhereItDidNotApply() {
        String markdown = summary(List.of(
                point(Target.DIRECT, Optional.empty()),
                point(VIRTUAL, Optional.of(new OldGen(123.456, OptionalDouble.of(7.6)))),
                point(WEBFLUX, Optional.of(new OldGen(98.0, OptionalDouble.empty())))));

        assertThat(markdown)
                .contains("## Probes\n\n| Target | Old gen after GC (MiB) | Promoted (MiB) |\n|---|--:|--:|\n")
                .contains("| direct | n/a | n/a |")
                .contains("| app-virtual | 123.5 | 8 |")
                .contains("| app-webflux | 98.0 | n/a |");
    }

    @Test
    void aFailedRowSaysSoAndDataWithoutTheProbesFiguresHasNoSection() {
        Point failed = TestPoints.failed(VIRTUAL, LOAD, "died: app-virtual exited", Path.of("raw/app-virtual/app.log"));
        String withFigures = summary(List.of(
                point(Target.DIRECT, Optional.of(new OldGen(12, OptionalDouble.of(1)))),
                failed,
                point(WEBFLUX, Optional.empty())));
        String without =
                summary(List.of(point(Target.DIRECT, Optional.empty()), failed, point(WEBFLUX, Optional.empty())));

        assertThat(withFigures).contains("| app-virtual | **FAILED** | — |");
        assertThat(without).doesNotContain("## Probes");
        assertThat(Reports.render(
                        new ResultSet(
                                TestPoints.comparison(50, PHASES, TestPoints.backend(0, 200), 1, List.of(VIRTUAL)),
                                TestPoints.ENVIRONMENT,
                                List.of(point(Target.DIRECT, Optional.of(new OldGen(12, OptionalDouble.of(1)))))),
                        List.of()))
                .as("the lab's own columns, none of which is this test's probe")
                .doesNotContain("## Probes");
    }
}
