package loadlab.coroutines

import loadlab.workload.BackendBody
import loadlab.workload.CpuWork
import org.springframework.http.MediaType
import org.springframework.web.bind.annotation.GetMapping
import org.springframework.web.bind.annotation.RequestParam
import org.springframework.web.bind.annotation.RestController
import org.springframework.web.reactive.function.client.WebClient
import org.springframework.web.reactive.function.client.awaitBodyOrNull

@RestController
class CpuController(private val backend: WebClient) {

    // The work runs in the request's coroutine, on the event-loop thread that started it (Spring's Unconfined
    // dispatcher), which can do nothing else meanwhile: that is the model under test. Do not wrap it in
    // withContext(Dispatchers.Default): that hop would be another model, a thread pool behind the event loop.
    @GetMapping("/cpu", produces = [MediaType.APPLICATION_JSON_VALUE])
    suspend fun cpu(@RequestParam("micros", required = false) micros: String?): String {
        val work = CpuWork.burn(CpuWork.micros(micros))
        val body = backend.get().uri("/").retrieve().awaitBodyOrNull<String>()
        return CpuWork.answer(BackendBody.delayMs(body), work)
    }
}
