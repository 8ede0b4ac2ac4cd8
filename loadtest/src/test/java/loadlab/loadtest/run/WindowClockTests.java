package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import loadlab.loadtest.plan.Phases;
import org.junit.jupiter.api.Test;

class WindowClockTests {

    private static final Phases UNTIL_JIT_SETTLES =
            new Phases(Duration.ZERO, Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1), true);

    @Test
    void aFixedWarmUpPlacesTheWindowAfterRampUpAndWarmUp() {
        Phases fixed = new Phases(
                Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(10));
        try (WindowClock clock = new WindowClock(fixed, () -> 0, null, () -> {}, WindowClock.WindowStart.NOTHING)) {
            assertThat(clock.windowStart(1_000_000)).hasValue(1_015_000);
            assertThat(clock.hold()).isEqualTo(Duration.ofSeconds(10 + 60 + 2));
            assertThat(clock.settled()).isTrue();
        }
    }

    @Test
    void theWindowStartsOnlyOnceTheJitIsQuietAndTheLoadStopsAfterIt() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        AtomicLong quietFrom = new AtomicLong();
        CountDownLatch stopped = new CountDownLatch(1);
        long first = System.currentTimeMillis();
        try (WindowClock clock = new WindowClock(
                UNTIL_JIT_SETTLES,
                () -> first,
                () -> {
                    // Still compiling for the first two checks.
                    if (asked.incrementAndGet() <= 2) {
                        return false;
                    }
                    quietFrom.compareAndSet(0, System.currentTimeMillis());
                    return true;
                },
                stopped::countDown,
                WindowClock.WindowStart.NOTHING)) {

            assertThat(stopped.await(60, TimeUnit.SECONDS))
                    .as("the load is stopped after its window")
                    .isTrue();

            assertThat(clock.settled()).isTrue();
            assertThat(clock.windowStart(first).orElseThrow()).isGreaterThanOrEqualTo(quietFrom.get());
            assertThat(asked).hasValue(3);
            assertThat(clock.hold()).isGreaterThan(Phases.MAX_WARM_UP);
        }
    }

    @Test
    void whatBeginsWithTheWindowIsStartedOnceAndItsAnswerIsTheWindowStart() throws Exception {
        Phases fixed = new Phases(Duration.ZERO, Duration.ofMillis(300), Duration.ofSeconds(5), Duration.ofSeconds(1));
        AtomicInteger begun = new AtomicInteger();
        AtomicLong plannedAt = new AtomicLong();
        CountDownLatch started = new CountDownLatch(1);
        long first = System.currentTimeMillis();
        try (WindowClock clock = new WindowClock(fixed, () -> first, null, () -> {}, planned -> {
            begun.incrementAndGet();
            plannedAt.set(planned);
            started.countDown();
            // The backend answers when its schedule really started: a little after it was asked.
            return planned + 42;
        })) {
            assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
            Thread.sleep(600);

            assertThat(begun).as("started once").hasValue(1);
            assertThat(plannedAt.get()).isEqualTo(first + 300);
            assertThat(clock.windowStart(first)).hasValue(first + 300 + 42);
        }
    }
}
