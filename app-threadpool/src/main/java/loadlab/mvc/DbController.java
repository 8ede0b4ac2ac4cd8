package loadlab.mvc;

import loadlab.workload.Database;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.MediaType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /db}, only when the app has a database ({@link DbConfig}); without one the path is not served. */
@RestController
@ConditionalOnProperty("spring.datasource.url")
class DbController {

    private final JdbcClient database;

    DbController(JdbcClient database) {
        this.database = database;
    }

    // Blocks the request's thread twice: first until Hikari hands it a connection (the pool's wait), then until the
    // query's sleep is over. In app-threadpool that is one of Tomcat's workers, in app-virtual a virtual thread, which
    // unmounts while it waits for either (pgjdbc 42.6+ locks with ReentrantLock, so nothing pins it).
    @GetMapping(path = "/db", produces = MediaType.APPLICATION_JSON_VALUE)
    String db() {
        int delayMs = database.sql(Database.QUERY).query(Integer.class).single();
        return Database.answer(delayMs);
    }
}
