package loadlab.slowserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The schedule's clock is driven by hand here: phases change at the stated instants, asserted from the delays. */
class AnswersTests {

    private static final long T0 = 1_700_000_000_000L;

    private final ManualClock clock = new ManualClock(T0);

    @Test
    void beforeTheStartTheBaseRangeAppliesWithoutFaults() {
        Answers answers = answers("--min-delay-ms=0", "--max-delay-ms=10", "--schedule=1m:100..110:5xx=100%");

        clock.advance(3_600_000); // an hour of waiting does not start the schedule

        assertThat(draws(answers, 200)).allSatisfy(answer -> {
            assertThat(answer.delayMs()).isBetween(0, 10);
            assertThat(answer.fault()).isNull();
        });
        assertThat(answers.now().state()).isEqualTo(Answers.State.NOT_STARTED);
    }

    @Test
    void eachPhaseChangesTheDelayRangeAtItsStatedInstant() {
        Answers answers =
                answers("--min-delay-ms=0", "--max-delay-ms=10", "--schedule=30s:100..110,20s:1000..1010,30s:100..110");
        clock.advance(5000);

        Answers.Moment started = answers.start();

        assertThat(started.startedAtEpochMs()).isEqualTo(T0 + 5000);
        assertThat(delaysAfter(answers, 0))
                .allSatisfy(delay -> assertThat(delay).isBetween(100, 110));
        assertThat(delaysAfter(answers, 29_999))
                .allSatisfy(delay -> assertThat(delay).isBetween(100, 110));
        assertThat(delaysAfter(answers, 1))
                .allSatisfy(delay -> assertThat(delay).isBetween(1000, 1010));
        assertThat(answers.now().phaseIndex()).isEqualTo(1);
        assertThat(delaysAfter(answers, 19_999))
                .allSatisfy(delay -> assertThat(delay).isBetween(1000, 1010));
        assertThat(delaysAfter(answers, 1))
                .allSatisfy(delay -> assertThat(delay).isBetween(100, 110));
        assertThat(answers.now().phaseIndex()).isEqualTo(2);
        assertThat(delaysAfter(answers, 29_999))
                .allSatisfy(delay -> assertThat(delay).isBetween(100, 110));
        // After the last phase: the base range again, for good.
        assertThat(delaysAfter(answers, 1))
                .allSatisfy(delay -> assertThat(delay).isBetween(0, 10));
        assertThat(answers.now().state()).isEqualTo(Answers.State.FINISHED);
        assertThat(delaysAfter(answers, 3_600_000))
                .allSatisfy(delay -> assertThat(delay).isBetween(0, 10));
    }

    @Test
    void startingAgainRestartsTheClock() {
        Answers answers = answers("--min-delay-ms=0", "--max-delay-ms=10", "--schedule=10s:100..110,10s:1000..1010");
        answers.start();
        clock.advance(15_000);
        assertThat(answers.now().phaseIndex()).isEqualTo(1);

        Answers.Moment again = answers.start();

        assertThat(again.startedAtEpochMs()).isEqualTo(T0 + 15_000);
        assertThat(again.phaseIndex()).isEqualTo(0);
        assertThat(delaysAfter(answers, 9_999))
                .allSatisfy(delay -> assertThat(delay).isBetween(100, 110));
        assertThat(delaysAfter(answers, 1))
                .allSatisfy(delay -> assertThat(delay).isBetween(1000, 1010));
    }

    @Test
    void aClockSteppedBackBehindTheStartCountsAsTheStart() {
        Answers answers = answers("--min-delay-ms=0", "--max-delay-ms=10", "--schedule=10s:100..110");
        answers.start();

        clock.advance(-2000);

        assertThat(answers.now().phaseIndex()).isEqualTo(0);
        assertThat(answers.now().elapsedMs()).isZero();
        assertThat(draws(answers, 20))
                .allSatisfy(answer -> assertThat(answer.delayMs()).isBetween(100, 110));
    }

