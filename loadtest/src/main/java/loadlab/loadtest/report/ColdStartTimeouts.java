package loadlab.loadtest.report;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.Series;
import loadlab.reporting.Markdown;

/**
 * Why a cold start's requests timed out, per target: its timeouts in the first seconds beside the most connections that
 * waited in its accept queue from the load's start to the last of them. A request that timed out on a connection the
 * server had not yet taken waited unread in the kernel: the server's accept fell behind. With none waiting there, the
 * server had taken every connection, and the requests waited inside it.
 */
final class ColdStartTimeouts {

    private ColdStartTimeouts() {}

    /**
     * One target that lost requests to timeouts in its first seconds.
     *
     * @param peakNotAccepted the most connections waiting to be accepted from the load's start to the last timeout's
     *     second
     * @param unaccepted some connection was waiting to be accepted meanwhile
     * @param accepted the accept queue was read and stayed empty
     * @param acceptsOnEventLoops connections waited, and the target's server is Reactor Netty, which accepts on the
     *     event loops that also serve requests (so busy loops leave new connections waiting), unlike Tomcat, which
     *     accepts on a thread of its own
     */
    record Cause(
            String target,
            int timeouts,
            int firstSecond,
            int lastSecond,
            String peakNotAccepted,
            boolean unaccepted,
            boolean accepted,
            boolean acceptsOnEventLoops) {}

    /** The timeouts of each point's first {@code seconds} from its load's start, a ramp-up of that many seconds. */
    static List<Cause> of(List<Point> points, int rampUpSeconds, int seconds) {
        List<Cause> causes = new ArrayList<>();
        for (Point point : points) {
            Series series = point.series();
            int offset = loadSecond(point, rampUpSeconds);
            int timeouts = 0;
            int first = -1;
            int last = -1;
            for (int second = 0;
                    second < seconds && offset + second < series.seconds().size();
                    second++) {
                if (offset + second < 0) {
                    continue;
                }
                int inSecond = series.seconds().get(offset + second).timeouts();
                if (inSecond > 0) {
                    timeouts += inSecond;
                    first = first < 0 ? second : first;
                    last = second;
                }
            }
            if (timeouts == 0) {
                continue;
            }
            OptionalInt peak = series.peakNotAccepted(offset, offset + last + 1);
            causes.add(new Cause(
                    Markdown.cell(point.target().name()),
                    timeouts,
                    first,
                    last,
                    peak.isPresent() ? Integer.toString(peak.getAsInt()) : Format.NOT_AVAILABLE,
                    peak.isPresent() && peak.getAsInt() > 0,
                    peak.isPresent() && peak.getAsInt() == 0,
                    peak.isPresent() && peak.getAsInt() > 0 && point.target().isReactive()));
        }
        return causes;
    }

    /**
     * Where the point's load started on its series' per-second axis, its ramp-up before its window: the first seconds
     * count from there.
     */
    static int loadSecond(Point point, int rampUpSeconds) {
        return (int) Math.round(point.series()
                        .secondOf(point.stats().orElseThrow().window().startMillis()))
                - rampUpSeconds;
    }
}
