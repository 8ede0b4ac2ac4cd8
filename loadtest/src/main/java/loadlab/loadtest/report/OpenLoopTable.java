package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import loadlab.loadtest.measure.OpenLoop;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResponseTimes;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Thresholds;
import loadlab.reporting.Markdown;

/**
 * The open runs' latency from each arrival's intended send time beside their service time, and how far behind its
 * schedule the generator sent, for {@code templates/loadtest/open-loop.md}: a row per open run, and a flag on each run
 * whose generator lag p99 is over its limit ({@link OpenLoop#generatorBehind()}). Points of closed loops, and open
 * runs from before their intended times were kept, have no row; with none, no section.
 */
final class OpenLoopTable {

    private OpenLoopTable() {}

    /**
     * @param percentOfP99 the share of the p99 from the intended time that the lag p99 may reach
     * @param floorMs      the least limit, whatever the p99
     */
    record View(List<Row> rows, List<Row> behind, String percentOfP99, long floorMs) {}

    /**
     * One open run: service time (from the actual send) and latency from the intended send time, p50 and p99, and the
     * generator's lag p50/p99/max with its limit.
     */
    record Row(
            String name,
            String load,
            String run,
            String serviceP50,
            String serviceP99,
            String intendedP50,
            String intendedP99,
            String lagP50,
            String lagP99,
            String lagMax,
            String limit,
            boolean behind) {}

    static Optional<View> of(List<Point> points) {
        List<Row> rows = new ArrayList<>();
        for (Point point : points) {
            Optional<RunStats> stats = point.stats();
            if (stats.isEmpty()
                    || stats.get().openLoop().isEmpty()
                    || stats.get().responseTimes().isEmpty()) {
                continue;
            }
            OpenLoop open = stats.get().openLoop().get();
            ResponseTimes service = stats.get().responseTimes().get();
            rows.add(new Row(
                    Markdown.cell(point.target().name()),
                    Format.level(point.load().level()),
                    Integer.toString(point.run()),
                    Format.ms(service.p50Ms()),
                    Format.ms(service.p99Ms()),
                    Format.ms(open.fromIntended().p50Ms()),
                    Format.ms(open.fromIntended().p99Ms()),
                    Format.ms(open.lag().p50Ms()),
                    Format.ms(open.lag().p99Ms()),
                    Format.ms(open.lag().maxMs()),
                    Format.ms(open.lagLimitMs()),
                    open.generatorBehind()));
        }
        if (rows.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new View(
                rows,
                rows.stream().filter(Row::behind).toList(),
                Format.whole(Thresholds.GENERATOR_LAG_PERCENT_OF_P99),
                Thresholds.GENERATOR_LAG_FLOOR_MS));
    }
}
