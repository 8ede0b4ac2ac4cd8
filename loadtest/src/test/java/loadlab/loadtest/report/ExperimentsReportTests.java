package loadlab.loadtest.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What the experiments index says a run's command changed. */
class ExperimentsReportTests {

    @Test
    void aKnobWhoseValueHasSpacesIsOneKnobQuotedAsAReaderWouldTypeIt() {
        String recorded = "make compare RESULTS=results/experiments/select"
                + " APP_JVM_FLAGS=-Xms512m\\ -Xmx512m\\ -Dreactor.netty.ioSelectCount=1 APPS=webflux SCENARIO=x";

        assertThat(ExperimentsReport.differs(recorded))
                .isEqualTo("APP_JVM_FLAGS='-Xms512m -Xmx512m -Dreactor.netty.ioSelectCount=1' APPS=webflux");
    }

    @Test
    void aRepeatChangesNothingButWhereItWrites() {
        assertThat(ExperimentsReport.differs("make compare SCENARIO=fast-backend RESULTS=results/experiments/r"))
                .isEmpty();
    }
}
