package loadlab.loadtest.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.stream.Collectors;
import loadlab.loadtest.measure.MeasurementWindow;
import loadlab.loadtest.measure.OpenLoop;
import loadlab.loadtest.measure.RunStats;
import loadlab.loadtest.measure.Sample;
import loadlab.loadtest.plan.RateProfile;
import org.junit.jupiter.api.Test;

/**
 * The hand-over of arrivals to the generator's threads, on the real clock: every arrival no earlier than it is due, in
 * order, to the thread that came back last; and a generator stalled on purpose, whose lag and latency from the
 * intended time both show the stall.
 */
class ArrivalDispatchTests {

    private static final long SEED = 7;

    private static ArrivalDispatch dispatch(double rate, Duration length) {
        return new ArrivalDispatch(
                new ArrivalSchedule(RateProfile.constant(rate), Duration.ZERO, Duration.ZERO, length, SEED),
                System::currentTimeMillis);
    }

    @Test
    void handsOverEveryArrivalInOrderAndNotBeforeItIsDue() throws InterruptedException {
        ArrivalDispatch dispatch = dispatch(200, Duration.ofMillis(500));
        List<long[]> taken = new ArrayList<>();
        for (Optional<ArrivalDispatch.Arrival> arrival = dispatch.take();
                arrival.isPresent();
                arrival = dispatch.take()) {
            taken.add(new long[] {arrival.get().index(), arrival.get().intendedMillis(), System.currentTimeMillis()});
        }

        assertThat(taken).hasSizeGreaterThan(50);
        for (int i = 0; i < taken.size(); i++) {
            assertThat(taken.get(i)[0]).isEqualTo(i);
            assertThat(taken.get(i)[2])
                    .as("arrival %d taken at or after it was due", i)
                    .isGreaterThanOrEqualTo(taken.get(i)[1]);
        }
    }

    @Test
    void theThreadThatCameBackLastTakesTheNextSoFewThreadsCarryALightLoad() throws InterruptedException {
        ArrivalDispatch dispatch = dispatch(100, Duration.ofSeconds(1));
        Map<Long, String> takenBy = new ConcurrentHashMap<>();
        List<Thread> pool = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            pool.add(Thread.ofPlatform().name("pool-" + i).start(() -> {
                try {
                    // Each request is answered at once: one thread at a time is ever busy.
                    for (Optional<ArrivalDispatch.Arrival> arrival = dispatch.take();
                            arrival.isPresent();
                            arrival = dispatch.take()) {
                        takenBy.put(
                                arrival.get().index(), Thread.currentThread().getName());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (Thread thread : pool) {
            thread.join();
        }

        Map<String, Long> perThread =
                takenBy.values().stream().collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
        // A queue of idle threads would spread the arrivals over all eight, an eighth each and a connection each; a
        // stack keeps them on the one that just came back, except when the next arrival is due before it is back (a gap
        // of microseconds on a quiet host, of milliseconds on a starved one: 99% and 65% of them were seen).
        assertThat(Collections.max(perThread.values())).isGreaterThan(takenBy.size() / 3L);
    }

    @Test
    void aStalledGeneratorShowsItsLagAndTheLatencyFromTheIntendedTime() throws InterruptedException {
        ArrivalDispatch dispatch = dispatch(100, Duration.ofMillis(1_000));
        long stallMillis = 300;
        int stalledArrival = 10;
        List<Sample> samples = new ArrayList<>();
        // One generator thread, which stalls (a GC pause, a busy core) between taking an arrival and sending it.
        for (Optional<ArrivalDispatch.Arrival> arrival = dispatch.take();
                arrival.isPresent();
                arrival = dispatch.take()) {
            if (arrival.get().index() == stalledArrival) {
                Thread.sleep(stallMillis);
            }
            long sent = System.currentTimeMillis();
            // The target answers in 2 ms.
            samples.add(new Sample(
                    sent, sent + 2, true, "200", "OK", 0, arrival.get().intendedMillis()));
        }

        Sample stalled = samples.get(stalledArrival);
        assertThat(stalled.lagMillis()).isGreaterThanOrEqualTo(stallMillis);
        assertThat(stalled.fromIntendedMillis()).isGreaterThanOrEqualTo(stallMillis);
        assertThat(stalled.elapsedMillis()).isEqualTo(2);
        // The arrivals due during the stall were sent after it, all at once: their lag, not their service time, is
        // what their users waited for.
        List<Sample> dueDuringStall = samples.stream()
                .filter(s -> s.intendedMillis() > stalled.intendedMillis()
                        && s.intendedMillis() < stalled.intendedMillis() + stallMillis - 50)
                .toList();
        assertThat(dueDuringStall).isNotEmpty().allSatisfy(s -> {
            assertThat(s.startMillis()).isGreaterThanOrEqualTo(stalled.startMillis());
            assertThat(s.fromIntendedMillis()).isGreaterThan(s.elapsedMillis() + 40);
        });

        long first = samples.getFirst().startMillis();
        RunStats stats = RunStats.compute(samples, new MeasurementWindow(first, first + 60_000), 100);
        OpenLoop open = stats.openLoop().orElseThrow();
        assertThat(open.lag().maxMs()).isGreaterThanOrEqualTo(stallMillis);
        assertThat(open.fromIntended().maxMs()).isGreaterThanOrEqualTo(stallMillis);
        // The service times never saw the stall: only the latency from the intended time does.
        assertThat(stats.responseTimes().orElseThrow().maxMs()).isEqualTo(2);
        assertThat(open.generatorBehind()).isTrue();
    }

    @Test
    void closingEndsTheWaitOfEveryThread() throws InterruptedException {
        // The first arrival is due at once, the next only after about a thousand seconds.
        ArrivalDispatch dispatch = dispatch(0.001, Duration.ofHours(1));
        assertThat(dispatch.take()).isPresent();
        AtomicReference<Optional<ArrivalDispatch.Arrival>> waited = new AtomicReference<>();
        Thread waiting = Thread.ofPlatform().start(() -> {
            try {
                waited.set(dispatch.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Thread.sleep(100);

        dispatch.close();
        waiting.join(Duration.ofSeconds(10));

        assertThat(waiting.isAlive()).isFalse();
        assertThat(waited.get()).isEmpty();
        assertThat(dispatch.take()).isEmpty();
    }
}
