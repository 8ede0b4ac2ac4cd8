package loadlab.loadtest.chart;

import java.awt.Color;
import java.util.List;
import java.util.Map;

/**
 * One colour per target, fixed by its name, so app-webflux is the same green in every chart of every run and a
 * reader learns the colours once. The colours are Okabe and Ito's, chosen to stay distinct for the common forms of
 * colour blindness.
 */
final class Palette {

    static {
        // java.awt.headless=true, set before the colours below touch AWT: see Headless.
        Headless.declare();
    }

    private static final Map<String, Color> BY_TARGET = Map.of(
            // Neutral grey: direct is the baseline every app is read against, not a contender.
            "direct", new Color(0x4D4D4D),
            "app-threadpool", new Color(0x0072B2),
            // A lighter shade of its sibling: the same model with more threads.
            "app-threadpool-400", new Color(0x56B4E9),
            "app-webflux", new Color(0x009E73),
            "app-coroutines", new Color(0xCC79A7),
            "app-virtual", new Color(0xD55E00));

    // For a target added later and not yet named above. String.hashCode is specified, so the pick is the same in
    // every run, and none of these is one of the named colours.
    private static final List<Color> SPARE =
            List.of(new Color(0xE69F00), new Color(0x8C564B), new Color(0x7F7F00), new Color(0x17BECF));

    private Palette() {}

    public static Color of(String targetName) {
        Color named = BY_TARGET.get(targetName);
        return named != null ? named : SPARE.get(Math.floorMod(targetName.hashCode(), SPARE.size()));
    }
}
