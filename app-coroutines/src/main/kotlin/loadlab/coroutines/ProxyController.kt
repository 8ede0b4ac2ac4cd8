package loadlab.coroutines

import org.springframework.http.MediaType
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.reactive.function.client.WebClient
import org.springframework.web.reactive.function.client.awaitBodyOrNull

@RestController
class ProxyController(private val backend: WebClient) {

    // Suspends here while the backend takes its time; no thread waits. Spring resumes the coroutine on the event loop
    // (Dispatchers.Unconfined), so there is no hop to another thread pool. OrNull: an empty 200 from the backend
    // passes through as an empty 200, as in the Java apps.
    @GetMapping("/", produces = [MediaType.APPLICATION_JSON_VALUE])
    suspend fun proxy(): String? = backend.get().uri("/").retrieve().awaitBodyOrNull<String>()
}
