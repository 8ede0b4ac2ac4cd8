package loadlab.loadtest.report;

import java.util.List;
import loadlab.loadtest.measure.ResultSet;

/** The report of a result set, laid out by its plan's kind. */
public final class Reports {

    private Reports() {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return switch (results.plan().kind()) {
            case COMPARISON -> SummaryReport.render(results, charts);
            case SWEEP -> SweepReport.render(results, charts);
            case OPEN -> OpenWorkloadReport.render(results, charts);
            case TIMELINE -> TimelineReport.render(results, charts);
        };
    }
}
