package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.util.Random;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class ExactPercentilesTests {

    @Test
    void aSingleValueIsEveryPercentile() {
        ExactPercentiles one = ExactPercentiles.of(new long[] {42});

        assertThat(one.at(0)).isEqualTo(42);
        assertThat(one.at(50)).isEqualTo(42);
        assertThat(one.at(99)).isEqualTo(42);
        assertThat(one.at(100)).isEqualTo(42);
        assertThat(one.min()).isEqualTo(42);
        assertThat(one.max()).isEqualTo(42);
        assertThat(one.mean()).isEqualTo(42.0);
    }

    @Test
    void oneToAHundredInAnyOrderGivesThePercentileItself() {
        long[] values = LongStream.rangeClosed(1, 100).toArray();
        shuffle(values, new Random(7));
        ExactPercentiles percentiles = ExactPercentiles.of(values);

        assertThat(percentiles.at(0)).isEqualTo(1);
        assertThat(percentiles.at(1)).isEqualTo(1);
        assertThat(percentiles.at(50)).isEqualTo(50);
        // 90 exactly, not 91: in binary floating point 0.9 * 100 rounds up past 90.
        assertThat(percentiles.at(90)).isEqualTo(90);
        assertThat(percentiles.at(95)).isEqualTo(95);
        assertThat(percentiles.at(99)).isEqualTo(99);
        assertThat(percentiles.at(99.5)).isEqualTo(100);
        assertThat(percentiles.at(100)).isEqualTo(100);
        assertThat(percentiles.mean()).isEqualTo(50.5);
    }

    @Test
    void nearestRankRoundsTheRankUp() {
        ExactPercentiles tenValues = ExactPercentiles.of(new long[] {10, 20, 30, 40, 50, 60, 70, 80, 90, 100});

        assertThat(tenValues.at(50)).isEqualTo(50); // rank 5
        assertThat(tenValues.at(51)).isEqualTo(60); // rank ceil(5.1) = 6
        assertThat(tenValues.at(90)).isEqualTo(90); // rank 9
        assertThat(tenValues.at(95)).isEqualTo(100); // rank ceil(9.5) = 10
        assertThat(tenValues.at(99)).isEqualTo(100); // rank ceil(9.9) = 10
    }

    @Test
    void fractionalPercentilesUseDecimalArithmetic() {
        ExactPercentiles thousand =
                ExactPercentiles.of(LongStream.rangeClosed(1, 1000).toArray());

        assertThat(thousand.at(99.9)).isEqualTo(999);
        assertThat(thousand.at(99.91)).isEqualTo(1000);
    }

    @Test
    void tiesAreReturnedAsObservedValues() {
        ExactPercentiles ties = ExactPercentiles.of(new long[] {5, 10, 5, 5});

        assertThat(ties.at(50)).isEqualTo(5);
        assertThat(ties.at(75)).isEqualTo(5); // rank 3
        assertThat(ties.at(76)).isEqualTo(10); // rank ceil(3.04) = 4
        assertThat(ties.min()).isEqualTo(5);
        assertThat(ties.max()).isEqualTo(10);
    }

    @Test
    void percentilesAreMonotonicInP() {
        Random random = new Random(2024);
        long[] skewed = new long[5_000];
        for (int i = 0; i < skewed.length; i++) {
            // Mostly ~2 s with a tail of 10 s timeouts: the shape where P-square estimates went non-monotonic.
            skewed[i] = random.nextInt(20) == 0 ? 10_000 : 2_000 + random.nextInt(2_000);
        }
        ExactPercentiles percentiles = ExactPercentiles.of(skewed);

        long previous = Long.MIN_VALUE;
        for (int tenths = 0; tenths <= 1000; tenths++) {
            long value = percentiles.at(tenths / 10.0);
            assertThat(value).isGreaterThanOrEqualTo(previous);
            previous = value;
        }
        assertThat(percentiles.at(0)).isEqualTo(percentiles.min());
        assertThat(percentiles.at(100)).isEqualTo(percentiles.max());
    }

    @Test
    void leavesTheCallersArrayAlone() {
        long[] values = {3, 1, 2};

        ExactPercentiles.of(values);

        assertThat(values).containsExactly(3, 1, 2);
    }

    @Test
    void anEmptySetSaysSoInsteadOfInventingAValue() {
        ExactPercentiles empty = ExactPercentiles.of(new long[0]);

        assertThat(empty.isEmpty()).isTrue();
        assertThat(empty.count()).isZero();
        assertThatIllegalStateException().isThrownBy(() -> empty.at(50));
        assertThatIllegalStateException().isThrownBy(empty::mean);
    }

    @Test
    void rejectsPercentilesOutsideZeroToHundred() {
        ExactPercentiles percentiles = ExactPercentiles.of(new long[] {1});

        assertThatIllegalArgumentException().isThrownBy(() -> percentiles.at(-1));
        assertThatIllegalArgumentException().isThrownBy(() -> percentiles.at(100.1));
    }

    private static void shuffle(long[] values, Random random) {
        for (int i = values.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long swap = values[i];
            values[i] = values[j];
            values[j] = swap;
        }
    }
}
