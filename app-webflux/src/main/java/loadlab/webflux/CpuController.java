package loadlab.webflux;

import loadlab.workload.BackendBody;
import loadlab.workload.CpuWork;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;

@RestController
class CpuController {

    private final WebClient backend;

    CpuController(WebClient backend) {
        this.backend = backend;
    }

    // The work runs right here, on the event-loop thread that serves this request and many others, which can do
    // nothing else meanwhile: that is the model under test. Do not offload it (subscribeOn/publishOn a bounded-elastic
    // or parallel scheduler): that would be another model, a thread pool behind the event loop.
    @GetMapping(path = "/cpu", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> cpu(@RequestParam(name = "micros", required = false) String micros) {
        CpuWork.Result work = CpuWork.burn(CpuWork.micros(micros));
        return backend.get()
                .uri("/")
                .retrieve()
                .bodyToMono(String.class)
                .defaultIfEmpty("")
                .map(body -> CpuWork.answer(BackendBody.delayMs(body), work));
    }
}
