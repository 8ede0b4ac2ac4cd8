package loadlab.loadtest.report;

import java.util.List;
import loadlab.loadtest.measure.ResultSet;

/** The report of a result set, laid out by its plan's kind. */
public final class Reports {

    private Reports() {}

    public static String render(ResultSet results, List<ChartLink> charts) {
        return render(results, charts, ProbeColumns.ALL);
    }

    /**
     * @param probeColumns the columns of the probes' figures a comparison's summary may show ({@code ProbeColumns.ALL}
     *     unless a test plugs in a probe of its own)
     */
    public static String render(ResultSet results, List<ChartLink> charts, List<ProbeColumn<?>> probeColumns) {
        return switch (results.plan().kind()) {
            case COMPARISON -> SummaryReport.render(results, charts, probeColumns);
            case SWEEP -> SweepReport.render(results, charts);
            case OPEN -> OpenWorkloadReport.render(results, charts);
            case TIMELINE -> TimelineReport.render(results, charts);
        };
    }
}
