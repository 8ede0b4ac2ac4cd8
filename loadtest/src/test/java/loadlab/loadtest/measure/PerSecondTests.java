package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PerSecondTests {

    private static final long RUN_START = 1_700_000_000_000L;

    private static Sample endingAt(long offsetMillis, long elapsed) {
        return new Sample(RUN_START + offsetMillis - elapsed, RUN_START + offsetMillis, true, "200", "OK", 0);
    }

    @Test
    void bucketsRequestsByTheSecondTheyCompletedIn() {
        List<Sample> samples = List.of(
                endingAt(0, 10),
                endingAt(999, 20),
                endingAt(1_000, 30),
                endingAt(3_500, 40),
                new Sample(RUN_START + 3_000, RUN_START + 3_600, false, "502", "Bad Gateway", Sample.NO_DELAY));

        List<PerSecond> series = PerSecond.series(samples, RUN_START);

        Map<ErrorClass, Integer> oneNon2xx = new EnumMap<>(PerSecond.noErrors());
        oneNon2xx.put(ErrorClass.NON_2XX, 1);
        assertThat(series)
                .containsExactly(
                        // the request that ends at 1,000 ms started at 970: in flight when second 0 ends
                        new PerSecond(0, 2, 0, OptionalLong.of(20), 1, PerSecond.noErrors()),
                        new PerSecond(1, 1, 0, OptionalLong.of(30), 0, PerSecond.noErrors()),
                        // a gap stays on the axis
                        new PerSecond(2, 0, 0, OptionalLong.empty(), 0, PerSecond.noErrors()),
                        new PerSecond(3, 2, 1, OptionalLong.of(600), 0, oneNon2xx));
    }

    @Test
    void p99PerSecondIsExact() {
        List<Sample> samples = new ArrayList<>();
        for (int ms = 1; ms <= 100; ms++) {
            samples.add(endingAt(5_000 + ms, ms));
        }

        PerSecond fifth = PerSecond.series(samples, RUN_START).get(5);

        assertThat(fifth.completed()).isEqualTo(100);
        assertThat(fifth.p99Ms()).hasValue(99);
    }

    @Test
    void noSamplesNoSeconds() {
        assertThat(PerSecond.series(List.of(), RUN_START)).isEmpty();
        assertThat(PerSecond.series(List.of(endingAt(-1, 5)), RUN_START)).isEmpty();
    }
}
