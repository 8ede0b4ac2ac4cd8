package loadlab.webflux;

import loadlab.workload.Database;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /db}, only when the app has a database ({@link DbConfig}); without one the path is not served. */
@RestController
@ConditionalOnProperty("spring.r2dbc.url")
class DbController {

    private final DatabaseClient database;

    DbController(DatabaseClient database) {
        this.database = database;
    }

    // Returns at once; no thread waits, neither for r2dbc-pool's connection (a pending acquire, queued in the pool)
    // nor for the query's sleep. The event loop writes the answer when the row arrives.
    @GetMapping(path = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> db() {
        return database.sql(Database.QUERY)
                .map(row -> row.get(Database.COLUMN, Integer.class))
                .one()
                .map(Database::answer);
    }
}
