package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimelinePlanTests {

    private static Plan plan(String... lines) {
        return CatalogueTests.plan(lines);
    }

    @Test
    void aScheduleIsTheTimelineAndItsWindowWithEveryPhaseOutsideTheCalmDelaysADisturbance() {
        Plan plan = plan(
                "slow:",
                "  kind: timeline",
                "  users: 100",
                "  schedule:",
                "    - {length: 40s, delayMin: 0, delayMax: 4000}",
                "    - {length: 20s, delayMin: 0, delayMax: 16000}",
                "    - {length: 1m, delayMin: 0, delayMax: 4000, faults: {5xx: 10%, hang: 2.5%}}",
                "    - {length: 30s, delayMin: 0, delayMax: 4000}");

        List<Timeline.Segment> segments = plan.timeline().segments();
        assertThat(segments).extracting(Timeline.Segment::disturbed).containsExactly(false, true, true, false);
        assertThat(segments)
                .extracting(Timeline.Segment::label)
                .containsExactly(
                        "backend 0..4000 ms",
                        "backend 0..16000 ms",
                        "backend 0..4000 ms, 5xx=10% hang=2.5%",
                        "backend 0..4000 ms");
        assertThat(segments.get(2).start()).isEqualTo(Duration.ofSeconds(60));
        assertThat(plan.phases().window()).isEqualTo(Duration.ofSeconds(150));
        assertThat(plan.backend().schedule())
                .as("slow-server's --schedule")
                .isEqualTo("40s:0..4000,20s:0..16000,60s:0..4000:5xx=10%:hang=2.5%,30s:0..4000");
    }

    @Test
    void aSpikeMultipliesTheUsersForItsStretchAndItsWholeLengthIsTheWindow() {
        Plan plan = plan(
                "spike:",
                "  kind: timeline",
                "  users: 100",
                "  jitWarmup: off",
                "  spike: {factor: 5, before: 40s, during: 20s, after: 60s}");

        assertThat(plan.load()).isInstanceOf(LoadShape.Spike.class);
        assertThat(plan.load().concurrency())
                .as("Little's law counts the calm users")
                .isEqualTo(100);
        assertThat(plan.timeline().disturbances()).singleElement().satisfies(d -> {
            assertThat(d.label()).isEqualTo("500 users");
            assertThat(d.start()).isEqualTo(Duration.ofSeconds(40));
            assertThat(d.length()).isEqualTo(Duration.ofSeconds(20));
        });
        assertThat(plan.phases().window()).isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void aTimelineWithARateIsOpenArrivalsThroughTheSameScheduleAndItsSpikeIsARateStep() {
        Plan slowdown = plan(
                "slowdown-open:",
                "  kind: timeline",
                "  rates: [250]",
                "  maxThreads: 7500",
                "  timeout: 30s",
                "  schedule:",
                "    - {length: 40s, delayMin: 0, delayMax: 4000}",
                "    - {length: 20s, delayMin: 0, delayMax: 16000}",
                "    - {length: 60s, delayMin: 0, delayMax: 4000}");
        Plan spike = plan(
                "spike-open:",
                "  kind: timeline",
                "  rates: [50]",
                "  maxThreads: 7500",
                "  timeout: 30s",
                "  jitWarmup: off",
                "  spike: {factor: 5, before: 40s, during: 20s, after: 60s}");

        assertThat(slowdown.load()).isEqualTo(new LoadShape.Open(250, 7500));
        assertThat(slowdown.timeline().disturbances())
                .singleElement()
                .satisfies(d -> assertThat(d.label()).isEqualTo("backend 0..16000 ms"));
        assertThat(slowdown.phases().window()).isEqualTo(Duration.ofSeconds(120));
        LoadShape.Open arrivals = (LoadShape.Open) spike.load();
        assertThat(arrivals.rates().rateAt(Duration.ofSeconds(39))).isEqualTo(50);
        assertThat(arrivals.rates().rateAt(Duration.ofSeconds(40))).isEqualTo(250);
        assertThat(arrivals.rates().rateAt(Duration.ofSeconds(60))).isEqualTo(50);
        assertThat(spike.timeline().disturbances()).singleElement().satisfies(d -> {
            assertThat(d.label()).isEqualTo("250 req/s");
            assertThat(d.start()).isEqualTo(Duration.ofSeconds(40));
            assertThat(d.length()).isEqualTo(Duration.ofSeconds(20));
        });
        assertThat(spike.phases().window()).isEqualTo(Duration.ofSeconds(120));
    }

    @Test
    void anOpenTimelineTakesOneRateNotUsersBesideItAndThreadsForItsPeak() {
        String schedule = "  schedule: [{length: 10s, delayMin: 0, delayMax: 4000}, {length: 10s, delayMin: 0,"
                + " delayMax: 9000}]";
        assertThatThrownBy(() -> plan("x:", "  kind: timeline", "  rates: [10, 20]", schedule))
                .hasMessageContaining("it takes one, its calm rate");
        assertThatThrownBy(() -> plan("x:", "  kind: timeline", "  users: 10", "  rates: [10]", schedule))
                .hasMessage("scenarios.yaml [x] sets both users and rates: a timeline is closed-loop users or open"
                        + " arrivals at a rate, not both");
        assertThatThrownBy(() -> plan(
                        "x:",
                        "  kind: timeline",
                        "  rates: [50]",
                        "  maxThreads: 1000",
                        "  timeout: 30s",
                        "  jitWarmup: off",
                        "  spike: {factor: 5, before: 4s, during: 2s, after: 6s}"))
                .hasMessageStartingWith("scenarios.yaml [x] peaks at 250.0 req/s with a 30 s timeout")
                .hasMessageContaining("more than maxThreads=1000");
    }

    @Test
    void aTimelineWithNeitherIsASoakOfItsDuration() {
        Plan plan = plan("soak:", "  kind: timeline", "  users: 100", "  duration: 20m");

        assertThat(plan.timeline().segments())
                .singleElement()
                .satisfies(s -> assertThat(s.disturbed()).isFalse());
        assertThat(plan.timeline().disturbances()).isEmpty();
        assertThat(plan.phases().window()).isEqualTo(Duration.ofMinutes(20));
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "schedule: [{length: 30s, delayMin: 0, delayMax: 4000}] | scenarios.yaml [x] has a schedule without a"
                        + " disturbance",
                "schedule: [{length: soon, delayMin: 0, delayMax: 16000}] | scenarios.yaml [x] schedule[0].length="
                        + "'soon' is not a duration",
                "schedule: [{length: 0s, delayMin: 0, delayMax: 16000}] | scenarios.yaml [x] schedule[0]: length must"
                        + " be longer than zero",
                "schedule: [{length: 9s, delayMin: 0, delayMax: ten}] | scenarios.yaml [x] schedule[0].delayMax='ten'"
                        + " is not a whole number",
                "schedule: [{length: 9s, delayMin: 9, delayMax: 1}] | scenarios.yaml [x] schedule[0]: delays 9..1",
                "schedule: [{length: 9s, delayMax: 1}] | scenarios.yaml [x] schedule[0]: a phase needs length,",
                "schedule: [{length: 9s, delayMin: 0, delayMax: 1, faults: {5xx: ten}}] | scenarios.yaml [x]"
                        + " schedule[0]: faults 5xx='ten' is not a share",
                "schedule: [{length: 9s, delayMin: 0, delayMax: 1, delay: 1}] | scenarios.yaml [x] schedule[0] has no field 'delay' (its"
                        + " fields: delayMax, delayMin, faults, length)",
                "schedule: 30s:0..4000 | scenarios.yaml [x] schedule: ",
                "spike: {factor: 5, before: 40s, during: 20s, after: 60s} | scenarios.yaml [x] has a spike, whose"
                        + " stages are set when",
                "spike: {factor: 1, before: 40s, during: 20s, after: 60s} | scenarios.yaml [x] spike: factor=1 must be"
                        + " at least 2",
                "spike: {factor: 5, before: 40s, during: 20s} | scenarios.yaml [x] spike: a spike needs factor, before,"
                        + " during and after",
                "spike: lots | scenarios.yaml [x] spike: ",
            })
    void aBadTimelineIsOneLineNamingTheScenarioAndTheField(String field, String expected) {
        assertThatThrownBy(() -> plan("x:", "  kind: timeline", "  users: 10", "  " + field))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aDurationBesideAScheduleAndAScheduleOutsideATimelineAreRefused() {
        String schedule = "  schedule: [{length: 10s, delayMin: 0, delayMax: 4000}, {length: 10s, delayMin: 0,"
                + " delayMax: 9000}]";
        assertThatThrownBy(() -> plan("x:", "  kind: timeline", "  users: 10", "  duration: 60s", schedule))
                .hasMessageContaining("duration")
                .hasMessageContaining("is not for a timeline with a schedule or a spike");
        assertThatThrownBy(() -> plan("x:", "  kind: comparison", schedule))
                .hasMessage("scenarios.yaml [x] has a schedule or a spike, which only a timeline takes");
    }
}
