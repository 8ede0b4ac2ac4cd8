package loadlab.loadtest.plan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What happens during a timeline scenario's window, second by second: calm stretches and disturbances (the backend
 * slower or failing, for a slow-server schedule; more users, for a spike). The window is the whole timeline, and
 * the report measures each target's recovery from the end of each disturbance.
 *
 * @param segments back to back from the window's start
 */
public record Timeline(List<Segment> segments) {

    public static final Timeline NONE = new Timeline(List.of());

    /**
     * @param label what happens, e.g. {@code backend 0..16000 ms} or {@code 5x users}
     * @param disturbed whether this is a disturbance rather than the scenario's calm state
     */
    public record Segment(String label, Duration start, Duration length, boolean disturbed) {

        public Duration end() {
            return start.plus(length);
        }
    }

    public Timeline {
        segments = List.copyOf(segments);
    }

    public Duration total() {
        return segments.isEmpty() ? Duration.ZERO : segments.getLast().end();
    }

    public List<Segment> disturbances() {
        return segments.stream().filter(Segment::disturbed).toList();
    }

    private static final Pattern PHASE =
            Pattern.compile("([0-9]{1,12})(ms|s|m|h):([0-9]{1,12})(?:\\.\\.([0-9]{1,12}))?((?::[^:,]+)*)");

    /**
     * The timeline of a slow-server schedule ({@code 60s:0..4000,30s:0..16000,90s:0..4000}): a phase is a
     * disturbance when its delays differ from the calm range or it has faults. Only its shape is read here; slow-server
     * checks the rest (fault names and shares) when it starts, with its own one-line error.
     */
    public static Timeline ofSchedule(String schedule, Backend calm) {
        List<Segment> segments = new ArrayList<>();
        Duration at = Duration.ZERO;
        String[] phases = schedule.split(",", -1);
        for (int i = 0; i < phases.length; i++) {
            Matcher m = PHASE.matcher(phases[i].strip());
            if (!m.matches()) {
                throw new IllegalArgumentException("schedule phase " + (i + 1) + " ('" + phases[i].strip()
                        + "') is not duration:min..max[:fault=share%...], e.g. 30s:0..16000:5xx=10%");
            }
            Duration length = duration(Long.parseLong(m.group(1)), m.group(2));
            long min = Long.parseLong(m.group(3));
            long max = m.group(4) == null ? min : Long.parseLong(m.group(4));
            String faults = m.group(5).isEmpty() ? "" : m.group(5).substring(1).replace(':', ' ');
            boolean disturbed = min != calm.minDelayMs() || max != calm.maxDelayMs() || !faults.isEmpty();
            String label = "backend " + min + ".." + max + " ms" + (faults.isEmpty() ? "" : ", " + faults);
            segments.add(new Segment(label, at, length, disturbed));
            at = at.plus(length);
        }
        return new Timeline(segments);
    }

    /** A soak's timeline: one steady load, nothing disturbed, watched for what keeps growing. */
    public static Timeline steady(Duration length) {
        return new Timeline(List.of(new Segment("steady load", Duration.ZERO, length, false)));
    }

    /**
     * The timeline of an open load's rate steps over a window of {@code length}: a step is a disturbance when its rate
     * is not the calm one.
     */
    public static Timeline ofRates(RateProfile rates, Duration length) {
        List<Segment> segments = new ArrayList<>();
        List<RateProfile.Step> steps = rates.steps();
        for (int i = 0; i < steps.size(); i++) {
            RateProfile.Step step = steps.get(i);
            Duration end = i + 1 < steps.size() ? steps.get(i + 1).from() : length;
            segments.add(new Segment(
                    RateProfile.number(step.ratePerSecond()) + " req/s",
                    step.from(),
                    end.minus(step.from()),
                    step.ratePerSecond() != rates.calm()));
        }
        return new Timeline(segments);
    }

    /** The timeline of a spike: calm, then {@code factor} times the users, then calm again. */
    public static Timeline ofSpike(LoadShape.Spike spike) {
        return new Timeline(List.of(
                new Segment(spike.users() + " users", Duration.ZERO, spike.before(), false),
                new Segment(spike.users() * spike.factor() + " users", spike.before(), spike.during(), true),
                new Segment(spike.users() + " users", spike.before().plus(spike.during()), spike.after(), false)));
    }

    private static Duration duration(long amount, String unit) {
        return switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            default -> Duration.ofHours(amount);
        };
    }
}
