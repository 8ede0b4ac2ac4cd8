package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTests {

    @Test
    void anOddCountTakesTheMiddleValueWhateverTheOrder() {
        Spread spread = Spread.of(List.of(3.0, 1.0, 2.0));

        assertThat(spread).isEqualTo(new Spread(2.0, 1.0, 3.0));
        assertThat(spread.percent()).hasValue(100.0);
    }

    @Test
    void anEvenCountTakesTheMeanOfTheTwoMiddleValues() {
        assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0))).isEqualTo(new Spread(2.5, 1.0, 4.0));
        assertThat(Spread.of(List.of(4.0, 1.0, 3.0, 2.0)).percent()).hasValue(120.0);
        // The midpoint a reader computes from the printed values, not a binary neighbour of it.
        assertThat(Spread.of(List.of(2.2, 1.9)).median()).isEqualTo(2.05);
    }

    @Test
    void oneValueIsItsOwnMedianWithNoSpread() {
        Spread spread = Spread.of(List.of(7.5));

        assertThat(spread).isEqualTo(new Spread(7.5, 7.5, 7.5));
        assertThat(spread.percent()).hasValue(0.0);
        assertThat(spread.flagged(5.0)).isFalse();
    }

    @Test
    void equalValuesHaveNoSpreadZerosIncluded() {
        assertThat(Spread.of(List.of(249.0, 249.0, 249.0)).percent()).hasValue(0.0);
        assertThat(Spread.of(List.of(249.0, 249.0, 249.0)).flagged(5.0)).isFalse();
        assertThat(Spread.of(List.of(0.0, 0.0, 0.0)).percent()).hasValue(0.0);
        assertThat(Spread.of(List.of(0.0, 0.0, 0.0)).flagged(5.0)).isFalse();
    }

    @Test
    void valuesThatDifferAroundAZeroMedianHaveNoRelativeSpreadAndAreFlagged() {
        Spread errors = Spread.of(List.of(0.0, 1.2, 0.0));

        assertThat(errors).isEqualTo(new Spread(0.0, 0.0, 1.2));
        assertThat(errors.percent()).isEmpty();
        assertThat(errors.flagged(5.0)).isTrue();
        assertThat(Spread.of(List.of(-1.0, 1.0)).percent()).isEmpty();
    }

    @Test
    void exactlyFivePercentIsNotFlaggedAndAnythingAboveIs() {
        assertThat(Spread.of(List.of(95.0, 100.0, 100.0)).percent()).hasValue(5.0);
        assertThat(Spread.of(List.of(95.0, 100.0, 100.0)).flagged(5.0)).isFalse();
        // In binary 2.0 - 1.9 is 0.10000000000000009, which would make this 5.000000000000004%.
        assertThat(Spread.of(List.of(1.9, 2.0, 2.0)).flagged(5.0)).isFalse();
        assertThat(Spread.of(List.of(94.9, 100.0, 100.0)).flagged(5.0)).isTrue();
    }

    @Test
    void theThresholdIsTheCallersSoOneSpreadCanBeNoiseForOneFigureAndNotForAnother() {
        Spread eight = Spread.of(List.of(0.96, 1.00, 1.04));

        assertThat(eight.flagged(5.0)).isTrue();
        assertThat(eight.flagged(10.0)).isFalse();
        assertThat(Spread.of(List.of(0.90, 1.00, 1.00)).flagged(10.0)).isFalse();
        assertThat(Spread.of(List.of(0.89, 1.00, 1.00)).flagged(10.0)).isTrue();
    }

    @Test
    void sixPercentIsFlaggedAndFourIsNot() {
        Spread six = Spread.of(List.of(2_000.0, 2_060.0, 1_940.0));
        Spread four = Spread.of(List.of(9.8, 10.0, 10.2));

        assertThat(six.percent().orElseThrow()).isCloseTo(6.0, within(1e-9));
        assertThat(six.flagged(5.0)).isTrue();
        assertThat(four.percent().orElseThrow()).isCloseTo(4.0, within(1e-9));
        assertThat(four.flagged(5.0)).isFalse();
    }

    @Test
    void negativeValuesAreNotExpectedButMeasureFromTheMediansMagnitude() {
        Spread spread = Spread.of(List.of(-10.0, -9.0, -11.0));

        assertThat(spread).isEqualTo(new Spread(-10.0, -11.0, -9.0));
        assertThat(spread.percent()).hasValue(20.0);
        assertThat(spread.flagged(5.0)).isTrue();
    }

    @Test
    void rejectsNoValuesAndValuesThatAreNotNumbers() {
        assertThatIllegalArgumentException().isThrownBy(() -> Spread.of(List.of()));
        assertThatIllegalArgumentException().isThrownBy(() -> Spread.of(List.of(1.0, Double.NaN)));
        assertThatIllegalArgumentException().isThrownBy(() -> Spread.of(List.of(Double.POSITIVE_INFINITY)));
        assertThatIllegalArgumentException().isThrownBy(() -> new Spread(3.0, 1.0, 2.0));
    }
}
