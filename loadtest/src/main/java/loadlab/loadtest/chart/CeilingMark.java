package loadlab.loadtest.chart;

import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import org.knowm.xchart.style.markers.Marker;

/**
 * A short thick horizontal line across a bar: a ceiling reads as a level the bar reaches up to, which a dot or a
 * diamond does not say. It stays visible when the bar overshoots it, which a second bar behind would not.
 */
final class CeilingMark extends Marker {

    private static final BasicStroke THICK = new BasicStroke(3f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);

    @Override
    public void paint(Graphics2D g, double xOffset, double yOffset, int markerSize) {
        double halfLength = markerSize * 1.5;
        g.setStroke(THICK);
        g.draw(new Line2D.Double(xOffset - halfLength, yOffset, xOffset + halfLength, yOffset));
    }
}
