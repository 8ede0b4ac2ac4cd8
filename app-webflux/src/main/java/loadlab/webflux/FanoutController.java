package loadlab.webflux;

import loadlab.workload.Fanout;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

@RestController
class FanoutController {

    private final WebClient backend;

    FanoutController(WebClient backend) {
        this.backend = backend;
    }

    // The reactive idiom: all n calls are subscribed at once (concurrency n) and no thread waits for any of them;
    // flatMapSequential keeps the bodies in call order. The first failed call fails the answer and cancels the others.
    @GetMapping(path = "/fanout", produces = MediaType.APPLICATION_JSON_VALUE)
    Mono<String> fanout(@RequestParam(name = "n", required = false) String n) {
        int count = Fanout.calls(n);
        return Flux.range(0, count)
                .flatMapSequential(i -> call(), count)
                .collectList()
                .map(Fanout::answer);
    }

    // An empty body is kept as "" (not dropped), so that it fails as an answer without delayMs.
    private Mono<String> call() {
        return backend.get().uri("/").retrieve().bodyToMono(String.class).defaultIfEmpty("");
    }
}
