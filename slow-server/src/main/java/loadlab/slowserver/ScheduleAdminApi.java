package loadlab.slowserver;

import static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder.responseDefinition;

import com.github.tomakehurst.wiremock.admin.Router;
import com.github.tomakehurst.wiremock.extension.AdminApiExtension;
import com.github.tomakehurst.wiremock.http.RequestMethod;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * The schedule's clock, under WireMock's admin API (never delayed, never faulted):
 *
 * <ul>
 *   <li>{@code POST /__admin/slow-server/schedule/start} (re)starts the schedule now: the runner calls it before
 *       loading each target, since slow-server is started once per comparison;
 *   <li>{@code GET /__admin/slow-server/schedule} tells where it stands.
 * </ul>
 *
 * Both answer {@code 200} with the same JSON: {@code state} ({@code not-started}, {@code running} or
 * {@code finished}), {@code startedAtEpochMs}, {@code nowEpochMs}, {@code elapsedMs}, {@code endsAtEpochMs},
 * {@code totalMs}, {@code hangMs}, {@code base} (the delays outside the schedule), {@code phaseIndex} and
 * {@code phase} (the running phase, or -1 and null), and {@code phases}: each with {@code index}, {@code spec},
 * {@code startMs}, {@code endMs} (relative to the start), {@code minDelayMs}, {@code maxDelayMs} and
 * {@code faultPercents} ({@code 5xx}, {@code reset}, {@code hang}).
 */
final class ScheduleAdminApi implements AdminApiExtension {

    static final String START_PATH = "/__admin/slow-server/schedule/start";
    static final String STATUS_PATH = "/__admin/slow-server/schedule";

    private final Answers answers;

    ScheduleAdminApi(Answers answers) {
        this.answers = answers;
    }

    @Override
    public String getName() {
        return "slow-server-schedule";
    }

    @Override
    public void contributeAdminApiRoutes(Router router) {
        router.add(RequestMethod.POST, routeOf(START_PATH), (admin, serveEvent, pathParams) -> json(answers.start()));
        router.add(RequestMethod.GET, routeOf(STATUS_PATH), (admin, serveEvent, pathParams) -> json(answers.now()));
    }

    // The router's paths are relative to /__admin.
    private static String routeOf(String path) {
        return path.substring("/__admin".length());
    }

    private ResponseDefinition json(Answers.Moment moment) {
        return responseDefinition()
                .withStatus(200)
                .withHeader("Content-Type", "application/json")
                .withBody(render(moment, answers.config()))
                .build();
    }

    static String render(Answers.Moment moment, SlowServerConfig config) {
        Schedule schedule = config.schedule();
        boolean started = moment.state() != Answers.State.NOT_STARTED;
        List<Phase> phases = schedule.phases();
        StringJoiner phaseList = new StringJoiner(",", "[", "]");
        for (int i = 0; i < phases.size(); i++) {
            phaseList.add(phase(schedule, i));
        }
        return "{\"state\":\"" + moment.state().name().toLowerCase(Locale.ROOT).replace('_', '-') + "\""
                + ",\"startedAtEpochMs\":" + (started ? moment.startedAtEpochMs() : "null")
                + ",\"nowEpochMs\":" + moment.nowEpochMs()
                + ",\"elapsedMs\":" + moment.elapsedMs()
                + ",\"endsAtEpochMs\":" + (started ? moment.startedAtEpochMs() + schedule.totalMs() : "null")
                + ",\"totalMs\":" + schedule.totalMs()
                + ",\"hangMs\":" + config.hangMs()
                + ",\"base\":{\"minDelayMs\":" + config.minDelayMs() + ",\"maxDelayMs\":" + config.maxDelayMs() + "}"
                + ",\"phaseIndex\":" + moment.phaseIndex()
                + ",\"phase\":" + (moment.phaseIndex() < 0 ? "null" : phase(schedule, moment.phaseIndex()))
                + ",\"phases\":" + phaseList
                + "}";
    }

    private static String phase(Schedule schedule, int index) {
        Phase phase = schedule.phases().get(index);
        long start = schedule.startOf(index);
        StringJoiner faults = new StringJoiner(",", "{", "}");
        for (FaultKind kind : FaultKind.values()) {
            BigDecimal percent = phase.faultPercents().get(kind);
            faults.add("\"" + kind.label() + "\":"
                    + (percent == null ? "0" : percent.stripTrailingZeros().toPlainString()));
        }
        return "{\"index\":" + index
                + ",\"spec\":\"" + phase.spec() + "\""
                + ",\"startMs\":" + start
                + ",\"endMs\":" + (start + phase.durationMs())
                + ",\"minDelayMs\":" + phase.minDelayMs()
                + ",\"maxDelayMs\":" + phase.maxDelayMs()
                + ",\"faultPercents\":" + faults
                + "}";
    }
}
