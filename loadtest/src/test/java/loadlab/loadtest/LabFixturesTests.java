package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The fixtures the end-to-end tests stand on: a clash of ports there fails a run that did nothing wrong. */
class LabFixturesTests {

    @Test
    void freePortsAreDistinctAndOutsideTheRangeClientConnectionsTake() throws Exception {
        List<Integer> ports = LabFixtures.freePorts(300);

        assertThat(ports).hasSize(300).doesNotHaveDuplicates();
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        if (Files.exists(range)) {
            int ephemeralLow =
                    Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0]);
            assertThat(ports).allSatisfy(port -> assertThat(port).isLessThan(ephemeralLow));
        }
    }
}
