package loadlab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import loadlab.loadtest.measure.ErrorClass;
import loadlab.loadtest.measure.Point;
import loadlab.loadtest.measure.PoolWait;
import loadlab.loadtest.measure.RunStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The database scenario end to end at small scale, through the real jars: db-server started instead of slow-server,
 * the direct row's query from the load generator, the apps' pools read through Actuator, and nothing left behind,
 * PostgreSQL included.
 */
class DatabaseSmokeIT {

    @Test
    void everyTargetWaitsOnItsPoolAndMeetsItsCeilingWithoutErrors(@TempDir Path results) throws Exception {
        String runId = LabFixtures.newRunId("db");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // 30 users on 3 connections: every target waits for its pool, never past the acquire timeout.
        LoadLab.Run outcome = LabFixtures.run(
                runId,
                new PrintStream(log, true, StandardCharsets.UTF_8),
                LabFixtures.smallScenario(
                        results, "--scenario=db", "--apps=webflux,virtual", "--users=30", "--dbPool=3"));

        String output = log.toString(StandardCharsets.UTF_8);
        System.out.println(output);
        assertThat(outcome.results().succeeded()).as(output).isTrue();
        assertThat(output).contains("db-server up on port");
        assertThat(outcome.results().representatives())
                .extracting(row -> row.target().name())
                .containsExactly("direct", "app-webflux", "app-virtual");
        for (Point row : outcome.results().representatives()) {
            String name = row.target().name();
            RunStats stats = row.stats().orElseThrow();
            PoolWait pool = row.cost().poolWait().orElseThrow();
            assertThat(stats.requests()).as(name + " requests").isPositive();
            assertThat(stats.errors()).as(name + " errors").isZero();
            assertThat(stats.ceilingPerSecond())
                    .as(name + " ceiling: 3 connections / 100 ms")
                    .isEqualTo(30.0);
            assertThat(pool.size()).isEqualTo(3);
            assertThat(pool.maxPending())
                    .as(name + " requests waited for the pool")
                    .isPresent();
            assertThat(pool.maxPending().getAsInt()).as(name + " most waiting").isPositive();
            assertThat(pool.meanInUse().orElseThrow()).as(name + " in use").isLessThanOrEqualTo(3.0);
            assertThat(pool.client()).as(name + " client").containsAnyOf("pgjdbc 42.", "r2dbc-postgresql 1.");
        }
        assertThat(LabFixtures.row(outcome, "app-virtual")
                        .cost()
                        .jfr()
                        .orElseThrow()
                        .pinnedEvents())
                .as("pinning, reported even when there is none")
                .isPresent();
        String report = Files.readString(outcome.written().report());
        assertThat(report).contains("## Where requests wait").contains("min(users, threads, pool)");
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }

    @Test
    void aStarvedPoolFailsAsPoolTimeoutsOfTheirOwnNotAsTheUsersTimeouts(@TempDir Path results) throws Exception {
        String runId = LabFixtures.newRunId("starved");
        // 100 users on 2 connections of 0..400 ms: 10 s in line, twice the 5 s acquire timeout. The users who time out
        // line up again together, so the timeouts come in waves about 5 s apart: a window of 8 s holds one whatever
        // its phase (CI once measured a 3 s window that fell between two waves and counted none).
        LoadLab.Run outcome = LabFixtures.run(
                runId,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                LabFixtures.smallScenario(
                        results,
                        "--scenario=db",
                        "--apps=virtual",
                        "--users=100",
                        "--dbPool=2",
                        "--delayMax=400",
                        "--warmup=6s",
                        "--duration=8s"));

        RunStats virtual = LabFixtures.row(outcome, "app-virtual").stats().orElseThrow();
        assertThat(virtual.errorsByClass().get(ErrorClass.POOL_TIMEOUT)).isPositive();
        assertThat(virtual.errorsByClass().get(ErrorClass.TIMEOUT)).isZero();
        assertThat(LabFixtures.processesOf(runId)).isEmpty();
    }
}
