package loadlab.loadtest.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import loadlab.loadtest.plan.Target;

/** The lines of a chart across levels of load: each target's own, and the dashed bands of their ceilings. */
final class LevelLines {

    static final float DASH = 10f;
    static final float GAP = 6f;
    /** Twice a target's line, so the band shows on both sides of a target that runs along its ceiling. */
    private static final float CEILING_WIDTH = 7f;

    private LevelLines() {}

    /** @param values one per level, NaN where there is nothing to draw, which breaks the line there */
    record Line(String name, Color colour, double[] values, BasicStroke stroke, boolean markers, boolean inLegend) {

        /** A target's own figures: solid, with a marker at each level so a lone level still shows. */
        static Line solid(String targetName, double[] values) {
            return new Line(
                    targetName,
                    Palette.of(targetName),
                    values,
                    new BasicStroke(2.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND),
                    true,
                    true);
        }
    }

    /**
     * One dashed line per distinct ceiling, wide and drawn first, so a target's own thinner line runs on top of it: a
     * target at its ceiling shows as its line inside a dashed band of its colour, one below it as the two apart.
     * Targets whose ceilings are the same at every level (every model without a thread limit) share one band, drawn
     * as interleaved dashes in each of their colours: one colour alone would claim the band for one target, and bands
     * drawn on top of each other would show only the last.
     */
    static List<Line> ceilings(Levels levels, CeilingAt ceilingAt) {
        Map<List<Double>, List<Target>> byCeiling = new LinkedHashMap<>();
        for (Target target : levels.shown()) {
            List<Double> ceiling = levels.positions().stream()
                    .map(level -> ceilingAt.at(target, level))
                    .toList();
            byCeiling.computeIfAbsent(ceiling, key -> new ArrayList<>()).add(target);
        }
        List<Line> lines = new ArrayList<>();
        byCeiling.forEach((ceiling, sharing) -> {
            double[] values = ceiling.stream().mapToDouble(Double::doubleValue).toArray();
            for (int i = 0; i < sharing.size(); i++) {
                Target target = sharing.get(i);
                lines.add(new Line(
                        "ceiling " + target.name(),
                        Palette.of(target.name()),
                        values,
                        dashed(i, sharing.size()),
                        false,
                        false));
            }
        });
        return lines;
    }

    @FunctionalInterface
    interface CeilingAt {
        double at(Target target, double level);
    }

    /**
     * The {@code index}-th of {@code sharing} dash patterns that together tile one line: each draws one dash, then
     * leaves room for the others' dashes, and starts where the previous one's dash ends.
     */
    private static BasicStroke dashed(int index, int sharing) {
        if (sharing <= 1) {
            return new BasicStroke(
                    CEILING_WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {DASH, GAP}, 0f);
        }
        float period = DASH * sharing;
        return new BasicStroke(
                CEILING_WIDTH,
                BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER,
                10f,
                new float[] {DASH, period - DASH},
                (period - index * DASH) % period);
    }
}
