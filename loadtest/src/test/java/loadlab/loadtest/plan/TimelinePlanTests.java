package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimelinePlanTests {

    private static Plan plan(String... lines) {
        Catalogue catalogue = Catalogue.parse(Path.of(Catalogue.FILE), List.of(lines));
        Catalogue.Entry entry = catalogue.entries().getFirst();
        return Plans.of(entry, new KnobValues(Map.of(), Optional.of(entry)));
    }

    @Test
    void aScheduleIsTheTimelineAndItsWindowWithEveryPhaseOutsideTheCalmDelaysADisturbance() {
        Plan plan = plan(
                "[slow]",
                "kind = timeline",
                "users = 100",
                "schedule = 40s:0..4000,20s:0..16000,1m:0..4000:5xx=10%:hang=2.5%,30s:0..4000");

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
        assertThat(plan.backend().schedule()).startsWith("40s:0..4000,");
    }

    @Test
    void aSpikeMultipliesTheUsersForItsStretchAndItsWholeLengthIsTheWindow() {
        Plan plan = plan(
                "[spike]",
                "kind = timeline",
                "users = 100",
                "jitWarmup = off",
                "spike = 5x for 20s after 40s, then 60s");

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
    void aTimelineWithNeitherIsASoakOfItsDuration() {
        Plan plan = plan("[soak]", "kind = timeline", "users = 100", "duration = 20m");

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
                "schedule = 30s:0..4000,30s:0..4000 | scenarios.conf [x] has a schedule without a disturbance",
                "schedule = 30s:0..4000,soon:0..16000 | scenarios.conf [x] schedule phase 2 ('soon:0..16000') is not",
                "spike = 5x for 20s after 40s, then 60s | scenarios.conf [x] has a spike, whose stages are set when",
                "spike = lots                       | scenarios.conf [x] spike='lots'",
            })
    void aBadTimelineIsOneLineNamingTheEntry(String field, String expected) {
        assertThatThrownBy(() -> plan("[x]", "kind = timeline", "users = 10", field))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(expected)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aDurationBesideAScheduleAndAScheduleOutsideATimelineAreRefused() {
        assertThatThrownBy(() -> plan(
                        "[x]", "kind = timeline", "users = 10", "duration = 60s", "schedule = 10s:0..4000,10s:0..9000"))
                .hasMessageContaining("duration")
                .hasMessageContaining("is not for a timeline with a schedule or a spike");
        assertThatThrownBy(() -> plan("[x]", "kind = comparison", "schedule = 10s:0..4000,10s:0..9000"))
                .hasMessage("scenarios.conf [x] has a schedule or a spike, which only a timeline takes");
    }
}
