package loadlab.coroutines

import loadlab.workload.Database
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty
import org.springframework.http.MediaType
import org.springframework.r2dbc.core.DatabaseClient
import org.springframework.r2dbc.core.awaitOne
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RestController

/** `GET /db`, only when the app has a database ([DbConfig]); without one the path is not served. */
@RestController
@ConditionalOnProperty("spring.r2dbc.url")
class DbController(private val database: DatabaseClient) {

    // Suspends here, through Spring's coroutine extension for DatabaseClient, while r2dbc-pool finds a connection and
    // while the query sleeps; no thread waits. Resumed on the event loop (Dispatchers.Unconfined), no hop to a pool.
    @GetMapping("/db", produces = [MediaType.APPLICATION_JSON_VALUE])
    suspend fun db(): String {
        val delayMs = database.sql(Database.QUERY)
            .map { row -> row.get(Database.COLUMN, Integer::class.java)!!.toLong() }
            .awaitOne()
        return Database.answer(delayMs)
    }
}
