package loadlab.loadtest.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PlanTests {

    private static final Phases PHASES =
            new Phases(Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(10));
    private static final Backend BACKEND = new Backend(0, 4_000, OptionalLong.empty());

    @Test
    void theMeanDelayIsTheMiddleOfTheRange() {
        assertThat(BACKEND.meanDelayMs()).isEqualTo(2_000.0);
        assertThat(new Backend(1_000, 2_001, OptionalLong.empty()).meanDelayMs())
                .isEqualTo(1_500.5);
    }

    @Test
    void theIdleSpanIsFiveSecondsOrAShorterWindow() {
        assertThat(PHASES.idleSpan()).isEqualTo(Phases.IDLE_SPAN).isEqualTo(Duration.ofSeconds(5));
        assertThat(new Phases(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(3), Duration.ofSeconds(10)).idleSpan())
                .isEqualTo(Duration.ofSeconds(3));
    }

    @Test
    void aDelayRangeWithoutAFiniteCeilingIsRefusedBeforeAnyLoadRuns() {
        assertThatIllegalArgumentException().isThrownBy(() -> new Backend(0, 0, OptionalLong.empty()));
        assertThatIllegalArgumentException().isThrownBy(() -> new Backend(3_000, 2_000, OptionalLong.empty()));
        assertThatIllegalArgumentException().isThrownBy(() -> new LoadShape.Closed(0));
        assertThatIllegalArgumentException().isThrownBy(() -> new LoadShape.Open(0, 400));
    }

    @Test
    void loadsAscendAreAllOfOneShapeAndAComparisonHasOne() {
        List<Target> targets = List.of(Target.DIRECT);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Plan(
                        Plan.Kind.SWEEP,
                        PHASES,
                        BACKEND,
                        List.of(new LoadShape.Closed(500), new LoadShape.Closed(100)),
                        1,
                        targets))
                .withMessageContaining("ascending");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Plan(
                        Plan.Kind.OPEN,
                        PHASES,
                        BACKEND,
                        List.of(new LoadShape.Closed(100), new LoadShape.Open(200, 400)),
                        1,
                        targets));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Plan(
                        Plan.Kind.COMPARISON,
                        PHASES,
                        BACKEND,
                        List.of(new LoadShape.Closed(100), new LoadShape.Closed(200)),
                        1,
                        targets));
    }

    @Test
    void appsAreTheTargetsOtherThanDirectInRunOrder() {
        Plan plan = new Plan(
                Plan.Kind.COMPARISON,
                PHASES,
                BACKEND,
                List.of(new LoadShape.Closed(500)),
                3,
                List.of(
                        Target.DIRECT,
                        Target.app("virtual").orElseThrow(),
                        Target.app("webflux").orElseThrow()));

        assertThat(plan.apps()).extracting(Target::name).containsExactly("app-virtual", "app-webflux");
        assertThat(plan.describeLoads()).isEqualTo("500 users x 3 runs");
    }
}
