package loadlab.coroutines

import kotlinx.coroutines.async
import kotlinx.coroutines.awaitAll
import kotlinx.coroutines.coroutineScope
import loadlab.workload.Fanout
import org.springframework.http.MediaType
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.reactive.function.client.WebClient
import org.springframework.web.reactive.function.client.awaitBodyOrNull

@RestController
class FanoutController(private val backend: WebClient) {

    // The coroutine idiom: n child coroutines, each suspended on its call, awaited together; no thread waits. They
    // inherit Spring's dispatcher (Unconfined: the event loop), so there is no hop to another pool. Structured
    // concurrency: the first failed call cancels its siblings and fails the answer.
    @GetMapping("/fanout", produces = [MediaType.APPLICATION_JSON_VALUE])
    suspend fun fanout(@RequestParam("n", required = false) n: String?): String {
        val count = Fanout.calls(n)
        val bodies = coroutineScope { List(count) { async { call() } }.awaitAll() }
        return Fanout.answer(bodies)
    }

    private suspend fun call(): String? = backend.get().uri("/").retrieve().awaitBodyOrNull<String>()
}
