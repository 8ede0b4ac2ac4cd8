package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixtures the end-to-end tests stand on: a clash of ports there fails a run that did nothing wrong. */
class LabFixturesTests {

    @Test
    void freePortsAreDistinctAndOutsideTheRangeClientConnectionsTake() throws Exception {
        List<Integer> ports = LabFixtures.freePorts(300);

        assertThat(ports).hasSize(300).doesNotHaveDuplicates();
        int ephemeralLow = LabFixtures.ephemeralLow();
        assertThat(ports).allSatisfy(port -> assertThat(port).isLessThan(ephemeralLow));
    }
}
