package loadlab.dbtest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TestDatabaseIT {

    @Test
    void springGetsTheSameDatabaseForJdbcAndR2dbc() {
        Map<String, Object> properties = new LinkedHashMap<>();

        TestDatabase.registerProperties((name, value) -> properties.put(name, value.get()));

        int port = TestDatabase.server().port();
        assertThat(properties)
                .containsExactly(
                        Map.entry("spring.datasource.url", "jdbc:postgresql://127.0.0.1:" + port + "/loadlab"),
                        Map.entry("spring.datasource.username", "loadlab"),
                        Map.entry("spring.datasource.password", "loadlab"),
                        Map.entry("spring.r2dbc.url", "r2dbc:postgresql://127.0.0.1:" + port + "/loadlab"),
                        Map.entry("spring.r2dbc.username", "loadlab"),
                        Map.entry("spring.r2dbc.password", "loadlab"));
    }

    @Test
    void oneServerPerJvm() {
        assertThat(TestDatabase.server()).isSameAs(TestDatabase.server());
    }

    @Test
    void slowQueryHasNoDelayUnlessATestAsksForOne() throws Exception {
        try (Connection connection = connect()) {
            assertThat(slowQuery(connection)).isZero();
            try {
                TestDatabase.setDelayRange(12, 12);
                assertThat(slowQuery(connection)).isEqualTo(12);
            } finally {
                TestDatabase.resetDelayRange();
            }
            assertThat(slowQuery(connection)).isZero();
        }
    }

    @Test
    void connectionsCountsTheSessionsOfTheAppsUser() throws Exception {
        // Sessions earlier tests closed leave pg_stat_activity a moment later.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (TestDatabase.connections() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        List<Connection> open = new ArrayList<>();
        try {
            for (int i = 0; i < 3; i++) {
                open.add(connect());
            }
            assertThat(TestDatabase.connections()).isEqualTo(3);
        } finally {
            for (Connection connection : open) {
                connection.close();
            }
        }
    }

    @Test
    void aStoppedDatabaseRefusesConnectionsAndStartBringsItBackOnTheSameUrl() throws Exception {
        String url = TestDatabase.jdbcUrl();
        try {
            TestDatabase.stop();
            // Straight to the URL: TestDatabase's own getters would start it again.
            assertThatExceptionOfType(SQLException.class)
                    .isThrownBy(() -> DriverManager.getConnection(url, "loadlab", "loadlab")
                            .close())
                    .satisfies(refused -> assertThat(refused.getSQLState()).isEqualTo("08001"));
        } finally {
            TestDatabase.start();
        }
        assertThat(TestDatabase.jdbcUrl()).isEqualTo(url);
        try (Connection connection = connect()) {
            assertThat(slowQuery(connection)).isZero();
        }
    }

    @Test
    void aDatabaseLeftStoppedIsStartedForTheNextTest() throws Exception {
        TestDatabase.server().stopDatabase();

        try (Connection connection = DriverManager.getConnection(
                TestDatabase.server().jdbcUrl(), TestDatabase.username(), TestDatabase.password())) {
            assertThat(slowQuery(connection)).isZero();
        }
    }

    private static Connection connect() throws SQLException {
        return DriverManager.getConnection(TestDatabase.jdbcUrl(), TestDatabase.username(), TestDatabase.password());
    }

    private static int slowQuery(Connection connection) throws SQLException {
        try (Statement sql = connection.createStatement();
                ResultSet rows = sql.executeQuery("SELECT delay_ms FROM slow_query()")) {
            rows.next();
            return rows.getInt("delay_ms");
        }
    }
}
