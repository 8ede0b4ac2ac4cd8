package loadlab.loadtest.chart;

import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Locale;
import loadlab.loadtest.measure.Point;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;

/** The look every chart shares, so they read as one set. */
final class ChartStyle {

    static final int WIDTH = 1000;
    static final int HEIGHT = 600;

    /** For values written on bars. */
    static final Font LABELS = new Font(Font.SANS_SERIF, Font.BOLD, 14);

    private static final Color GRID = new Color(0xDDDDDD);

    private ChartStyle() {}

    static void apply(AxesChartStyler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setPlotBorderColor(GRID);
        styler.setPlotGridLinesColor(GRID);
        styler.setChartTitleBoxVisible(false);
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        styler.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        // Below the plot, in a row: beside it, the legend would take a fifth of the width from the data.
        styler.setLegendPosition(LegendPosition.OutsideS);
        styler.setLegendLayout(LegendLayout.Horizontal);
        styler.setLegendBorderColor(Color.WHITE);
        // The charts sit next to tables that print 482.3, whatever the machine's locale.
        styler.setLocale(Locale.ROOT);
    }

    /**
     * A note for the x-axis title naming the targets that failed, so a missing bar or line is not read as a zero.
     * Empty when every target was measured.
     */
    static String notShown(List<Point> inputs) {
        List<String> failed = inputs.stream()
                .filter(input -> input.stats().isEmpty())
                .map(Charts::name)
                .toList();
        return failed.isEmpty() ? "" : "   (failed, not shown: " + String.join(", ", failed) + ")";
    }
}
