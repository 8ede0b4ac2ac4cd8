package loadlab.loadtest.measure;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The strings are the ones JMeter 5.6 (HttpClient4 implementation) puts into a SampleResult. */
class ErrorClassTests {

    private static Sample transportFailure(String code, String message) {
        return new Sample(0, 10_000, false, code, message, Sample.NO_DELAY);
    }

    /**
     * A starved pool is its own class: the apps' (and the direct row's) 503 whose error names a pool timeout; any
     * other 503, e.g. a backend fault answered by slow-server itself in a direct row, stays a non-2xx.
     */
    @Test
    void aPoolTimeoutIsA503ThatSaysSo() {
        String body = "{\"error\":\"pool timeout: no connection free within 5000 ms\"}";
        String message = Sample.failureMessage("", body);

        assertThat(message).isEqualTo("pool timeout: no connection free within 5000 ms");
        assertThat(ErrorClass.classify(new Sample(0, 5_001, false, "503", message, Sample.NO_DELAY)))
                .contains(ErrorClass.POOL_TIMEOUT);
        assertThat(ErrorClass.classify(new Sample(0, 5_001, false, "503", "Service Unavailable", Sample.NO_DELAY)))
                .contains(ErrorClass.NON_2XX);
        String unavailable = Sample.failureMessage("", "{\"error\":\"database unavailable: connection refused\"}");
        assertThat(ErrorClass.classify(new Sample(0, 1, false, "502", unavailable, Sample.NO_DELAY)))
                .contains(ErrorClass.NON_2XX);
        assertThat(Sample.failureMessage("Bad Gateway", "not json")).isEqualTo("Bad Gateway");
    }

    @Test
    void aSuccessful2xxWithADelayIsGood() {
        assertThat(ErrorClass.classify(new Sample(0, 2_001, true, "200", "OK", 2_000)))
                .isEmpty();
        assertThat(ErrorClass.classify(new Sample(0, 2_001, true, "204", "", 0)))
                .isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Non HTTP response code: java.net.SocketTimeoutException | Non HTTP response message: Read timed out
            Non HTTP response code: java.net.SocketTimeoutException | Non HTTP response message: Connect timed out
            Non HTTP response code: org.apache.http.conn.ConnectTimeoutException | Non HTTP response message: Connect to localhost:8081 [localhost/127.0.0.1] failed: Connect timed out
            Non HTTP response code: java.net.http.HttpTimeoutException | Non HTTP response message: request timed out
            """)
    void timeouts(String code, String message) {
        assertThat(ErrorClass.classify(transportFailure(code, message))).contains(ErrorClass.TIMEOUT);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            Non HTTP response code: org.apache.http.conn.HttpHostConnectException | Non HTTP response message: Connect to localhost:8081 [localhost/127.0.0.1, localhost/0:0:0:0:0:0:0:1] failed: Connection refused
            Non HTTP response code: java.net.ConnectException | Non HTTP response message: Connection refused
            Non HTTP response code: java.net.SocketException | Non HTTP response message: Connection reset
            Non HTTP response code: org.apache.http.NoHttpResponseException | Non HTTP response message: localhost:8081 failed to respond
            Non HTTP response code: java.net.SocketException | Non HTTP response message: Broken pipe
            Non HTTP response code: java.net.SocketException | Non HTTP response message: Socket closed
            Non HTTP response code: org.apache.http.ConnectionClosedException | Non HTTP response message: Premature end of Content-Length delimited message body (expected: 15; received: 3)
            """)
    void connectionFailures(String code, String message) {
        assertThat(ErrorClass.classify(transportFailure(code, message))).contains(ErrorClass.CONNECTION);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            502 | Bad Gateway
            500 | Internal Server Error
            503 | Service Unavailable
            404 | Not Found
            302 | Found
            """)
    void httpStatusesOutside2xx(String code, String message) {
        Sample sample = new Sample(0, 3, false, code, message, Sample.NO_DELAY);

        assertThat(ErrorClass.classify(sample)).contains(ErrorClass.NON_2XX);
    }

    @Test
    void aNon2xxIsAnErrorEvenIfJMeterCalledItASuccess() {
        // JMeter's default treats 3xx as success; the lab wants the backend's answer, so it is not.
        assertThat(ErrorClass.classify(new Sample(0, 3, true, "302", "Found", Sample.NO_DELAY)))
                .contains(ErrorClass.NON_2XX);
    }

    @Test
    void a2xxWithoutTheDelayIsABadBody() {
        assertThat(ErrorClass.classify(new Sample(0, 3, true, "200", "OK", Sample.NO_DELAY)))
                .contains(ErrorClass.BAD_BODY);
    }

    @Test
    void a2xxThatJMeterFailedIsOther() {
        Sample failedAssertion = new Sample(0, 3, false, "200", "Test failed: code expected to equal /201/", 1_000);

        assertThat(ErrorClass.classify(failedAssertion)).contains(ErrorClass.OTHER);
    }

    @Test
    void anUnrecognisedTransportFailureIsOther() {
        Sample sample = transportFailure(
                "Non HTTP response code: java.lang.IllegalStateException",
                "Non HTTP response message: Connection pool shut down");

        assertThat(ErrorClass.classify(sample)).contains(ErrorClass.OTHER);
    }

    @Test
    void labelsAreShortForReports() {
        assertThat(ErrorClass.NON_2XX.label()).isEqualTo("non-2xx");
        assertThat(ErrorClass.TIMEOUT.label()).isEqualTo("timeout");
    }
}