    /**
     * n = 2,000 answers with shares p of 10%, 5% and 5% (80% none): each count is binomial, mean np and standard
     * deviation sqrt(np(1-p)) (13.4, 9.7, 9.7, 17.9); it must fall within 4 of those of its mean. Seeded, so the
     * outcome is fixed; several seeds, so no lucky one is picked.
     */
    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 42, -7})
    void eachFaultHappensInItsShareOfAnswers(long seed) {
        Answers answers = answers("--seed=" + seed, "--schedule=1h:0..4000:5xx=10%:reset=5%:hang=5%");
        answers.start();
        int n = 2000;

        Map<FaultKind, Integer> counts = new EnumMap<>(FaultKind.class);
        int none = 0;
        for (Answer answer : draws(answers, n)) {
            assertThat(answer.delayMs()).isBetween(0, 4000);
            if (answer.fault() == null) {
                none++;
            } else {
                counts.merge(answer.fault(), 1, Integer::sum);
            }
        }

        assertWithinFourSigma(counts.getOrDefault(FaultKind.SERVER_ERROR, 0), n, 0.10, "5xx");
        assertWithinFourSigma(counts.getOrDefault(FaultKind.RESET, 0), n, 0.05, "reset");
        assertWithinFourSigma(counts.getOrDefault(FaultKind.HANG, 0), n, 0.05, "hang");
        assertWithinFourSigma(none, n, 0.80, "no fault");
    }

    @Test
    void aPhaseOfAllOneFaultFailsEveryAnswer() {
        Answers answers = answers("--schedule=1m:0..10:reset=100%");
        answers.start();

        assertThat(draws(answers, 500))
                .allSatisfy(answer -> assertThat(answer.fault()).isEqualTo(FaultKind.RESET));
    }

    @Test
    void aScheduleNotYetStartedDrawsTheSeedsSequenceAsBefore() {
        // The delays of a seeded run must not change because a schedule was added but not started.
        List<Integer> plain = delays(answers("--seed=42", "--min-delay-ms=0", "--max-delay-ms=30"), 50);
        List<Integer> scheduled = delays(
                answers("--seed=42", "--min-delay-ms=0", "--max-delay-ms=30", "--schedule=1m:0..30:5xx=50%"), 50);

        assertThat(scheduled).isEqualTo(plain);
        assertThat(plain.stream().distinct().count()).isGreaterThan(10);
    }

    @Test
    void theMomentIsRenderedForTheRunner() {
        Answers answers =
                answers("--min-delay-ms=5", "--max-delay-ms=10", "--schedule=30s:0..4000,20s:0..16000:5xx=2.5%");
        answers.start();
        clock.advance(31_000);

        String json = ScheduleAdminApi.render(answers.now(), answers.config());

        assertThat(json)
                .isEqualTo("{\"state\":\"running\",\"startedAtEpochMs\":" + T0 + ",\"nowEpochMs\":" + (T0 + 31_000)
                        + ",\"elapsedMs\":31000,\"endsAtEpochMs\":" + (T0 + 50_000)
                        + ",\"totalMs\":50000,\"hangMs\":30000,\"base\":{\"minDelayMs\":5,\"maxDelayMs\":10}"
                        + ",\"phaseIndex\":1,\"phase\":" + SECOND_PHASE
                        + ",\"phases\":[{\"index\":0,\"spec\":\"30s:0..4000\",\"startMs\":0,\"endMs\":30000"
                        + ",\"minDelayMs\":0,\"maxDelayMs\":4000,\"faultPercents\":{\"5xx\":0,\"reset\":0,\"hang\":0}},"
                        + SECOND_PHASE + "]}");
    }

    private static final String SECOND_PHASE = "{\"index\":1,\"spec\":\"20s:0..16000:5xx=2.5%\",\"startMs\":30000"
            + ",\"endMs\":50000,\"minDelayMs\":0,\"maxDelayMs\":16000"
            + ",\"faultPercents\":{\"5xx\":2.5,\"reset\":0,\"hang\":0}}";

    private static void assertWithinFourSigma(int count, int n, double p, String what) {
        double mean = n * p;
        double sigma = Math.sqrt(n * p * (1 - p));
        assertThat((double) count)
                .as("%s: %d of %d answers, expected %.0f ± 4σ", what, count, n, mean)
                .isCloseTo(mean, within(4 * sigma));
    }

    private Answers answers(String... args) {
        return new Answers(SlowServerConfig.parse(args), clock);
    }

    private List<Integer> delaysAfter(Answers answers, long advanceMs) {
        clock.advance(advanceMs);
        return delays(answers, 50);
    }

    private static List<Integer> delays(Answers answers, int count) {
        return draws(answers, count).stream().map(Answer::delayMs).toList();
    }

    private static List<Answer> draws(Answers answers, int count) {
        List<Answer> drawn = new ArrayList<>();
        IntStream.range(0, count).forEach(i -> drawn.add(answers.next()));
        return drawn;
    }

    private static final class ManualClock implements InstantSource {
        private long epochMs;

        ManualClock(long epochMs) {
            this.epochMs = epochMs;
        }

        void advance(long ms) {
            epochMs += ms;
        }

        @Override
        public Instant instant() {
            return Instant.ofEpochMilli(epochMs);
        }
    }
}
