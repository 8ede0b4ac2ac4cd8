package loadlab.dbtest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import loadlab.testsupport.HttpCalls;
import loadlab.testsupport.HttpCalls.Reply;
import loadlab.workload.Database;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code GET /db}, the same in every app whatever its model: one query to the lab's PostgreSQL through the app's pool,
 * answered {@code {"delayMs":N}} with the delay the database slept; a stopped database is a {@code 502}, a pool with no
 * free connection within the acquire timeout a {@code 503}, and the pool never holds more than its size. Black-box,
 * against the one db-server of the test JVM ({@link TestDatabase}). An app's {@code DbControllerIT} extends this
 * with its {@code @SpringBootTest} on a random port.
 *
 * <p>The pool's size is proven by counting what PostgreSQL itself sees ({@code pg_stat_activity}) during a held
 * burst, never by timing anything.
 */
public abstract class DbContract {

    /** Small, so that a burst of twice as many is quick; the same for every app. */
    protected static final int POOL = 3;

    /**
     * Long enough that a request queued behind one batch of short queries gets its connection, even on a host this
     * build starves: 2 s was not, with five test JVMs on two cores.
     */
    private static final Duration ACQUIRE_TIMEOUT = Duration.ofSeconds(5);

    /** A query that holds its connection past the acquire timeout of a request queued behind it. */
    private static final int HOLDING_QUERY_MS = (int) ACQUIRE_TIMEOUT.toMillis() + 2_000;

    /** Only keeps a broken app from hanging the build; no assertion depends on it. */
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        TestDatabase.registerProperties(registry);
        registry.add("db.pool-size", () -> POOL);
        registry.add("db.acquire-timeout", ACQUIRE_TIMEOUT::toString);
    }

    @LocalServerPort
    int port;

    @AfterEach
    void databaseAsItWas() {
        TestDatabase.start();
        TestDatabase.resetDelayRange();
    }

    @Test
    void answersWithTheDelayTheDatabaseSlept() {
        TestDatabase.setDelayRange(7, 7);

        Reply reply = HttpCalls.get(db());

        assertThat(reply.status()).as(reply.body()).isEqualTo(200);
        assertJson(reply);
        assertThat(reply.body()).isEqualTo("{\"delayMs\":7}");
    }

    @Test
    void aStoppedDatabaseIsA502AndTheAppServesAgainOnceItIsBack() throws InterruptedException {
        assertThat(HttpCalls.get(db()).status()).isEqualTo(200);

        TestDatabase.stop();
        Reply down = HttpCalls.get(db());
        assertThat(down.status()).as(down.body()).isEqualTo(502);
        assertJson(down);
        assertThat(down.body()).startsWith("{\"error\":\"" + Database.UNAVAILABLE + ": ");

        TestDatabase.start();
        assertThat(firstSuccessWithin(20))
                .as("the app serves again without a restart")
                .isTrue();
    }

    @Test
    void thePoolNeverHoldsMoreThanItsSizeAndEveryRequestQueuedForItIsServed() throws InterruptedException {
        TestDatabase.setDelayRange(500, 500);

        CompletableFuture<List<Reply>> burst = HttpCalls.startConcurrently(db(), 2 * POOL);
        int mostActive = 0;
        int mostConnections = 0;
        while (!burst.isDone()) {
            mostActive = Math.max(mostActive, TestDatabase.activeQueries());
            mostConnections = Math.max(mostConnections, TestDatabase.connections());
            Thread.sleep(20);
        }

        assertThat(burst.join()).hasSize(2 * POOL).extracting(Reply::status).containsOnly(200);
        assertThat(mostActive).as("queries running at once").isEqualTo(POOL);
        assertThat(mostConnections).as("connections open").isLessThanOrEqualTo(POOL);
    }

    @Test
    void aRequestThatFindsNoFreeConnectionInTimeIsA503OfItsOwn() throws InterruptedException {
        TestDatabase.setDelayRange(HOLDING_QUERY_MS, HOLDING_QUERY_MS);
        CompletableFuture<List<Reply>> holders = HttpCalls.startConcurrently(db(), POOL);
        awaitActiveQueries(POOL);

        Reply starved = HttpCalls.get(db());

        assertThat(starved.status()).as(starved.body()).isEqualTo(503);
        assertJson(starved);
        assertThat(starved.body())
                .isEqualTo("{\"error\":\"" + Database.poolTimeout(ACQUIRE_TIMEOUT) + "\"}")
                .startsWith("{\"error\":\"" + Database.POOL_TIMEOUT + ": ");
        assertThat(holders.join()).extracting(Reply::status).containsOnly(200);
        TestDatabase.resetDelayRange();
        assertThat(HttpCalls.get(db()).status()).isEqualTo(200);
    }

    private boolean firstSuccessWithin(int attempts) throws InterruptedException {
        for (int i = 0; i < attempts; i++) {
            if (HttpCalls.get(db()).status() == 200) {
                return true;
            }
            Thread.sleep(250);
        }
        return false;
    }

    private static void awaitActiveQueries(int count) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (TestDatabase.activeQueries() < count && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(TestDatabase.activeQueries()).as("queries holding the pool").isEqualTo(count);
    }

    /** {@code application/json}, with or without parameters such as a charset. */
    private static void assertJson(Reply reply) {
        String mediaType = reply.contentType().split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
        assertThat(mediaType).as("Content-Type %s", reply.contentType()).isEqualTo("application/json");
    }

    private URI db() {
        return URI.create("http://127.0.0.1:" + port + "/db");
    }
}
