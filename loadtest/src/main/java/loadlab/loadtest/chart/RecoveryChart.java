package loadlab.loadtest.chart;

import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Recovery;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.plan.Timeline;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;

/** A timeline's overview: one bar per target, in its colour, of how long it took to be itself again. */
final class RecoveryChart {

    private RecoveryChart() {}

    /**
     * Per target, the longest it took to be back within the band after a disturbance of the timeline; a target that
     * never was gets a bar to the end of what was watched, and its label says so. Empty when no target was measured.
     */
    static Optional<BufferedImage> draw(ResultSet results) {
        List<Point> measured = BarCharts.measured(results.representatives());
        Timeline timeline = results.plan().timeline();
        if (measured.isEmpty() || timeline.disturbances().isEmpty()) {
            return Optional.empty();
        }
        List<Point> never = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        for (Point point : measured) {
            double worst = 0;
            for (Recovery r : Recovery.of(
                    point.series(), point.stats().orElseThrow().window().startMillis(), timeline)) {
                if (r.recoveredAfter().isEmpty()) {
                    never.add(point);
                    worst = Math.max(
                            worst, timeline.total().minus(r.disturbance().end()).toSeconds());
                } else {
                    worst = Math.max(worst, r.recoveredAfter().getAsDouble());
                }
            }
            seconds.add(worst);
        }
        CategoryChart chart = BarCharts.chart(
                "Seconds from the end of a disturbance until back to calm throughput and p99 (the longest)",
                "Target" + ChartStyle.notShown(results.representatives())
                        + (never.isEmpty()
                                ? ""
                                : "; never recovered, bar to the end of the run: "
                                        + String.join(
                                                ", ",
                                                BarCharts.names(never.stream()
                                                        .distinct()
                                                        .toList()))),
                "Seconds to recover",
                ChartStyle.HEIGHT);
        BarCharts.oneBarPerTarget(chart, measured, point -> seconds.get(measured.indexOf(point)));
        chart.getStyler().setLabelsVisible(true);
        chart.getStyler().setLabelsFont(ChartStyle.LABELS);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        return Optional.of(BitmapEncoder.getBufferedImage(chart));
    }
}
