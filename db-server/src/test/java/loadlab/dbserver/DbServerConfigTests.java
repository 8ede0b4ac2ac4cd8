package loadlab.dbserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DbServerConfigTests {

    @Test
    void defaultsArePostgresPortOnLoopbackWithSlowServersDelay() {
        DbServerConfig config = DbServerConfig.parse();

        assertThat(config).isEqualTo(new DbServerConfig(5432, "127.0.0.1", 0, 4000, 200));
        assertThat(config.describe()).isEqualTo("max_connections 200, delay uniform 0..4000 ms");
    }

    @Test
    void everyOptionIsRead() {
        DbServerConfig config = DbServerConfig.parse(
                "--port=0", "--bind=127.0.0.2", "--min-delay-ms=50", "--max-delay-ms=150", "--max-connections=40");

        assertThat(config).isEqualTo(new DbServerConfig(0, "127.0.0.2", 50, 150, 40));
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.255.255.254", "::1"})
    void loopbackAddressesAreAccepted(String address) {
        assertThat(DbServerConfig.parse("--bind=" + address).bind()).isEqualTo(address);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', textBlock = """
            --port=-1                  |                    | --port=-1 is out of range (0..65535, 0 picks a free port)
            --port=65536               |                    | --port=65536 is out of range (0..65535, 0 picks a free port)
            --port=x                   |                    | --port=x is not a whole number
            --bind=0.0.0.0             |                    | --bind=0.0.0.0 is not a loopback address (127.0.0.0/8 or ::1): the lab stays on loopback
            --bind=10.1.2.3            |                    | --bind=10.1.2.3 is not a loopback address (127.0.0.0/8 or ::1): the lab stays on loopback
            --bind=localhost           |                    | --bind=localhost is not a loopback address (127.0.0.0/8 or ::1): the lab stays on loopback
            --bind=127.0.0.256         |                    | --bind=127.0.0.256 is not a loopback address (127.0.0.0/8 or ::1): the lab stays on loopback
            --bind=::                  |                    | --bind=:: is not a loopback address (127.0.0.0/8 or ::1): the lab stays on loopback
            --bind=                    |                    | --bind= must name a loopback address
            --min-delay-ms=200         | --max-delay-ms=100 | --min-delay-ms=200 is greater than --max-delay-ms=100
            --min-delay-ms=5000        |                    | --min-delay-ms=5000 is greater than --max-delay-ms=4000
            --max-delay-ms=-1          |                    | --max-delay-ms=-1 must not be negative
            --max-delay-ms=3600001     |                    | --max-delay-ms=3600001 is more than 3600000 (one hour)
            --max-connections=0        |                    | --max-connections=0 is out of range (1..10000)
            --max-connections=10001    |                    | --max-connections=10001 is out of range (1..10000)
            --max-connections=many     |                    | --max-connections=many is not a whole number
            --seed=1                   |                    | unknown option --seed=1 (known: --port, --bind, --min-delay-ms, --max-delay-ms, --max-connections)
            --port                     |                    | --port needs a value, written --port=<value>
            --port=1                   | --port=2           | --port is given more than once
            """)
    void badConfigurationIsOneLineNamingTheBadValue(String first, String second, String expectedMessage) {
        String[] args = second == null ? new String[] {first} : new String[] {first, second};

        assertThatIllegalArgumentException()
                .isThrownBy(() -> DbServerConfig.parse(args))
                .withMessage(expectedMessage);
    }

    @Test
    void aLineBreakSmuggledIntoAValueCannotSplitTheMessage() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> DbServerConfig.parse("--bind=127.0.0.1\ndb-server: fake"))
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains("\\n"));
    }

    @Test
    void programmaticConfigurationIsCheckedToo() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new DbServerConfig(0, "192.168.1.1", 0, 0, 10))
                .withMessageStartingWith("--bind=192.168.1.1 is not a loopback address");
    }

    @Test
    void lastMeaningfulLineIsTheBindErrorWhenThereIsOne() {
        String why = DbServer.lastMeaningfulLine(java.util.List.of(
                "2026-11-23 01:34:51.490 UTC [8379] LOG:  starting PostgreSQL 17.8",
                "2026-11-23 01:34:51.491 UTC [8379] LOG:  could not bind IPv4 address \"127.0.0.1\": Address already in use",
                "2026-11-23 01:34:51.491 UTC [8379] FATAL:  could not create any TCP/IP sockets"));

        assertThat(why).isEqualTo("LOG:  could not bind IPv4 address \"127.0.0.1\": Address already in use");
    }
}
