package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FormatTests {

    @Test
    void anEndOfARatiosIntervalIsInHundredthsUnlessThatWouldShowItAsOne() {
        assertThat(Format.ratioBound(0.7712)).isEqualTo("0.77");
        assertThat(Format.ratioBound(1.0)).isEqualTo("1.00");
        // An interval that ends here excludes 1 and names a lead: it must not read as touching 1.
        assertThat(Format.ratioBound(0.9978)).isEqualTo("0.998");
        assertThat(Format.ratioBound(1.0041)).isEqualTo("1.004");
        assertThat(Format.ratioBound(0.99996)).isEqualTo("0.99996");
        assertThat(Format.ratioBound(0.994)).isEqualTo("0.99");
    }
}
