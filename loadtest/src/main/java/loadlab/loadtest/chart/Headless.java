package loadlab.loadtest.chart;

/**
 * Charts are drawn on servers and in CI, where there is no display. AWT decides once, on first use, whether it is
 * headless (even {@code java.awt.Color} asks), so the chart classes that are ways in, {@link Charts} and
 * {@link Palette}, declare it in their static initialisers, before any of their code touches AWT. It would come too
 * late only if something else in this JVM had already initialised AWT with a display, and then there is one.
 */
final class Headless {

    private Headless() {}

    static void declare() {
        System.setProperty("java.awt.headless", "true");
    }
}
