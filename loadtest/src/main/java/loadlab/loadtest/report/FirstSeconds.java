package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import loadlab.loadtest.measure.JvmActivity;
import loadlab.loadtest.measure.PerSecond;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.ResultSet;
import loadlab.loadtest.measure.Series;
import loadlab.reporting.Markdown;

/**
 * A timeline without warm-up (a cold start): each second of its first {@link #MOST} from the load's start, its
 * ramp-up included, a column group per target, and why its timeouts came.
 *
 * @param rampUp the ramp-up's seconds when the load had one: its users arrived over them
 */
record FirstSeconds(
        int seconds,
        Optional<String> rampUp,
        List<String> targets,
        List<SecondRow> rows,
        List<ColdStartTimeouts.Cause> causes) {

    /** How many seconds of a cold start the report shows one by one. */
    static final int MOST = 90;

    /**
     * One second: per target its good throughput, p99 (service time), timeouts, collections, their pause time, JIT
     * compilation time and the most connections waiting in its accept queue, in target order.
     */
    record SecondRow(int second, List<SecondCell> cells) {}

    record SecondCell(
            String good,
            String p99,
            String timeouts,
            String collections,
            String gcMs,
            String jitMs,
            String notAccepted) {}

    /** Each target's first seconds from its load's start, one by one; a failed target shows none. */
    static FirstSeconds of(ResultSet results) {
        List<Point> points = results.targets().stream()
                .map(results::representative)
                .filter(p -> p.stats().isPresent())
                .toList();
        int rampUp = results.plan().phases().rampUpSeconds();
        int seconds = Math.min(MOST, rampUp + results.plan().phases().windowSeconds());
        List<SecondRow> rows = new ArrayList<>();
        for (int second = 0; second < seconds; second++) {
            List<SecondCell> cells = new ArrayList<>();
            for (Point point : points) {
                cells.add(secondCell(point, ColdStartTimeouts.loadSecond(point, rampUp) + second));
            }
            rows.add(new SecondRow(second, cells));
        }
        return new FirstSeconds(
                seconds,
                rampUp == 0 ? Optional.empty() : Optional.of(Integer.toString(rampUp)),
                points.stream().map(p -> Markdown.cell(p.target().name())).toList(),
                rows,
                ColdStartTimeouts.of(points, rampUp, seconds));
    }

    /** The cell of the second {@code at} on the point's series' axis. */
    private static SecondCell secondCell(Point point, int at) {
        Series series = point.series();
        String na = Format.NOT_AVAILABLE;
        if (at < 0 || at >= series.seconds().size()) {
            return new SecondCell(na, na, na, na, na, na, na);
        }
        PerSecond s = series.seconds().get(at);
        Optional<JvmActivity.Second> jvm =
                series.jvm().filter(list -> at < list.size()).map(list -> list.get(at));
        long collections = series.heapAfterGc().stream()
                .filter(h -> h.atSecond() >= at && h.atSecond() < at + 1)
                .count();
        OptionalInt notAccepted = series.peakNotAccepted(at, at + 1);
        return new SecondCell(
                Integer.toString(s.good()),
                s.p99Ms().isPresent() ? Format.ms(s.p99Ms().getAsLong()) : "—",
                Integer.toString(s.timeouts()),
                series.heapAfterGc().isEmpty() ? na : Long.toString(collections),
                jvm.map(j -> Format.ms(j.gcPauseMs())).orElse(na),
                jvm.map(j -> Format.ms(j.jitMs())).orElse(na),
                notAccepted.isPresent() ? Integer.toString(notAccepted.getAsInt()) : na);
    }
}
