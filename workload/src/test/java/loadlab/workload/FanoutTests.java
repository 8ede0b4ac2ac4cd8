package loadlab.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class FanoutTests {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 16})
    void acceptsOneToSixteenCalls(int n) {
        assertThat(Fanout.calls(String.valueOf(n))).isEqualTo(n);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "0            | n=0 is out of range 1..16",
                "-1           | n=-1 is out of range 1..16",
                "17           | n=17 is out of range 1..16",
                "abc          | n='abc' is not a whole number",
                "2e3          | n='2e3' is not a whole number",
                "'a\nb'       | n='a?b' is not a whole number"
            })
    void rejectsCallsOutsideTheRangeNamingTheValueOnOneLine(String n, String reason) {
        assertThatThrownBy(() -> Fanout.calls(n))
                .isInstanceOf(BadParameterException.class)
                .hasMessage(reason);
    }

    @Test
    void rejectsMissingCalls() {
        assertThatThrownBy(() -> Fanout.calls(null))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("n is missing: the number of concurrent backend calls, 1..16");
    }

    @Test
    void cutsALongValueInTheReason() {
        assertThatThrownBy(() -> Fanout.calls("x".repeat(1000)))
                .hasMessage("n='" + "x".repeat(40) + "...' is not a whole number");
    }

    @Test
    void answersTheLargestDelayFirstAndEveryBodyVerbatimInCallOrder() {
        List<String> bodies =
                List.of("{\"delayMs\":7}", "{ \"delayMs\" : 3912 , \"note\": \"caf\u00e9\" }", "{\"delayMs\":0}");

        String answer = Fanout.answer(bodies);

        assertThat(answer)
                .isEqualTo(
                        "{\"delayMs\":3912,\"calls\":[{\"delayMs\":7},{ \"delayMs\" : 3912 , \"note\": \"caf\u00e9\" },"
                                + "{\"delayMs\":0}]}");
        // The load runner reads the first delayMs it finds: the top-level one, the critical path.
        assertThat(BackendBody.delayMs(answer)).isEqualTo(3912);
    }

    @Test
    void aBodyWithoutADelayIsAFailedCall() {
        assertThatThrownBy(() -> Fanout.answer(List.of("{\"delayMs\":7}", "{\"oops\":true}")))
                .isInstanceOf(BadBackendAnswerException.class)
                .hasMessage("answer without delayMs");
        assertThatThrownBy(() -> Fanout.answer(Arrays.asList("{\"delayMs\":7}", null)))
                .isInstanceOf(BadBackendAnswerException.class);
    }
}
